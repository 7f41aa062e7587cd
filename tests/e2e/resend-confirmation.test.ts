import type { BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newAddress } from "#tests/support/browser-accounts";
import { connectBrowser, expectNoAxeViolations, waitForHydration } from "#tests/support/browser";
import { removeDataDir, startSiteServer, type SiteServer } from "#tests/support/site-server";

const { openPage } = connectBrowser();

// A server of its own: the shared one's e-mail throttles (per client address, per hour) belong to the
// other journeys.
let site: SiteServer;
let email: string;
beforeAll(async () => {
  // An empty database starts in a few seconds; a shared CI machine can take far longer.
  site = await startSiteServer({ env: { SEED_SAMPLE_DATA: "false" }, timeoutMs: 150_000 });
  email = await unconfirmedAccount();
}, 180_000);
afterAll(async () => {
  await site?.stop();
  if (site) removeDataDir(site.dataDir);
});

const PASSWORD = "waiting-for-my-link-15";
const openSitePage = (options: BrowserContextOptions = {}) => openPage({ baseURL: site.url, ...options });

/** An account made through the auth API and never confirmed; its confirmation e-mail went out just now. */
async function unconfirmedAccount(): Promise<string> {
  const email = newAddress("Waiting");
  const response = await fetch(`${site.url}/auth/v1/signup`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Supabase-Api-Version": "2024-01-01" },
    body: JSON.stringify({ email, password: PASSWORD, data: { name: "Waiting Person" } }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return email;
}

async function signInWithPassword(page: Page, { query = "", hasScripts = true } = {}) {
  await page.goto(`/signin${query}`);
  if (hasScripts) await waitForHydration(page);
  await page.locator("#sign-in-email").fill(email);
  await page.locator("#sign-in-password").fill(PASSWORD);
  await page.locator("button[name=intent][value=password]").click();
}

const resendButton = (page: Page) => page.locator("button[name=intent][value=resend]");

describe("sending the confirmation e-mail again from the sign-in page", () => {
  it("is offered after 'Email not confirmed', works without JavaScript, and asks to wait when too soon", async () => {
    const page = await openSitePage({ javaScriptEnabled: false });
    await signInWithPassword(page, { hasScripts: false });
    await expect.poll(() => page.getByRole("alert").textContent()).toContain("Email not confirmed");
    expect(await resendButton(page).textContent()).toBe("Send the confirmation e-mail again");

    // The sign-up e-mail left a moment ago: one a minute per address, so this one must wait, and says so.
    await resendButton(page).click();
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toMatch(/you can only request this after \d+ seconds/);
    expect(await resendButton(page).count()).toBe(1);
  });

  it.each([
    ["light", ""],
    ["dark", ""],
    ["light", "?lang=ar"],
  ] as const)("has no accessibility violations in %s theme %s", async (colorScheme, query) => {
    const page = await openSitePage({ colorScheme });
    await signInWithPassword(page, { query });
    await resendButton(page).waitFor();
    if (query) {
      expect(await page.locator("html").getAttribute("dir")).toBe("rtl");
      expect(await resendButton(page).textContent()).toBe("أعد إرسال رسالة التأكيد");
    }
    await expectNoAxeViolations(page);
  });
});
