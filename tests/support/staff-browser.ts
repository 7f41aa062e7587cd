import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { PROJECT_ROOT } from "#server/project-root";
import { waitForHydration } from "./browser";
import type { StorageState } from "./browser-accounts";

/** The sample site's staff member (server/db/seed/sample-staff.ts): no password, signs in by magic link. */
export const SAMPLE_STAFF_EMAIL = "admin@example.com";
const KEPT_SESSION = path.join(PROJECT_ROOT, "tests/.tmp/sample-staff-session.json");

/**
 * Signs a person without a password in, in `page`'s context, with a magic link read from the development
 * mailbox: the new message, however many the address already has (newest first).
 */
export async function signInWithMagicLink(page: Page, email: string): Promise<void> {
  const mailbox = `/dev/mailbox?to=${encodeURIComponent(email)}`;
  const messages = page.locator("section[aria-labelledby=mailbox-messages] ol > li a");
  await page.goto(mailbox);
  const before = await messages.count();
  await page.goto("/signin");
  await waitForHydration(page);
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Email me a magic link" }).click();
  await page.getByRole("status").filter({ hasText: "Check your email" }).waitFor();
  await expect
    .poll(async () => {
      await page.goto(mailbox);
      return messages.count();
    })
    .toBeGreaterThan(before);
  await messages.first().click();
  await page.waitForURL(/\/dev\/mailbox\/\d+$/);
  const href = await page
    .locator("section[aria-labelledby=mailbox-links] a", { hasText: "/auth/confirm" })
    .first()
    .getAttribute("href");
  const link = new URL(href!);
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL(/\/dashboard$/);
}

/**
 * Signs `page`'s context in as the sample staff member and returns its state. The site sends one magic
 * link per address a minute and several test files need staff, so the first sign-in of a test run is
 * kept (tests/.tmp) and reused by the next ones while the site still accepts it.
 */
export async function signInAsSampleStaff(page: Page): Promise<StorageState> {
  if (existsSync(KEPT_SESSION)) {
    const kept = JSON.parse(readFileSync(KEPT_SESSION, "utf8")) as StorageState;
    await page.context().addCookies(kept.cookies);
    const answer = await page.request.get("/admin", { maxRedirects: 0 });
    if (answer.status() === 200) return page.context().storageState();
    await page.context().clearCookies();
  }
  await signInWithMagicLink(page, SAMPLE_STAFF_EMAIL);
  const state = await page.context().storageState();
  mkdirSync(path.dirname(KEPT_SESSION), { recursive: true });
  writeFileSync(KEPT_SESSION, JSON.stringify(state));
  return state;
}
