import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatLongDate } from "#app/components/info/info-page";
import { STORED_TABLES } from "#domain/stored-data";
import { signUpInBrowser } from "#tests/support/browser-accounts";
import {
  connectBrowser,
  expectCleanConsole,
  expectNoAxeViolations,
  waitForHydration,
  waitOutErrorToasts,
} from "#tests/support/browser";

const { openPage, siteUrl } = connectBrowser();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

async function updatedLine(page: Page) {
  const time = page.getByRole("main").locator("time[datetime]").first();
  return { day: (await time.getAttribute("datetime")) ?? "", text: (await time.textContent()) ?? "" };
}

describe("the privacy page", () => {
  it("lists every table with its anchors, JSON-LD and footer link, with no axe violations in English and Arabic, light and dark", async () => {
    const page = await openPage({ viewport: DESKTOP });
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await page.waitForURL(`${siteUrl}/privacy`);
    await waitForHydration(page);
    await expect(page.title()).resolves.toBe("Privacy | DMV Events");
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Your data on DMV Events");
    const tables = await page.locator("[data-table]").evaluateAll((cards) => cards.map((card) => card.dataset.table));
    expect(tables.sort()).toEqual(STORED_TABLES.map((entry) => entry.table).sort());
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "") as {
      "@type": string;
      dateModified: string;
    };
    expect(jsonLd).toMatchObject({ "@type": "WebPage", dateModified: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    // The table of contents leads to each part of the page.
    const anchors = await page
      .getByRole("navigation", { name: "On this page" })
      .locator("a")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
    expect(anchors).toHaveLength(6);
    for (const anchor of anchors) expect(await page.locator(anchor).count(), anchor).toBe(1);
    await expectNoAxeViolations(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoAxeViolations(page);
    expectCleanConsole(page);

    for (const colorScheme of ["light", "dark"] as const) {
      const phone = await openPage({ viewport: PHONE, colorScheme });
      await phone.goto("/privacy?lang=ar");
      await waitForHydration(phone);
      expect(await phone.evaluate(() => document.documentElement.dir)).toBe("rtl");
      await expect(phone.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("بياناتك على DMV Events");
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await expectNoAxeViolations(phone);
      if (colorScheme === "dark") continue;
      // "Last updated" is the line every informational page shows (UpdatedLine): the same words and date
      // format as the terms', in a <time> of the policy's day.
      const privacyUpdated = await updatedLine(phone);
      expect(privacyUpdated.day).toBe(jsonLd.dateModified);
      await phone.goto("/terms?lang=ar");
      const termsUpdated = await updatedLine(phone);
      expect(privacyUpdated.text).toBe(`آخر تحديث: ${formatLongDate(privacyUpdated.day, "ar")}`);
      expect(termsUpdated.text).toBe(`آخر تحديث: ${formatLongDate(termsUpdated.day, "ar")}`);
    }
  });
});

describe("downloading one's data and deleting the account", () => {
  it("gives a fresh account its data as a file, then deletes it after a wrong and a right password: signed out, and it cannot sign in again", async () => {
    const page = await openPage({ viewport: DESKTOP });
    const account = await signUpInBrowser(page, "Selam Tesfaye");
    await page.goto("/dashboard#account-data");
    await waitForHydration(page);
    const section = page.getByRole("region", { name: "Your data and account" });

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      section.getByRole("link", { name: "Download my data" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^dmv-events-my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const data = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
    expect(data.account).toMatchObject({ email: account.email, hasPassword: true });
    expect(data.profile).toMatchObject({ name: "Selam Tesfaye" });
    expect(data.sessions).toHaveLength(1);
    expect(JSON.stringify(data)).not.toContain(account.password);

    await section.getByRole("link", { name: "Delete my account…" }).click();
    await page.waitForURL(`${siteUrl}/dashboard/delete-account`);
    await waitForHydration(page);
    await expectNoAxeViolations(page);
    await page.getByLabel("Your password").fill("not-my-password");
    await page.getByRole("button", { name: "Delete my account permanently" }).click();
    await expect
      .poll(() => page.getByRole("alert").first().textContent())
      .toBe("That is not your password. Nothing was deleted.");
    await waitOutErrorToasts(page);

    await page.getByLabel("Your password").fill(account.password);
    await page.getByRole("button", { name: "Delete my account permanently" }).click();
    await page.waitForURL(`${siteUrl}/`);
    await expect.poll(() => page.getByText("Your account was deleted").isVisible()).toBe(true);
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" }).isVisible()).resolves.toBe(true);
    await page.goto("/dashboard");
    await page.waitForURL(/\/signin\?next=%2Fdashboard$/);

    await waitForHydration(page);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect.poll(() => page.getByRole("alert").first().textContent()).toContain("Invalid login credentials");
  });
});
