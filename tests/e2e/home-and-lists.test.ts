import { describe, expect, it } from "vitest";
import { connectBrowser, expectCleanConsole, expectNoAxeViolations, waitForHydration } from "#tests/support/browser";

const { openPage, siteUrl } = connectBrowser();

const sectionTitles = (page: Awaited<ReturnType<typeof openPage>>, section: string) =>
  page.locator(`section[aria-labelledby=${section}-title] h3`).allTextContents();

describe("the home page's sections", () => {
  it("come in the spec's order with real data", async () => {
    const page = await openPage();
    await page.goto("/");
    await waitForHydration(page);
    const headings = await page.locator("main h2").allTextContents();
    expect(headings).toEqual([
      "What are you into?",
      "Events Under $30",
      "Browse by Category",
      "Featured Events",
      "AI-Powered Tools",
      "Upcoming Events",
      "Events Around You",
      "Major Events",
      "Be part of the DMV's event community",
    ]);
    // Stats are counts from the database: at least the 34 upcoming sample events and the 20 sample people
    // (other journeys publish events and sign people up on the same site), the same figures the stats API
    // gives, and as many upcoming events as a search for all of them finds.
    const strip = page.getByRole("region", { name: "DMV Events right now" });
    const shown = (await strip.locator("dd").allTextContents()).map(Number);
    const { data } = (await (await page.request.get(`${siteUrl}/api/v1/stats`)).json()) as {
      data: { upcomingEvents: number; registeredPeople: number; organizers: number };
    };
    const { total } = (await (await page.request.get(`${siteUrl}/api/v1/events?limit=1`)).json()) as { total: number };
    expect(shown[0]).toBeGreaterThanOrEqual(34);
    expect(shown[0]).toBe(total);
    expect(shown[1]).toBeGreaterThanOrEqual(20);
    expect(shown).toEqual([data.upcomingEvents, data.registeredPeople, data.organizers]);
    expect(await sectionTitles(page, "affordable")).toHaveLength(4);
    expect(await sectionTitles(page, "featured")).toHaveLength(4);
    expect(await sectionTitles(page, "around")).toHaveLength(4);
    expect(await sectionTitles(page, "major")).toEqual([
      "Capital Sounds Festival at Merriweather",
      "Capital Tech Forward Conference",
      "Go-Go Legends Live at Capital One Arena",
    ]);
    // The AI tools: the planner and the budget lead to /event-planning, the matchmaker to its page.
    expect(await sectionTitles(page, "ai-tools")).toEqual([
      "AI Event Planner",
      "AI Budgeting Tool",
      "Event Matchmaker",
    ]);
    await expect(page.getByRole("link", { name: /^Open ?: Event Matchmaker$/ }).getAttribute("href")).resolves.toBe(
      "/event-matchmaker",
    );
    const tiles = page.locator("section[aria-labelledby=categories-title] ul a");
    expect(await tiles.count()).toBe(8);
    await expect(tiles.first().getAttribute("href")).resolves.toMatch(/^\/categories\?category=\d+$/);
    expectCleanConsole(page);
  });

  it("searches from the hero, which goes to /events with the words", async () => {
    const page = await openPage();
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("searchbox", { name: "Search events" }).fill("yoga");
    await page.getByRole("searchbox", { name: "Search events" }).press("Enter");
    await page.waitForURL(`${siteUrl}/events?q=yoga`);
    await expect
      .poll(() => page.locator("section[aria-labelledby=results-heading] h3").allTextContents())
      .toContain("Sunrise Yoga on the Lawn at Wolf Trap");
  });

  it("shows 8 interests, all 24 on request, and invites visitors to sign up to save them", async () => {
    const page = await openPage();
    await page.goto("/");
    await waitForHydration(page);
    const interests = page.locator("section[aria-labelledby=interests-title] ul li");
    expect(await interests.count()).toBe(8);
    await page.getByRole("button", { name: "View more interests" }).click();
    expect(await interests.count()).toBe(24);
    await page.getByRole("button", { name: "View less" }).click();
    expect(await interests.count()).toBe(8);
    const section = page.locator("section[aria-labelledby=interests-title]");
    await expect(section.getByRole("link", { name: "Sign Up" }).getAttribute("href")).resolves.toBe("/signup");
  });

  it("finds the events around the visitor once they share their location", async () => {
    const page = await openPage({
      geolocation: { latitude: 39.2091, longitude: -76.8631 },
      permissions: ["geolocation"],
    });
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Use my location" }).click();
    await expect
      .poll(() => sectionTitles(page, "around").then((titles) => titles[0]))
      .toBe("Capital Sounds Festival at Merriweather");
    await expect(page.getByText("Nearest to you.").isVisible()).resolves.toBe(true);
  });

  it("keeps the hero video still when the visitor prefers reduced motion", async () => {
    const page = await openPage({ reducedMotion: "reduce" });
    await page.goto("/");
    await waitForHydration(page);
    expect(
      await page
        .locator("video")
        .first()
        .evaluate((video: HTMLVideoElement) => video.paused),
    ).toBe(true);
  });

  it("has no accessibility violations in light and dark theme and in Arabic", async () => {
    for (const [colorScheme, path] of [
      ["light", "/"],
      ["dark", "/"],
      ["light", "/?lang=ar"],
    ] as const) {
      const page = await openPage({ colorScheme });
      await page.goto(path);
      await waitForHydration(page);
      await expectNoAxeViolations(page);
    }
  });
});

describe("featured, VIP and category pages", () => {
  it("list featured events, with the language filter and sort of the event list", async () => {
    const page = await openPage();
    await page.goto("/events/featured");
    await waitForHydration(page);
    const titles = () => page.locator("main li h3").allTextContents();
    const all = await titles();
    expect(all.length).toBeGreaterThanOrEqual(4);
    const main = page.locator("main");
    await main.getByLabel("Language").selectOption("fr");
    expect(await titles()).toEqual(["Défilé Afro-Paris : la mode francophone à The Anthem"]);
    await main.getByLabel("Language").selectOption("");
    await main.getByLabel("Sort by").selectOption("title");
    const sorted = await titles();
    expect(sorted).toEqual([...all].sort(new Intl.Collator("en").compare));
  });

  it("list VIP events by the spec's rule", async () => {
    const page = await openPage();
    await page.goto("/vip-events");
    const titles = await page.locator("main li h3").allTextContents();
    expect(titles).toEqual(
      expect.arrayContaining([
        "Starlight VIP Gala for Youth Arts",
        "Elite Youth Basketball Showcase",
        "Exclusive Founders Roundtable: Scaling in the DMV",
      ]),
    );
  });

  it("ask for a category first, then show its events, and answer 404 for an unknown one", async () => {
    const page = await openPage();
    await page.goto("/categories");
    await expect(page.locator("main p", { hasText: "Select a category to view events" }).isVisible()).resolves.toBe(
      true,
    );
    expect(await page.locator("section[aria-labelledby=all-categories] a").count()).toBe(15);
    await page.locator("section[aria-labelledby=all-categories] a", { hasText: "Music" }).click();
    await page.waitForURL(/category=\d+/);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Music");
    await expect
      .poll(() => page.locator("section[aria-labelledby=category-events] h3").allTextContents())
      .toContain("Jazz Nights at the Wharf");
    expect((await page.goto("/categories?category=9999"))?.status()).toBe(404);
  });

  it("have no accessibility violations in light and dark theme and in Arabic", async () => {
    for (const [colorScheme, path] of [
      ["light", "/events/featured"],
      ["dark", "/vip-events"],
      ["dark", "/categories?category=1&lang=ar"],
      ["light", "/categories"],
    ] as const) {
      const page = await openPage({ colorScheme });
      await page.goto(path);
      await waitForHydration(page);
      await expectNoAxeViolations(page);
    }
  });
});
