import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { capacity, isMicroEvent, isPast, MICRO_EVENT_MAX_CAPACITY } from "#domain/event";
import type { DatabaseHandle } from "#server/db/client";
import * as schema from "#server/db/schema";
import { seedSampleData } from "#server/db/seed/seed";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { listMicroEvents } from "./micro-events";

const now = new Date("2026-11-22T19:00:00Z");
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
  await seedSampleData(handle.db, { now });
});
afterAll(() => handle?.close());

describe(`micro events on the ${testDatabaseKind()} database`, () => {
  it("lists the upcoming small gatherings soonest first, each with its capacity and place", async () => {
    const events = await listMicroEvents(handle.db, now);
    expect(events.length).toBeGreaterThanOrEqual(5);
    for (const event of events) {
      expect(isMicroEvent(event)).toBe(true);
      expect(event.capacity).toBe(capacity(event));
      expect(event.capacity).toBeLessThanOrEqual(MICRO_EVENT_MAX_CAPACITY);
      expect(isPast(event, now)).toBe(false);
      expect(Math.abs(event.place.latitude - 38.9)).toBeLessThan(1);
      expect(Math.abs(event.place.longitude + 77.1)).toBeLessThan(1);
    }
    const starts = events.map((event) => event.startsAt.getTime());
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(events.map((event) => event.title)).toContain("STEM Lab: Build-a-Rocket Workshop");
    expect(events.map((event) => event.title)).not.toContain("Capital Sounds Festival at Merriweather");
  });

  it("leaves out cancelled events and events that grew past the limit", async () => {
    const [first, second] = await listMicroEvents(handle.db, now);
    await handle.db.update(schema.events).set({ status: "cancelled" }).where(eq(schema.events.id, first!.id));
    await handle.db
      .update(schema.ticketTypes)
      .set({ quantity: MICRO_EVENT_MAX_CAPACITY + 1 })
      .where(eq(schema.ticketTypes.eventId, second!.id));
    const ids = (await listMicroEvents(handle.db, now)).map((event) => event.id);
    expect(ids).not.toContain(first!.id);
    expect(ids).not.toContain(second!.id);
  });
});
