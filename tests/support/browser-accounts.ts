import { randomUUID } from "node:crypto";
import type { BrowserContextOptions, Page } from "playwright-core";
import { expect } from "vitest";
import { waitForHydration } from "./browser";

export type StorageState = Exclude<BrowserContextOptions["storageState"], string | undefined>;

export interface BrowserAccount {
  name: string;
  email: string;
  password: string;
  /** The signed-in browser state (session cookie), to open pages as this person. */
  storageState: StorageState;
}

/** A fresh address for `name`'s first name, unique per call. */
export function newAddress(name: string): string {
  return `${name.split(" ")[0]!.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
}

/** The newest e-mail's link to `/auth/confirm` for `email` in the development mailbox, as a path. */
export async function confirmationLinkFromMailbox(page: Page, email: string): Promise<string> {
  const messages = page.locator("section[aria-labelledby=mailbox-messages] ol > li a");
  await expect
    .poll(async () => {
      await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
      return messages.count();
    })
    .toBe(1);
  await messages.first().click();
  await page.waitForURL(/\/dev\/mailbox\/\d+$/);
  const href = await page
    .locator("section[aria-labelledby=mailbox-links] a", { hasText: "/auth/confirm" })
    .first()
    .getAttribute("href");
  const url = new URL(href!);
  return `${url.pathname}${url.search}`;
}

/**
 * Signs a new person up through the site's form and confirms the address from the development mailbox,
 * in `page` (whose context is then signed in, on the dashboard). Every journey that needs a signed-in
 * person starts here, as a real visitor would.
 */
export async function signUpInBrowser(
  page: Page,
  name: string,
  email: string = newAddress(name),
): Promise<BrowserAccount> {
  const password = `Tibeb-${randomUUID().slice(0, 6)}-71`;
  await page.goto("/signup");
  await waitForHydration(page);
  await page.getByLabel("Full name").fill(name);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(/\/signup-success$/);
  await page.goto(await confirmationLinkFromMailbox(page, email));
  // The link's page only asks; its button uses the link.
  await page.getByRole("button", { name: "Confirm my account", exact: true }).click();
  await page.waitForURL(/\/dashboard$/);
  return { name, email, password, storageState: await page.context().storageState() };
}
