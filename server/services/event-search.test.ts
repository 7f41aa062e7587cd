import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAffordable, isFree, isVip } from "#domain/event";
import {
  distanceMiles,
  eventSearchSchema,
  parseEventSearch,
  PLACES,
  type EventSearchInput,
} from "#domain/event-search";
import type { DatabaseHandle } from "#server/db/client";
import { seedSampleData } from "#server/db/seed/seed";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { searchEvents } from "./event-search";

// A Sunday afternoon in Washington; the sample data is placed relative to it.
const now = new Date("2026-11-22T19:00:00Z");
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
  await seedSampleData(handle.db, { now });
});
afterAll(() => handle?.close());

async function search(input: EventSearchInput) {
  return searchEvents(handle.db, eventSearchSchema.parse(input), now);
}
async function titles(input: EventSearchInput) {
  return (await search({ limit: "100", ...input })).events.map((event) => event.title);
}

describe(`searching events on the ${testDatabaseKind()} database`, () => {
  it("finds events by a word of the title, the venue, the city, the category or the organizer", async () => {
    expect(await titles({ q: "jazz" })).toContain("Jazz Nights at the Wharf");
    expect(await titles({ q: "anthem" })).toEqual(expect.arrayContaining(["Jazz Nights at the Wharf"]));
    expect(await titles({ q: "vienna" })).toContain("Sunrise Yoga on the Lawn at Wolf Trap");
    expect(await titles({ q: "wellness" })).toContain("Mindful Mornings: Sound Bath & Meditation at Strathmore");
    expect(await titles({ q: "Youssef Haddad" })).toContain("ليلة المازة الشامية في يونيون ماركت");
  });

  it("tolerates typos and ignores accents and case", async () => {
    expect(await titles({ q: "jaz nigts" })).toContain("Jazz Nights at the Wharf");
    expect(await titles({ q: "SOIREE" })).toContain("Soirée jazz manouche à Silver Spring");
    expect(await titles({ q: "degustation" })).toContain(
      "Dégustation vins et fromages : tour de France à Union Market",
    );
  });

  it("works in Arabic and Amharic script", async () => {
    expect((await titles({ q: "المازة" }))[0]).toBe("ليلة المازة الشامية في يونيون ماركت");
    expect((await titles({ q: "ምርመራ" }))[0]).toBe("የማህበረሰብ የቡና ሥነ-ሥርዓት እና የጤና ምርመራ ቀን");
    // Amharic joins "of" to the next word: "የቡና" (of coffee) is found as written.
    expect(await titles({ q: "የቡና" })).toContain("የማህበረሰብ የቡና ሥነ-ሥርዓት እና የጤና ምርመራ ቀን");
    expect(await titles({ q: "ዲሴምበር-የማይገኝ-ቃል" })).toEqual([]);
  });

  it("ranks the best match first when searching", async () => {
    expect((await titles({ q: "rocket workshop" }))[0]).toBe("STEM Lab: Build-a-Rocket Workshop");
  });

  it("finds nothing, without failing, for text that matches nothing or is only punctuation", async () => {
    expect(await search({ q: "zzqxv unheard-of" })).toMatchObject({ events: [], total: 0 });
    expect((await search({ q: "!!! ((( ''' :*" })).total).toBeGreaterThanOrEqual(0);
  });

  it("hides past events unless asked, and shows them when asked", async () => {
    const upcoming = await search({ limit: "100" });
    expect(upcoming.events.every((event) => event.endsAt > now)).toBe(true);
    expect(upcoming.total).toBe(34);
    const all = await search({ limit: "100", past: "1" });
    expect(all.total).toBe(38);
    expect(await titles({ q: "runway", past: "1" })).toEqual(["DMV Designers Spring Runway"]);
  });

  it("filters by category, language, VIP, featured and price exactly as the event rules say", async () => {
    const music = await search({ category: "music", limit: "100" });
    expect(music.events.every((event) => event.category.key === "music")).toBe(true);
    expect(music.total).toBeGreaterThan(3);

    const french = await search({ language: "fr", limit: "100" });
    expect(french.events.map((event) => event.language)).toEqual(french.events.map(() => "fr"));

    const all = (await search({ limit: "100" })).events;
    const vip = await search({ vip: "1", limit: "100" });
    expect(vip.events.map((event) => event.id).sort()).toEqual(
      all
        .filter(isVip)
        .map((event) => event.id)
        .sort(),
    );
    expect(vip.events.map((event) => event.id)).toContain(36);

    const free = await search({ price: "free", limit: "100" });
    expect(free.events.map((event) => event.id).sort()).toEqual(
      all
        .filter(isFree)
        .map((event) => event.id)
        .sort(),
    );
    const affordable = await search({ price: "under30", limit: "100" });
    expect(affordable.events.map((event) => event.id).sort()).toEqual(
      all
        .filter(isAffordable)
        .map((event) => event.id)
        .sort(),
    );
    const upToFifteen = await search({ maxPrice: "15", limit: "100" });
    expect(upToFifteen.events.every((event) => event.ticketTypes.some((ticket) => ticket.priceCents <= 1500))).toBe(
      true,
    );

    const featured = await search({ featured: "1", limit: "100" });
    expect(featured.events.every((event) => event.isFeatured || event.id === 5)).toBe(true);
  });

  it("filters by date: today, this weekend, this week, this month and a custom range", async () => {
    // Sunday: 'today' and 'this weekend' both end at midnight; 'this week' too.
    const today = await search({ date: "today", limit: "100" });
    expect(today.events.every((event) => event.startsAt < new Date("2026-11-23T05:00:00Z"))).toBe(true);
    const week = await search({ date: "week", limit: "100" });
    expect(week.events.every((event) => event.startsAt < new Date("2026-11-23T05:00:00Z"))).toBe(true);
    const month = await search({ date: "month", limit: "100" });
    expect(month.events.every((event) => event.startsAt < new Date("2026-12-01T05:00:00Z"))).toBe(true);
    expect(month.total).toBeGreaterThan(today.total);

    const custom = await search({ date: "custom", from: "2026-12-01", to: "2026-12-10", limit: "100" });
    expect(custom.total).toBeGreaterThan(0);
    for (const event of custom.events) {
      expect(event.endsAt > new Date("2026-12-01T05:00:00Z")).toBe(true);
      expect(event.startsAt < new Date("2026-12-11T05:00:00Z")).toBe(true);
    }
  });

  it("finds events near a place within a radius, nearest first", async () => {
    const near = await search({ near: "bethesda", radius: "8", sort: "distance", limit: "100" });
    expect(near.total).toBeGreaterThan(0);
    const distances = near.events.map((event) => event.distanceMiles!);
    expect(distances.every((distance) => distance <= 8)).toBe(true);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(near.events.map((event) => event.title)).toContain(
      "Mindful Mornings: Sound Bath & Meditation at Strathmore",
    );
    // The database's distance agrees with the domain's.
    expect(distances[0]).toBeCloseTo(distanceMiles(PLACES.bethesda, { latitude: 39.0294, longitude: -77.1044 }), 0);

    const fromBrowser = await search({ lat: "39.2091", lng: "-76.8631", radius: "2", limit: "100" });
    expect(fromBrowser.events.every((event) => event.distanceMiles! <= 2)).toBe(true);
    expect(fromBrowser.events.map((event) => event.title)).toContain("Capital Sounds Festival at Merriweather");
  });

  it("puts events promoted in search first, with their label, unless the visitor picks a sort", async () => {
    const results = await search({ q: "capital" });
    expect(results.events[0]).toMatchObject({ id: 7, isPromoted: true });
    expect(results.events.slice(1).every((event) => !event.isPromoted)).toBe(true);
    const byTitle = await titles({ q: "capital", sort: "title" });
    expect(byTitle).toEqual([...byTitle].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
  });

  it("sorts by date either way and alphabetically, and pages through every result once", async () => {
    const soonest = (await search({ sort: "date", limit: "100" })).events.map((event) => event.startsAt.getTime());
    expect(soonest).toEqual([...soonest].sort((a, b) => a - b));
    const latest = (await search({ sort: "date_desc", limit: "100" })).events.map((event) => event.startsAt.getTime());
    expect(latest).toEqual([...soonest].reverse());

    const pages = await Promise.all(
      [1, 2, 3, 4].map((page) => search({ sort: "date", limit: "10", page: String(page) })),
    );
    expect(pages.map((page) => page.total)).toEqual([34, 34, 34, 34]);
    const ids = pages.flatMap((page) => page.events.map((event) => event.id));
    expect(ids).toHaveLength(34);
    expect(new Set(ids).size).toBe(34);
    expect(await search({ page: "9", limit: "10" })).toMatchObject({ events: [], total: 34 });
  });
});

describe("search input", () => {
  it("rejects what cannot be a search, with the field named", () => {
    const problems = (input: Record<string, string>) =>
      eventSearchSchema.safeParse(input).error?.issues.map((issue) => issue.path.join("."));
    expect(problems({ limit: "-1" })).toEqual(["limit"]);
    expect(problems({ limit: "100000" })).toEqual(["limit"]);
    expect(problems({ category: "opera" })).toEqual(["category"]);
    expect(problems({ q: "a".repeat(10_000) })).toEqual(["q"]);
    expect(problems({ q: "broken \uD800 text" })).toEqual(["q"]);
    expect(problems({ date: "custom" })).toEqual(["from"]);
    expect(problems({ from: "2026-12-10", to: "2026-12-01" })).toEqual(["to"]);
    expect(problems({ lat: "38.9" })).toEqual(["lat"]);
    expect(problems({ sort: "relevance" })).toEqual(["sort"]);
    expect(problems({ unknown: "x" })).toEqual([""]);
  });

  it("treats empty form fields as not set", () => {
    expect(eventSearchSchema.parse({ q: "", category: "", page: "" })).toEqual({});
  });
});

describe("reading a search from a URL", () => {
  it("ignores the page-language parameter and rejects keys that are not search options", () => {
    expect(parseEventSearch(new URLSearchParams("lang=ar&q=jazz"))).toMatchObject({
      success: true,
      data: { q: "jazz" },
    });
    expect(parseEventSearch(new URLSearchParams("__proto__=x")).success).toBe(false);
  });
});
