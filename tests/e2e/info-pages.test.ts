import { describe, expect, it } from "vitest";
import { connectBrowser, expectCleanConsole, expectNoAxeViolations, waitForHydration } from "#tests/support/browser";

const { openPage, siteUrl } = connectBrowser();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/** Every kind of informational page issue 18 brings, one of each where a family has many. */
const PAGES = [
  "/terms",
  "/community-guidelines",
  "/resources",
  "/resources/running-check-in",
  "/event-types",
  "/event-types/festival",
  "/sitemap",
];

function jsonLdType(text: string | null): string {
  return (JSON.parse(text ?? "") as { "@type": string })["@type"];
}

describe("the informational pages", () => {
  it("lead from the footer through the terms' contents, the guides and the event types to real events", async () => {
    const page = await openPage({ viewport: DESKTOP });
    const answer = await page.goto("/terms");
    expect(answer?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page.title()).resolves.toBe("Terms of Service | DMV Events");
    expect(jsonLdType(await page.locator('script[type="application/ld+json"]').textContent())).toBe("WebPage");

    // The contents lead to each section's anchor.
    await page
      .getByRole("navigation", { name: "On this page" })
      .getByRole("link", { name: "Refunds and cancellations" })
      .click();
    await page.waitForURL(`${siteUrl}/terms#refunds-and-cancellations`);
    await expect(
      page.getByRole("heading", { level: 2, name: "Refunds and cancellations" }).evaluate((heading) => {
        const top = heading.getBoundingClientRect().top;
        return top >= 64 && top < window.innerHeight / 2;
      }),
    ).resolves.toBe(true);

    // The footer's Resources, then a guide: an Article whose tools are the site's own pages.
    await page.getByRole("contentinfo").getByRole("link", { name: "Resources" }).click();
    await page.waitForURL(`${siteUrl}/resources`);
    await page.getByRole("link", { name: "Running check-in" }).click();
    await page.waitForURL(`${siteUrl}/resources/running-check-in`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Running check-in");
    await expect.poll(() => page.title()).toBe("Running check-in | DMV Events");
    await expect(page.getByRole("region", { name: "Checklist" }).getByRole("listitem").count()).resolves.toBe(6);

    // The event types, from the footer: a guide with upcoming events of its categories.
    await page.getByRole("contentinfo").getByRole("link", { name: "Event Types" }).click();
    await page.waitForURL(`${siteUrl}/event-types`);
    await page.getByRole("link", { name: "Concert", exact: true }).click();
    await page.waitForURL(`${siteUrl}/event-types/concert`);
    await expect.poll(() => page.title()).toBe("Concert: planning guide | DMV Events");
    const upcoming = page.getByRole("region", { name: "Coming up in these categories" });
    await expect(upcoming.getByRole("link").first().getAttribute("href")).resolves.toMatch(/^\/events\/\d+$/);
    await upcoming.getByRole("link", { name: "All Music events" }).click();
    await page.waitForURL(`${siteUrl}/events?category=music`);
    expectCleanConsole(page);

    // Unknown guides and types are the site's not-found page.
    for (const path of ["/resources/nope", "/event-types/rodeo"]) {
      const missing = await page.request.get(path);
      expect(missing.status(), path).toBe(404);
      expect(await missing.text(), path).toContain("Page not found");
    }
  });

  it.each([
    ["en", "light", DESKTOP],
    ["ar", "dark", PHONE],
  ] as const)(
    "have no axe violations in %s, %s theme, at %o, and nothing wider than the screen",
    async (language, colorScheme, viewport) => {
      const page = await openPage({ colorScheme, viewport });
      for (const path of PAGES) {
        const answer = await page.goto(`${path}?lang=${language}`);
        expect(answer?.status(), path).toBe(200);
        await waitForHydration(page);
        expect(await page.evaluate(() => document.documentElement.dir), path).toBe(language === "ar" ? "rtl" : "ltr");
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(
          viewport.width,
        );
        await expectNoAxeViolations(page);
      }
      expectCleanConsole(page);
    },
  );
});
