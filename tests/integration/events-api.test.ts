import { describe, expect, it } from "vitest";
import { testDatabaseKind } from "#tests/support/test-database";
import { setUpSeededApp } from "#tests/support/seeded-app";

const seeded = setUpSeededApp();

describe(`GET /api/v1/events on the ${testDatabaseKind()} database`, () => {
  it("lists upcoming published events a page at a time, with what a card needs", async () => {
    const response = await seeded.app.request("/api/v1/events?limit=20");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("public");
    const body = await response.json();
    // 34 upcoming events: counted exactly (past 1,000 the total would be a lower bound).
    expect(body).toMatchObject({ page: 1, pageSize: 20, total: 34, totalIsLowerBound: false });
    expect(body.data).toHaveLength(20);
    expect(body.data[0]).toMatchObject({
      id: expect.any(Number),
      url: expect.stringMatching(/^\/events\/\d+$/),
      title: expect.any(String),
      startsAt: expect.stringMatching(/Z$/),
      timeZone: "America/New_York",
      venue: { name: expect.any(String), city: expect.any(String) },
      price: expect.objectContaining({ kind: expect.any(String) }),
      image: { alt: expect.any(String), sources: expect.arrayContaining([expect.objectContaining({ width: 480 })]) },
    });
  });

  it("searches and filters with the same parameters as the /events page", async () => {
    const jazz = await (await seeded.app.request("/api/v1/events?q=jaz%20nigts")).json();
    expect(jazz.data.map((event: { title: string }) => event.title)).toContain("Jazz Nights at the Wharf");
    const free = await (await seeded.app.request("/api/v1/events?price=free&limit=100")).json();
    expect(free.data.every((event: { isFree: boolean }) => event.isFree)).toBe(true);
    const arabic = await (await seeded.app.request(`/api/v1/events?q=${encodeURIComponent("المازة")}`)).json();
    expect(arabic.data[0].title).toBe("ليلة المازة الشامية في يونيون ماركت");
  });

  it("answers 304 Not Modified when the client's copy is current", async () => {
    const first = await seeded.app.request("/api/v1/events?category=music");
    const etag = first.headers.get("etag");
    expect(etag).toBeTruthy();
    const again = await seeded.app.request("/api/v1/events?category=music", { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
  });

  it("rejects bad parameters with 400 in the one error shape, naming each bad field", async () => {
    const cases: [string, string][] = [
      ["limit=-1", "limit"],
      ["limit=100000", "limit"],
      ["limit=abc", "limit"],
      ["category=opera", "category"],
      [`q=${"a".repeat(10_000)}`, "q"],
      ["q=%ED%A0%80", "q"],
      ["q=%FF%FE", "q"],
      ["page=0", "page"],
      ["lat=91&lng=0", "lat"],
      ["date=custom", "from"],
      // Impossible days are refused, not rolled over into another month.
      ["date=custom&from=2026-13-45", "from"],
      ["date=custom&from=2026-12-01&to=2026-02-30", "to"],
      ["sort=nonsense", "sort"],
      ["__proto__=1", "__proto__"],
      ["constructor=x", "constructor"],
    ];
    for (const [query, field] of cases) {
      const response = await seeded.app.request(`/api/v1/events?${query}`, { headers: { "X-Request-Id": "bad-1" } });
      expect(response.status, query.slice(0, 40)).toBe(400);
      const body = await response.json();
      expect(body.error).toMatchObject({ code: "invalid", requestId: "bad-1" });
      expect(Object.keys(body.error.fields), query.slice(0, 40)).toContain(field);
    }
  });
});

describe(`GET /api/v1/events/{id} on the ${testDatabaseKind()} database`, () => {
  it("gives one event with its venue, tickets, organizer, sponsors and sanitized description", async () => {
    const response = await seeded.app.request("/api/v1/events/34");
    expect(response.status).toBe(200);
    const { data } = await response.json();
    expect(data).toMatchObject({
      id: 34,
      isSoldOut: true,
      venue: { latitude: expect.any(Number), longitude: expect.any(Number), address: expect.any(String) },
      ticketTypes: [
        { name: "General Admission", priceCents: 4500, available: 0 },
        { name: "VIP Access", priceCents: 12000, available: 0 },
      ],
    });
    expect(data.descriptionHtml).not.toMatch(/<script|onerror=|javascript:/i);
    expect(data.images).toHaveLength(3);
  });

  it("answers 404 in the error shape for unknown, malformed or out-of-range ids", async () => {
    for (const id of ["99999", "0", "abc", "1e3", "99999999999", "-1"]) {
      const response = await seeded.app.request(`/api/v1/events/${id}`);
      expect(response.status, id).toBe(404);
      expect((await response.json()).error.code).toBe("not_found");
    }
  });
});

describe(`robots.txt and the sitemap on the ${testDatabaseKind()} database`, () => {
  it("point crawlers at the sitemap and keep them out of the API", async () => {
    const robots = await (await seeded.app.request("/robots.txt")).text();
    expect(robots).toContain("Disallow: /api/");
    expect(robots).toContain("Allow: /api/docs");
    expect(robots).toContain(`Sitemap: ${seeded.config.publicUrl}/sitemap.xml`);
  });

  it("index the site's pages, sponsors, organizers and every published event, in pages", async () => {
    const site = seeded.config.publicUrl;
    const index = await (await seeded.app.request("/sitemap.xml")).text();
    expect(index).toContain("<sitemapindex");
    expect(index).toContain(`${site}/sitemaps/pages.xml`);
    expect(index).toContain(`${site}/sitemaps/events-1.xml`);
    expect(index).toContain(`${site}/sitemaps/organizers-1.xml`);
    expect(index).not.toContain("events-2.xml");

    const pages = await (await seeded.app.request("/sitemaps/pages.xml")).text();
    expect(pages).toContain(`<loc>${site}/categories?category=1</loc>`);
    expect(pages).toContain(`<loc>${site}/pricing</loc>`);
    expect(pages).toContain(`<loc>${site}/newsletter</loc>`);
    expect(pages).toContain(`<loc>${site}/sponsors</loc>`);
    expect(pages).toMatch(new RegExp(`<loc>${site}/sponsors/\\d+</loc>`));
    const events = await seeded.app.request("/sitemaps/events-1.xml");
    expect(events.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const body = await events.text();
    // Each of the 38 published events without ?lang= and in each of the four languages.
    expect(body.match(/<url>/g)).toHaveLength(38 * 5);
    expect(body).toMatch(/<loc>[^<]+\/events\/34<\/loc><lastmod>\d{4}-/);
    expect((await seeded.app.request("/sitemaps/events-2.xml")).status).toBe(404);
    expect((await seeded.app.request("/sitemaps/events-0.xml")).status).toBe(404);

    const organizers = await (await seeded.app.request("/sitemaps/organizers-1.xml")).text();
    expect(organizers).toMatch(new RegExp(`<loc>${site}/users/[0-9a-f-]{36}</loc>`));
    expect((await seeded.app.request("/sitemaps/organizers-2.xml")).status).toBe(404);
  });

  it("give every page its language versions as hreflang alternates, each listed as its own URL", async () => {
    const site = seeded.config.publicUrl;
    const body = await (await seeded.app.request("/sitemaps/events-1.xml")).text();
    expect(body).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const urls = body.match(/<url>.*?<\/url>/g)!;
    const alternates = [
      `<xhtml:link rel="alternate" hreflang="en" href="${site}/events/34?lang=en"/>`,
      `<xhtml:link rel="alternate" hreflang="fr" href="${site}/events/34?lang=fr"/>`,
      `<xhtml:link rel="alternate" hreflang="ar" href="${site}/events/34?lang=ar"/>`,
      `<xhtml:link rel="alternate" hreflang="am" href="${site}/events/34?lang=am"/>`,
      `<xhtml:link rel="alternate" hreflang="x-default" href="${site}/events/34"/>`,
    ].join("");
    for (const loc of ["", "?lang=en", "?lang=fr", "?lang=ar", "?lang=am"]) {
      const url = urls.find((candidate) => candidate.includes(`<loc>${site}/events/34${loc}</loc>`));
      expect(url, loc).toContain(alternates);
    }
    const pages = await (await seeded.app.request("/sitemaps/pages.xml")).text();
    expect(pages).toContain(
      `<xhtml:link rel="alternate" hreflang="fr" href="${site}/categories?category=1&amp;lang=fr"/>`,
    );
  });
});
