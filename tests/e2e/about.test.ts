import { describe, expect, it } from "vitest";
import { connectBrowser, expectCleanConsole, expectNoAxeViolations, waitForHydration } from "#tests/support/browser";

const { openPage, siteUrl } = connectBrowser();

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

describe("the About page", () => {
  it("is the header's current page, shows the live figures and its JSON-LD, and leads on to pages that exist", async () => {
    const page = await openPage({ viewport: DESKTOP });
    const answer = await page.goto("/about");
    expect(answer?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
      "Everything happening in the DMV, in one place",
    );
    await expect(page.title()).resolves.toBe("About us | DMV Events");
    await expect(
      page.getByRole("banner").getByRole("link", { name: "About" }).getAttribute("aria-current"),
    ).resolves.toBe("page");

    // The same counts the live stats API gives, in English number style.
    const { data: stats } = (await (await page.request.get("/api/v1/stats")).json()) as {
      data: { upcomingEvents: number; registeredPeople: number; organizers: number };
    };
    const figures = page.getByRole("region", { name: "DMV Events today" });
    const figure = (term: string) =>
      figures.locator("div", { has: page.getByText(term, { exact: true }) }).locator("dd");
    await expect(figure("Upcoming events").textContent()).resolves.toBe(stats.upcomingEvents.toLocaleString("en-US"));
    await expect(figure("Registered people").textContent()).resolves.toBe(
      stats.registeredPeople.toLocaleString("en-US"),
    );
    await expect(figure("Organizers").textContent()).resolves.toBe(stats.organizers.toLocaleString("en-US"));

    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "") as {
      "@type": string;
      mainEntity: { "@type": string };
    };
    expect(jsonLd["@type"]).toBe("AboutPage");
    expect(jsonLd.mainEntity["@type"]).toBe("Organization");
    // Without ?lang= the address is the page's own canonical one (its language follows the visitor).
    await expect(page.locator('link[rel="canonical"]').getAttribute("href")).resolves.toMatch(
      /^https?:\/\/[^/]+\/about$/,
    );

    // Every link of the page's own content answers (none leads to a page still to come).
    const links = await page
      .locator("main a[href^='/']")
      .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href")));
    for (const link of new Set(links)) expect((await page.request.get(link!)).status(), link!).toBe(200);
    await page.getByRole("link", { name: "See our pricing" }).click();
    await page.waitForURL(`${siteUrl}/pricing`);
    expectCleanConsole(page);
  });

  it.each([
    ["en", DESKTOP],
    ["ar", PHONE],
    ["en", PHONE],
    ["ar", DESKTOP],
  ] as const)(
    "has no axe violations in %s, light and dark, at %o, and nothing wider than the screen",
    async (language, viewport) => {
      for (const colorScheme of ["light", "dark"] as const) {
        const page = await openPage({ colorScheme, viewport });
        await page.goto(`/about?lang=${language}`);
        await waitForHydration(page);
        expect(await page.evaluate(() => document.documentElement.dir)).toBe(language === "ar" ? "rtl" : "ltr");
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        await expectNoAxeViolations(page);
      }
    },
  );
});
