import { describe, expect, it } from "vitest";
import { connectBrowser, expectCleanConsole, expectNoAxeViolations, waitForHydration } from "#tests/support/browser";

const { openPage, siteUrl } = connectBrowser();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/** The sample data's community (server/db/seed/sample-community.ts): reviews, follows and badges. */
describe("the community page and public profiles", () => {
  it("opens from the footer, leads from a reviewer's name to their profile and reviews, and from an organizer to their events", async () => {
    const page = await openPage({ viewport: DESKTOP });
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("contentinfo").getByRole("link", { name: "Community", exact: true }).click();
    await page.waitForURL(`${siteUrl}/community`);
    await page.getByRole("heading", { level: 1, name: "What our members are doing" }).waitFor();
    await expect(page.title()).resolves.toBe("Community | DMV Events");

    const reviews = page.getByRole("region", { name: "Recent reviews" });
    const firstReview = reviews.getByRole("listitem").first();
    const reviewer = firstReview.locator("a[href^='/users/']");
    const reviewerName = (await reviewer.textContent())!;
    const reviewedEvent = (await firstReview.locator("a[href^='/events/']").textContent())!;
    for (const section of ["Top contributors this month", "Newly earned badges", "Active organizers"]) {
      await expect(page.getByRole("region", { name: section }).isVisible(), section).resolves.toBe(true);
    }
    await expect(page.getByRole("region", { name: "How to take part" }).getByRole("link").count()).resolves.toBe(4);

    await reviewer.click();
    await page.waitForURL(/\/users\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { level: 1, name: reviewerName }).waitFor();
    const profileReviews = page.getByRole("region", { name: "Reviews" });
    await expect(profileReviews.getByRole("link", { name: reviewedEvent }).count()).resolves.toBeGreaterThan(0);
    expect(await page.content()).not.toMatch(/@example\.(com|org)/);

    await page.goBack();
    await page.getByRole("heading", { level: 1, name: "What our members are doing" }).waitFor();
    const organizer = page.getByRole("region", { name: "Active organizers" }).locator("a[href^='/users/']").first();
    const organizerName = (await organizer.textContent())!;
    await organizer.click();
    await page.waitForURL(/\/users\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { level: 1, name: organizerName }).waitFor();
    const upcoming = page.getByRole("region", { name: "Upcoming events" });
    await expect(upcoming.locator("article").count()).resolves.toBeGreaterThan(0);
    await expect(page.getByRole("region", { name: "Events they organize" }).textContent()).resolves.toMatch(
      /Reputation score \d+ of 100/,
    );
    expectCleanConsole(page);
  });

  it("have no axe violations in light and dark theme and in Arabic, on a desktop and a phone", async () => {
    const page = await openPage();
    await page.goto("/community");
    const reviewerPath = await page
      .getByRole("region", { name: "Recent reviews" })
      .locator("a[href^='/users/']")
      .first()
      .getAttribute("href");
    const organizerPath = await page
      .getByRole("region", { name: "Active organizers" })
      .locator("a[href^='/users/']")
      .first()
      .getAttribute("href");
    for (const [path, colorScheme, viewport] of [
      ["/community", "light", DESKTOP],
      ["/community", "dark", PHONE],
      ["/community?lang=ar", "light", PHONE],
      [reviewerPath!, "dark", DESKTOP],
      [`${reviewerPath}?lang=ar`, "light", PHONE],
      [organizerPath!, "light", PHONE],
      [`${organizerPath}?lang=ar`, "dark", DESKTOP],
    ] as const) {
      const visit = await openPage({ colorScheme, viewport });
      await visit.goto(path);
      await waitForHydration(visit);
      expect(await visit.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(
        viewport.width,
      );
      await expectNoAxeViolations(visit);
    }
  });
});
