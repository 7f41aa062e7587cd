import { describe, expect, it } from "vitest";
import type { StorageState } from "#tests/support/browser-accounts";
import { connectBrowser, expectCleanConsole, expectNoAxeViolations, waitForHydration } from "#tests/support/browser";
import { signInWithMagicLink } from "#tests/support/staff-browser";

const { openPage, siteUrl } = connectBrowser();

/**
 * The sample member whose bell rings (server/db/seed/sample-notifications.ts): 5 unread, with First Timer and
 * Community Supporter unseen (the seed's recompute awards the second from her ticket to a Community event).
 */
const MEMBER = "layla.mansour@example.com";
const DESKTOP = { width: 1366, height: 900 };
let signedIn: StorageState;

describe("notifications, the badge notice and the e-mail settings", () => {
  it("shows the bell's count, opens one (marked read), marks all read, dismisses the badge notice and saves a setting", async () => {
    const page = await openPage({ viewport: DESKTOP });
    await signInWithMagicLink(page, MEMBER);
    signedIn = await page.context().storageState();
    await waitForHydration(page);

    // The badge earned shows on the next page, with the dashboard's badges one link away.
    const notice = page.getByRole("complementary", {
      name: "You earned new badges: First Timer and Community Supporter",
    });
    await notice.waitFor();
    await expect(notice.getByRole("link", { name: "See your badges" }).getAttribute("href")).resolves.toBe(
      "/dashboard#badges",
    );
    const bell = page.getByRole("banner").getByRole("link", { name: /^Notifications/ });
    await expect(bell.getAttribute("aria-label")).resolves.toBe("Notifications, 5 unread");
    await expect(bell.textContent()).resolves.toBe("5");

    // Dismissed, it is gone, here and on the next page.
    await notice.getByRole("button", { name: "Dismiss" }).click();
    await notice.waitFor({ state: "detached" });
    await page.goto("/events");
    await waitForHydration(page);
    expect(await page.getByText("You earned new badges").count()).toBe(0);

    await bell.click();
    await page.waitForURL(`${siteUrl}/notifications`);
    await page.getByRole("heading", { level: 1, name: "Notifications" }).waitFor();
    const items = page.getByRole("main").getByRole("listitem");
    await expect(items.count()).resolves.toBe(6);
    await expect(page.getByText("Unread: 5").count()).resolves.toBe(1);
    // Newest first, each in words built from its kind; following one marks it read and leads to its event.
    await expect(items.first().textContent()).resolves.toMatch(/^You earned a badge: Community Supporter/);
    const published = items.nth(1).getByRole("link");
    await expect(published.textContent()).resolves.toMatch(/published a new event: .+\(Unread\)$/);
    await expect(items.nth(2).textContent()).resolves.toMatch(/^You earned a badge: First Timer/);
    await published.click();
    await page.waitForURL(/\/events\/3$/);
    // The URL changes before the event page and the header's new count are drawn: wait for the count.
    await expect.poll(() => bell.getAttribute("aria-label")).toBe("Notifications, 4 unread");

    await page.goto("/notifications");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Mark all as read" }).click();
    await page.getByText("All your notifications are marked as read.").waitFor();
    // The header's data comes back from the server a moment after the page's own.
    await expect.poll(() => bell.getAttribute("aria-label")).toBe("Notifications");
    await expect(bell.textContent()).resolves.toBe("");

    // The settings page: the digest is off until turned on; saving keeps it.
    await page.getByRole("link", { name: "E-mail settings" }).click();
    await page.waitForURL(`${siteUrl}/dashboard/settings/emails`);
    const digest = page.getByRole("switch", { name: "Weekly digest" });
    await digest.waitFor();
    await expect(digest.isChecked()).resolves.toBe(false);
    await expect(page.getByRole("switch", { name: "Badges" }).isChecked()).resolves.toBe(true);
    await expect(page.getByText("Order confirmations and receipts").count()).resolves.toBe(1);
    await digest.check();
    await page.getByRole("button", { name: "Save settings" }).click();
    await page.getByText("Your e-mail settings are saved.").waitFor();
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole("switch", { name: "Weekly digest" }).isChecked()).resolves.toBe(true);
    expectCleanConsole(page);
  });

  it.each(["en", "ar"] as const)(
    "has no axe violations on /notifications and the settings page (header with the bell included) in %s, light and dark",
    async (language) => {
      for (const colorScheme of ["light", "dark"] as const) {
        const page = await openPage({ colorScheme, viewport: DESKTOP, storageState: signedIn });
        for (const path of ["/notifications", "/dashboard/settings/emails"]) {
          await page.goto(`${path}?lang=${language}`);
          await waitForHydration(page);
          expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === "ar" ? "rtl" : "ltr");
          await expect(
            page
              .getByRole("banner")
              .getByRole("link", { name: /Notifications|الإشعارات/ })
              .count(),
          ).resolves.toBe(1);
          await expectNoAxeViolations(page);
        }
      }
    },
  );
});
