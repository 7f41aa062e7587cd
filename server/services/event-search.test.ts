import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAffordable, isFree, isVip } from "#domain/event";
import { distanceMiles, eventSearchSchema, parseEventSearch, type EventSearchInput } from "#domain/event-search";
import { PLACES } from "#domain/event-search-options";
import { instant, selectRows, type DatabaseHandle } from "#server/db/client";
import { seedSampleData } from "#server/db/seed/seed";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { COUNT_CAP, RANKED_RUN, searchEvents } from "./event-search";

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
    // A typo in the organizer's name, and two typos at once.
    expect(await titles({ q: "Youssef Hadad" })).toContain("ليلة المازة الشامية في يونيون ماركت");
    expect(await titles({ q: "jaz nigts wharff" })).toContain("Jazz Nights at the Wharf");
  });

  it("keeps what the search syntax says while tolerating typos: a minus excludes", async () => {
    expect(await titles({ q: "jazz" })).toContain("Jazz Nights at the Wharf");
    expect(await titles({ q: "jazz -wharf" })).not.toContain("Jazz Nights at the Wharf");
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
    expect(upcoming).toMatchObject({ total: 34, totalIsLowerBound: false });
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

    // Words and a place: best match first, each with its distance.
    const meditation = await search({ q: "meditation", near: "bethesda", radius: "8" });
    expect(meditation.events[0]?.title).toBe("Mindful Mornings: Sound Bath & Meditation at Strathmore");
    expect(meditation.events.every((event) => event.distanceMiles !== null && event.distanceMiles <= 8)).toBe(true);

    // Asked for without a place, "nearest first" has nothing to measure from: soonest first.
    const noPlace = (await search({ sort: "distance", limit: "100" })).events;
    expect(noPlace.map((event) => event.distanceMiles)).toEqual(noPlace.map(() => null));
    expect(noPlace.map((event) => event.id)).toEqual(
      (await search({ sort: "date", limit: "100" })).events.map((event) => event.id),
    );

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

describe(`searching thousands of matching events on the ${testDatabaseKind()} database`, () => {
  // The sample data plus 1,150 "Lantern Walk" events an hour apart from now: more than the count's cap
  // and than a ranked run. Two walks per run say "lantern" twice in their title, so rank above the others.
  const LANTERNS = 1150;
  const STRONG = RANKED_RUN / 2;
  let many: DatabaseHandle;
  let sampleEvents = 0;
  let underWay = 0;
  let promotedFarAhead = 0;
  const find = (input: EventSearchInput) => searchEvents(many.db, eventSearchSchema.parse(input), now);
  const hour = (n: number) => new Date(now.getTime() + n * 3_600_000);

  beforeAll(async () => {
    many = await openTestDatabase();
    await seedSampleData(many.db, { now });
    const counted = await selectRows<{ count: number }>(many.db, sql`select count(*)::int as count from events`);
    sampleEvents = counted[0]!.count;
    await many.db.execute(sql`insert into events (title, description, starts_at, ends_at, time_zone, venue_id,
        category_id, organizer_id, language, is_public, status)
      select case when g % ${STRONG} = 0 then 'Lantern Walk and Lantern Parade ' || g else 'Lantern Walk ' || g end,
             'An evening walk with paper lights.',
             ${instant(now)} + g * interval '1 hour', ${instant(now)} + g * interval '1 hour' + interval '2 hours',
             'America/New_York', (select id from venues order by id offset g % 3 limit 1),
             (select id from categories order by id limit 1),
             (select user_id from profiles where role = 'organizer' order by user_id limit 1), 'en', true, 'published'
      from generate_series(1, ${LANTERNS}) g`);
    // One walk began an hour ago and is still on; one ended yesterday.
    const started = await selectRows<{ id: number }>(
      many.db,
      sql`insert into events (title, description, starts_at, ends_at, venue_id, category_id, organizer_id, status)
        select 'Lantern Walk under way', 'Still walking.', ${instant(hour(-1))}, ${instant(hour(72))}, venue_id,
               category_id, organizer_id, 'published' from events where id = ${sampleEvents + 1}
        returning id`,
    );
    underWay = started[0]!.id;
    await many.db.execute(sql`insert into events (title, description, starts_at, ends_at, venue_id, category_id,
        organizer_id, status)
      select 'Lantern Walk gone by', 'Over.', ${instant(hour(-30))}, ${instant(hour(-28))}, venue_id, category_id,
             organizer_id, 'published' from events where id = ${sampleEvents + 1}`);
    // A walk far ahead, past the first ranked run, promoted in search.
    promotedFarAhead = sampleEvents + 1140;
    await many.db.execute(sql`insert into promotions (event_id, title, description, image_url, link_url,
        call_to_action, starts_at, ends_at, placement)
      values (${promotedFarAhead}, 'Lanterns', 'Promoted', '/a.png', '/events', 'Go', ${instant(hour(-24))},
              ${instant(hour(24))}, 'explore')`);
  });
  afterAll(() => many?.close());

  it(`counts exactly up to ${COUNT_CAP}, then says "more than ${COUNT_CAP}"`, async () => {
    expect(await find({ q: "lantern" })).toMatchObject({ total: COUNT_CAP, totalIsLowerBound: true });
    expect((await find({ q: "lantern" })).events).toHaveLength(20);
    expect(await find({})).toMatchObject({ total: COUNT_CAP, totalIsLowerBound: true });
    // Fewer matches than the cap are counted exactly, as before.
    expect(await find({ q: "runway", past: "1" })).toMatchObject({ total: 1, totalIsLowerBound: false });
  });

  it("counts as far as the page asked for, so the last pages know they are the last", async () => {
    const lanterns = LANTERNS + 1; // and the one under way; the one gone by is past
    expect(await find({ q: "lantern", limit: "100", page: "11" })).toMatchObject({
      total: 1100,
      totalIsLowerBound: true,
    });
    const last = await find({ q: "lantern", limit: "100", page: "12" });
    expect(last).toMatchObject({ total: lanterns, totalIsLowerBound: false });
    expect(last.events).toHaveLength(lanterns - 1100);
  });

  it("lists events under way first in date order, and never those already over", async () => {
    const soonest = await find({ q: "lantern", sort: "date", limit: "5" });
    expect(soonest.events.map((event) => event.id)).toEqual([underWay, ...[1, 2, 3, 4].map((n) => sampleEvents + n)]);
    const all = await find({ q: "lantern walk", limit: "100", page: "12" });
    expect(all.total).toBe(LANTERNS + 1);
    const latest = await find({ q: "lantern", sort: "date_desc", limit: "3" });
    expect(latest.events.map((event) => event.id)).toEqual([0, 1, 2].map((n) => sampleEvents + LANTERNS - n));
    const byTitle = (await find({ q: "lantern", sort: "title", limit: "100" })).events.map((event) => event.title);
    expect(byTitle).toEqual([...byTitle].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
    expect(byTitle[0]).toBe("Lantern Walk 1");
  });

  it(`ranks within runs of ${RANKED_RUN} matches in date order, and pages through every match once`, async () => {
    // The promoted walk first; then the soonest run (the walk under way and walks 1 to RANKED_RUN - 1)
    // best match first (walk STRONG), the rest of it soonest first. Walk RANKED_RUN, as good a match,
    // waits for its own run.
    const walk = (n: number) => sampleEvents + n;
    const first = await find({ q: "lantern", limit: "20" });
    expect(first.events[0]).toMatchObject({ id: promotedFarAhead, isPromoted: true });
    expect(first.events.slice(1, 4).map((event) => event.id)).toEqual([walk(STRONG), underWay, walk(1)]);

    const ids: number[] = [];
    for (let page = 1; page <= 12; page++) {
      const { events } = await find({ q: "lantern", limit: "100", page: String(page) });
      ids.push(...events.map((event) => event.id));
    }
    expect(ids).toHaveLength(LANTERNS + 1);
    expect(new Set(ids).size).toBe(LANTERNS + 1);
    // From row RANKED_RUN of the list on: the promoted walk and the first run end with its last walk;
    // the second run (walks RANKED_RUN to 2 × RANKED_RUN - 1) starts with its own best matches.
    const secondRun = await find({ q: "lantern", limit: "50", page: String(RANKED_RUN / 50 + 1) });
    expect(secondRun.events.slice(0, 3).map((event) => event.id)).toEqual(
      [RANKED_RUN - 1, RANKED_RUN, RANKED_RUN + STRONG].map(walk),
    );
  });

  it("sorts thousands of matches by distance, nearest venue first and each venue's soonest first", async () => {
    const near = await find({ q: "lantern", near: "washington", radius: "50", sort: "distance", limit: "100" });
    expect(near.totalIsLowerBound).toBe(true);
    const distances = near.events.map((event) => event.distanceMiles!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    const starts = near.events.map((event) => event.startsAt.getTime());
    for (let i = 1; i < starts.length; i++) {
      if (distances[i] === distances[i - 1]) expect(starts[i]).toBeGreaterThan(starts[i - 1]!);
    }
  });

  it("tolerates typos in words only these events use, learnt as events are written or renamed", async () => {
    expect((await find({ q: "lantren" })).total).toBe(COUNT_CAP);
    expect((await find({ q: "zyxwvt" })).total).toBe(0);
    await many.db.execute(sql`update venues set name = 'Zyxwvut Hall' where id = (select min(id) from venues)`);
    const renamed = await find({ q: "zyxwvt", limit: "100" });
    expect(renamed.total).toBeGreaterThan(0);
    expect(renamed.events.every((event) => event.venue.name === "Zyxwvut Hall")).toBe(true);
  });
});
