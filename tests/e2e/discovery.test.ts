import { describe, expect, it } from "vitest";
import { expectCleanConsole, expectNoAxeViolations, connectBrowser, waitForHydration } from "#tests/support/browser";

const { openPage, siteUrl } = connectBrowser();

const resultTitles = (page: Awaited<ReturnType<typeof openPage>>) =>
  page.locator("section[aria-labelledby=results-heading] h3").allTextContents();

describe("searching for events", () => {
  it("narrows results with a search and a filter, keeps them in the URL, and the back button returns", async () => {
    const page = await openPage();
    await page.goto("/events");
    await waitForHydration(page);
    // The 34 upcoming sample events, plus any that other journeys on this site have published by now.
    const { total } = (await (await page.request.get(`${siteUrl}/api/v1/events?limit=1`)).json()) as { total: number };
    expect(total).toBeGreaterThanOrEqual(34);
    await expect(page.getByRole("heading", { level: 2, name: `${total} events` }).isVisible()).resolves.toBe(true);

    await page.getByLabel("Search events").fill("capital");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL(/q=capital/);
    await expect.poll(() => resultTitles(page)).toContain("Capital Tech Forward Conference");
    const promoted = page.locator("section[aria-labelledby=results-heading] article").first();
    await expect(promoted.textContent()).resolves.toContain("Promoted");

    await page.getByLabel("Category").selectOption("music");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL(/category=music/);
    await expect
      .poll(async () => (await resultTitles(page)).sort())
      .toEqual(["Capital Sounds Festival at Merriweather", "Go-Go Legends Live at Capital One Arena"]);

    await page.goBack();
    await page.waitForURL((url) => !url.search.includes("category=music"));
    await expect.poll(() => resultTitles(page)).toContain("Capital Tech Forward Conference");
    await expect(page.getByLabel("Search events").inputValue()).resolves.toBe("capital");
    expectCleanConsole(page);
  });

  it("offers a link past the filters to the results, first thing after the header", async () => {
    const page = await openPage({ viewport: { width: 1366, height: 900 } });
    await page.goto("/events?category=music");
    await waitForHydration(page);
    const skip = page.getByRole("link", { name: "Skip to results" });
    // Reached with Tab before any filter, and shown once it has focus.
    let presses = 0;
    while (!(await skip.evaluate((link) => link === document.activeElement)) && presses < 40) {
      expect(await page.evaluate(() => document.activeElement?.closest("form") === null)).toBe(true);
      await page.keyboard.press("Tab");
      presses += 1;
    }
    expect(await skip.isVisible()).toBe(true);
    await page.keyboard.press("Enter");
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("results");
    // The next Tab goes on inside the results, not back to the filters.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest("#results") !== null)).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.closest("form") === null)).toBe(true);
    expectCleanConsole(page);
  });

  it("works before JavaScript loads: the form submits to the server and shows results", async () => {
    const page = await openPage({ javaScriptEnabled: false });
    await page.goto("/events");
    await page.getByLabel("Search events").fill("jaz nigts");
    await page.getByLabel("Price", { exact: true }).selectOption("under30");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page.waitForURL(/q=jaz\+nigts/);
    expect(await resultTitles(page)).toContain("Jazz Nights at the Wharf");
  });

  it("searches in Arabic, right to left", async () => {
    const page = await openPage();
    await page.goto("/events?lang=ar");
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
    await page.locator("#search-q").fill("المازة");
    await page.locator("#search-q").press("Enter");
    await page.waitForURL(/q=/);
    // The address changes a moment before the new results are drawn.
    await expect.poll(async () => (await resultTitles(page))[0]).toBe("ليلة المازة الشامية في يونيون ماركت");
    expect(await page.evaluate(() => document.documentElement.dir)).toBe("rtl");
  });

  it("says so when nothing matches, and explains invalid options instead of failing", async () => {
    const page = await openPage();
    await page.goto("/events?q=zzqxv");
    await expect(page.getByText("No events found").first().isVisible()).resolves.toBe(true);
    // A way out: the Event Matchmaker, for someone unsure what to look for.
    await expect(page.getByText("Not sure what to look for?").isVisible()).resolves.toBe(true);
    await page.getByRole("link", { name: "Try the Event Matchmaker" }).click();
    await page.waitForURL(/\/event-matchmaker$/);
    await page.getByRole("heading", { level: 1, name: "Event Matchmaker" }).waitFor();

    const response = await page.goto("/events?limit=-1&category=opera");
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("alert").textContent()).resolves.toContain("not valid");
  });

  it("has no accessibility violations in light and dark theme and in Arabic", async () => {
    for (const [colorScheme, path] of [
      ["light", "/events?q=jazz"],
      ["dark", "/events"],
      ["light", "/events?lang=ar&near=arlington"],
      ["dark", "/events?lang=ar&q=zzqxv"],
    ] as const) {
      const page = await openPage({ colorScheme });
      await page.goto(path);
      await waitForHydration(page);
      await expectNoAxeViolations(page);
    }
  });
});

describe("an event's page", () => {
  it("shows when and where, the description, tickets with availability, the organizer and sponsors", async () => {
    const page = await openPage();
    const response = await page.goto("/events/1");
    expect(response?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe("Jazz Nights at the Wharf");
    await expect(page.getByText("Eastern Standard Time").isVisible()).resolves.toBe(true);
    await expect(page.getByRole("link", { name: "Get directions" }).getAttribute("href")).resolves.toContain(
      "destination=38.8797,-77.0261",
    );
    const tickets = page.locator("#tickets li");
    expect(await tickets.count()).toBeGreaterThan(0);
    await expect(tickets.first().textContent()).resolves.toMatch(/\$\d+\.\d{2}.*left/);
    await expect(page.getByRole("link", { name: "View organizer profile" }).getAttribute("href")).resolves.toMatch(
      /^\/users\//,
    );
    await page.getByRole("link", { name: "Get tickets", exact: true }).click();
    await expect.poll(() => page.evaluate(() => window.location.hash)).toBe("#tickets");
    expectCleanConsole(page);
  });

  it("gives each language its own canonical page, and searches their own tags and the site's picture", async () => {
    const event = await (await fetch(`${siteUrl}/events/34?lang=fr`)).text();
    expect(event).toMatch(/<link rel="canonical" href="[^"]+\/events\/34\?lang=fr"/);
    expect(event).toMatch(/<link rel="alternate" hrefLang="x-default" href="[^"]+\/events\/34"/i);
    expect(event).toContain('<meta property="og:locale" content="fr_FR"/>');

    const search = await (await fetch(`${siteUrl}/events?category=music&lang=ar`)).text();
    expect(search).toMatch(/<link rel="canonical" href="[^"]+\/events\?category=music&amp;lang=ar"/);
    for (const language of ["en", "fr", "ar", "am"]) {
      expect(search).toMatch(
        new RegExp(
          `<link rel="alternate" hrefLang="${language}" href="[^"]+/events\\?category=music&amp;lang=${language}"`,
          "i",
        ),
      );
    }
    expect(search).toContain('<meta property="og:locale" content="ar_AR"/>');
    expect(search).toMatch(/<meta name="twitter:card" content="summary_large_image"\/>/);
    const picture = search.match(/<meta property="og:image" content="([^"]+\/social-card\.png)"/)![1]!;
    const image = await fetch(picture.replace(/^https?:\/\/[^/]+/, siteUrl));
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
  });

  it("tells search engines what the event is: canonical URL, Open Graph and schema.org Event data", async () => {
    const html = await (await fetch(`${siteUrl}/events/34`)).text();
    expect(html).toMatch(/<link rel="canonical" href="[^"]+\/events\/34"/);
    expect(html).toMatch(/<meta property="og:image" content="[^"]+\/uploads\/sample\/event\/[^"]+-1440\.webp"/);
    expect(html).toMatch(/<link rel="alternate" hrefLang="ar" href="[^"]+\/events\/34\?lang=ar"/i);
    const jsonLd = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)![1]!);
    expect(jsonLd).toMatchObject({
      "@type": "Event",
      // On the event's own clocks, with their offset (Washington: -05:00 in winter, -04:00 in summer).
      startDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00-0[45]:00$/),
      performer: { "@type": "Person", name: expect.any(String) },
      location: { "@type": "Place", address: { addressRegion: expect.any(String) } },
      offers: [
        { price: "45.00", priceCurrency: "USD", availability: "https://schema.org/SoldOut" },
        { price: "120.00", priceCurrency: "USD", availability: "https://schema.org/SoldOut" },
      ],
    });
  });

  it("marks sold-out and past events and offers no tickets for them", async () => {
    const page = await openPage();
    await page.goto("/events/34");
    await expect(page.locator("#tickets").textContent()).resolves.toContain("Sold out");
    expect(await page.getByRole("link", { name: "Get tickets", exact: true }).count()).toBe(0);

    await page.goto("/events/16");
    await expect(page.getByText("This event has ended.").isVisible()).resolves.toBe(true);
    expect(await page.getByRole("link", { name: "Get tickets", exact: true }).count()).toBe(0);
    // Its ticket types keep their names and prices, but no counts left and nothing to pick or buy.
    const pastTickets = page.locator("#tickets");
    expect(await pastTickets.locator("li").count()).toBeGreaterThan(0);
    expect(await pastTickets.textContent()).toMatch(/\$\d+\.\d{2}|Free/);
    expect(await pastTickets.textContent()).not.toMatch(/left|Sold out|Sales have closed/);
    expect(await pastTickets.locator("select, button").count()).toBe(0);
  });

  it("offers the event as a calendar file and copies its link", async () => {
    const calendar = await fetch(`${siteUrl}/events/1/calendar.ics`);
    expect(calendar.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(await calendar.text()).toMatch(/BEGIN:VEVENT[\s\S]*SUMMARY:Jazz Nights at the Wharf[\s\S]*END:VEVENT/);

    const page = await openPage({ permissions: ["clipboard-read", "clipboard-write"] });
    await page.goto("/events/1");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Copy link" }).click();
    await page.getByText("Link copied").first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${siteUrl}/events/1`);
  });

  it("answers 404 for events that do not exist", async () => {
    const page = await openPage();
    for (const path of ["/events/99999", "/events/abc", "/events/1/calendar.ics/x"]) {
      expect((await page.goto(path))?.status(), path).toBe(404);
    }
    // An unknown event's calendar file is the same not-found page, not a JSON null.
    for (const path of ["/events/99999/calendar.ics", "/events/abc/calendar.ics"]) {
      const response = await fetch(`${siteUrl}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("content-type"), path).toMatch(/^text\/html/);
      expect(await response.text(), path).toContain("<h1");
    }
  });

  it("has no accessibility violations in light and dark theme and in Arabic", async () => {
    for (const [colorScheme, path] of [
      ["light", "/events/1"],
      ["dark", "/events/36"],
      ["dark", "/events/6?lang=ar"],
    ] as const) {
      const page = await openPage({ colorScheme });
      await page.goto(path);
      await waitForHydration(page);
      await expectNoAxeViolations(page);
    }
  });
});
