import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as eventsFeedRoute from "#app/routes/events-feed";
import { distanceMiles } from "#domain/event-search";
import { PLACES } from "#domain/event-search-options";
import type { DatabaseHandle } from "#server/db/client";
import { categories, events, ticketTypes, venues } from "#server/db/schema";
import { seedSampleData } from "#server/db/seed/seed";
import { createApp } from "#server/app";
import { readConfig } from "#server/env";
import { createLogger } from "#server/logger";
import { createSandboxProvider } from "#server/payments/sandbox-provider";
import { FEED_MAX_EVENTS } from "#server/services/event-feed";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";

/**
 * /events.ics and /events/:id/calendar.ics, called as React Router calls their loaders: the feed
 * holds exactly the upcoming events a filter of /events means, as a calendar any client reads.
 */
const config = readConfig({ NODE_ENV: "test" });
const SITE = config.publicUrl;
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
  await seedSampleData(handle.db, { now: new Date() });
});
afterAll(() => handle?.close());

function context(): AppLoadContext {
  return {
    db: handle.db,
    config,
    cspNonce: "",
    requestId: randomUUID(),
    viewer: null,
    clientAddress: "192.0.2.1",
    payments: createSandboxProvider(),
  };
}

async function feed(query: string): Promise<Response> {
  const request = new Request(`${SITE}/events.ics${query}`);
  return (await eventsFeedRoute.loader({ request, params: {}, context: context() } as never)) as Response;
}

/** The unfolded content lines of a calendar, and its events' ids (from their UIDs). */
async function read(response: Response) {
  expect(response.status).toBe(200);
  const text = await response.text();
  expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
  for (const line of text.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  const lines = text.replace(/\r\n /g, "").split("\r\n");
  const host = new URL(SITE).hostname;
  const ids = lines
    .filter((line) => line.startsWith("UID:"))
    .map((line) => Number(new RegExp(`^UID:event-(\\d+)@${host.replace(/\./g, "\\.")}$`).exec(line)![1]));
  const value = (name: string) =>
    lines
      .find((line) => line.startsWith(`${name}:`))
      ?.slice(name.length + 1)
      .replace(/\\([,;\\])/g, "$1");
  return { text, lines, ids, value };
}

async function eventsById(ids: number[]) {
  if (ids.length === 0) return [];
  return handle.db
    .select({
      id: events.id,
      status: events.status,
      endsAt: events.endsAt,
      language: events.language,
      category: categories.key,
      latitude: venues.latitude,
      longitude: venues.longitude,
      cheapest: sql<number>`(select min(t.price_cents) from ${ticketTypes} t where t.event_id = ${events.id})`,
    })
    .from(events)
    .innerJoin(categories, sql`${categories.id} = ${events.categoryId}`)
    .innerJoin(venues, sql`${venues.id} = ${events.venueId}`)
    .where(inArray(events.id, ids));
}

describe(`the events feed on the ${testDatabaseKind()} database`, () => {
  it("is a public calendar of the upcoming published events, soonest first, refetched hourly", async () => {
    const response = await feed("");
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=600");
    const { ids, lines, value } = await read(response);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.length).toBeLessThanOrEqual(FEED_MAX_EVENTS);
    expect(value("X-WR-CALNAME")).toBe("DMV Events: all upcoming events");
    expect(lines).toContain("REFRESH-INTERVAL;VALUE=DURATION:PT1H");
    expect(lines).toContain("X-PUBLISHED-TTL:PT1H");
    const now = Date.now();
    for (const event of await eventsById(ids)) {
      expect(event.status).toBe("published");
      expect(event.endsAt.getTime()).toBeGreaterThan(now);
    }
    // Every sample event is in Washington, whose clocks read in the same order as the instants.
    const starts = lines
      .filter((line) => line.startsWith("DTSTART;TZID=America/New_York:"))
      .map((line) => line.slice(-15));
    expect(starts.length).toBe(ids.length);
    expect(starts).toEqual([...starts].sort());
  });

  it("keeps to a category, and names it", async () => {
    const { ids, value } = await read(await feed("?category=music"));
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set((await eventsById(ids)).map((event) => event.category))).toEqual(new Set(["music"]));
    expect(value("X-WR-CALNAME")).toBe("DMV Events: Music");
  });

  it("keeps to events near a place, within the radius asked", async () => {
    const { ids, value } = await read(await feed("?near=baltimore&radius=25"));
    expect(ids.length).toBeGreaterThan(0);
    for (const event of await eventsById(ids)) {
      expect(distanceMiles(PLACES.baltimore, event)).toBeLessThanOrEqual(25);
    }
    expect(value("X-WR-CALNAME")).toBe("DMV Events: Within 25 miles of Baltimore, MD");
  });

  it("keeps to a language, to free events, and combines filters", async () => {
    const french = await read(await feed("?language=fr"));
    expect(new Set((await eventsById(french.ids)).map((event) => event.language))).toEqual(new Set(["fr"]));
    const free = await read(await feed("?price=free&category=community"));
    for (const event of await eventsById(free.ids)) {
      expect(event.cheapest).toBe(0);
      expect(event.category).toBe("community");
    }
    expect(free.value("X-WR-CALNAME")).toBe("DMV Events: Community · Free");
  });

  it("takes any /events address: paging, sorting and past events do not change what it holds", async () => {
    const plain = await read(await feed("?category=arts"));
    const fromPage = await read(await feed("?category=arts&page=3&sort=title&past=1&limit=5"));
    expect(fromPage.ids).toEqual(plain.ids);
  });

  it("names the calendar in the language asked for", async () => {
    const { value } = await read(await feed("?category=music&lang=fr"));
    expect(value("X-WR-CALNAME")).toBe("DMV Events : Musique");
  });

  it("answers 400 in plain words to a filter /events would refuse", async () => {
    for (const query of ["?category=nope", "?radius=9000", "?lat=38", "?unknown=1"]) {
      const response = await feed(query);
      expect(response.status, query).toBe(400);
      expect(await response.text()).toMatch(/^Not a valid events filter: /);
    }
  });
});

/** The VEVENT of `id` in a calendar's unfolded lines, property by property (TEXT values unescaped). */
function entryOf(lines: string[], id: number): Map<string, string> {
  const begin = lines.findIndex(
    (line, index) => line === "BEGIN:VEVENT" && lines[index + 1]?.startsWith(`UID:event-${id}@`),
  );
  expect(begin).toBeGreaterThanOrEqual(0);
  const end = lines.indexOf("END:VEVENT", begin);
  return new Map(
    lines.slice(begin + 1, end).map((line) => {
      const colon = line.indexOf(":");
      return [
        line.slice(0, colon),
        line
          .slice(colon + 1)
          .replace(/\\n/g, "\n")
          .replace(/\\([,;\\])/g, "$1"),
      ];
    }),
  );
}

describe(`calendar entries on the ${testDatabaseKind()} database`, () => {
  it("give times on the event's clocks with a VTIMEZONE, plain-text descriptions, and a revision", async () => {
    const { lines, ids } = await read(await feed(""));
    expect(lines).toContain("BEGIN:VTIMEZONE");
    expect(lines).toContain("TZID:America/New_York");
    const stored = await handle.db
      .select({ id: events.id, description: events.description, updatedAt: events.updatedAt })
      .from(events)
      .where(inArray(events.id, ids));
    // The sample descriptions are Markdown: none of its marks reaches a calendar.
    expect(stored.filter((event) => /\*\*|^#+ |\]\(/m.test(event.description)).length).toBeGreaterThan(0);
    for (const event of stored) {
      const entry = entryOf(lines, event.id);
      expect(entry.get("DESCRIPTION")).not.toMatch(/\*\*|^#+ |\]\(|^- /m);
      expect(entry.get("DESCRIPTION")).toMatch(new RegExp(`${SITE}/events/${event.id}$`));
      expect(entry.get("LAST-MODIFIED")).toBe(
        event.updatedAt
          .toISOString()
          .replace(/[-:]/g, "")
          .replace(/\.\d{3}/, ""),
      );
      expect(entry.get("SEQUENCE")).toMatch(/^\d+$/);
      expect(entry.has("DTSTART;TZID=America/New_York")).toBe(true);
    }
  });

  it("grow their SEQUENCE when the event changes, so calendars replace their copy", async () => {
    const { ids, lines } = await read(await feed("?category=music"));
    const id = ids[0]!;
    const before = entryOf(lines, id);
    // What every change of an event does (services/event-authoring.ts, event-cancellation.ts).
    await handle.db
      .update(events)
      .set({ title: "Moved to a bigger room", updatedAt: sql`now() + interval '5 seconds'` })
      .where(eq(events.id, id));
    const after = entryOf((await read(await feed("?category=music"))).lines, id);
    expect(after.get("SUMMARY")).toBe("Moved to a bigger room");
    expect(Number(after.get("SEQUENCE"))).toBeGreaterThan(Number(before.get("SEQUENCE")));
    expect(after.get("LAST-MODIFIED")! > before.get("LAST-MODIFIED")!).toBe(true);
    expect(after.get("UID")).toBe(before.get("UID"));
  });
});

describe(`an event's own calendar file on the ${testDatabaseKind()} database`, () => {
  it("has the same UID as in the feeds, the event's local times, and is a download", async () => {
    const [first] = await handle.db
      .select({ id: events.id, startsAt: events.startsAt, timeZone: events.timeZone })
      .from(events)
      .where(sql`${events.status} = 'published' and ${events.endsAt} > now()`)
      .limit(1);
    const app = createApp({ db: handle.db, config, logger: createLogger(config) });
    const response = await app.request(`/events/${first!.id}/calendar.ics`);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="event-${first!.id}.ics"`);
    const { ids, lines } = await read(response);
    expect(ids).toEqual([first!.id]);
    const local = new Intl.DateTimeFormat("sv-SE", {
      timeZone: first!.timeZone,
      dateStyle: "short",
      timeStyle: "medium",
    })
      .format(first!.startsAt)
      .replace(/[-:]/g, "")
      .replace(" ", "T");
    expect(entryOf(lines, first!.id).get(`DTSTART;TZID=${first!.timeZone}`)).toBe(local);
    expect(lines).toContain(`TZID:${first!.timeZone}`);
  });

  it("is not answered for an event that does not exist (the pages answer it with their 404)", async () => {
    const app = createApp({ db: handle.db, config, logger: createLogger(config) });
    for (const path of ["/events/99999/calendar.ics", "/events/abc/calendar.ics"]) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("content-type") ?? "", path).not.toMatch(/json|calendar/);
    }
  });
});
