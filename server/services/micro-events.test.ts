import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { capacity, isMicroEvent, isPast, MICRO_EVENT_MAX_CAPACITY } from "#domain/event";
import type { DatabaseHandle } from "#server/db/client";
import * as schema from "#server/db/schema";
import { seedSampleData } from "#server/db/seed/seed";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { insertEventWithTicketTypes } from "#tests/support/ticket-factories";
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

  it("never lists a flagship Major Event: Go-Go Legends Live at Capital One Arena admits thousands", async () => {
    const [arena] = await handle.db
      .select({ id: schema.events.id })
      .from(schema.events)
      .where(eq(schema.events.title, "Go-Go Legends Live at Capital One Arena"));
    const [teaser] = await handle.db
      .select()
      .from(schema.majorEventTeasers)
      .where(eq(schema.majorEventTeasers.eventId, arena!.id));
    expect(teaser).toBeDefined();
    const tickets = await handle.db.select().from(schema.ticketTypes).where(eq(schema.ticketTypes.eventId, arena!.id));
    expect(capacity({ ticketTypes: tickets })).toBeGreaterThan(1000);
    const teased = await handle.db.select({ eventId: schema.majorEventTeasers.eventId }).from(schema.majorEventTeasers);
    const listed = (await listMicroEvents(handle.db, now)).map((event) => event.id);
    for (const { eventId } of teased) expect(listed).not.toContain(eventId);
  });

  it("lists an event for 49 or 50 people across its ticket types, but not one for 51 or one with no seats", async () => {
    const startsAt = new Date(now.getTime() + 2 * 86_400_000);
    const withQuantities = (title: string, ...quantities: number[]) =>
      insertEventWithTicketTypes(handle.db, {
        title,
        startsAt,
        ticketTypes: quantities.map((quantity, index) => ({ name: `Type ${index + 1}`, priceCents: 10_00, quantity })),
      });
    const fortyNine = await withQuantities("Forty-nine seats", 49);
    const fifty = await withQuantities("Fifty seats", 30, 20);
    const fiftyOne = await withQuantities("Fifty-one seats", 30, 21);
    const none = await withQuantities("No seats", 0);
    const listed = (await listMicroEvents(handle.db, now)).map((event) => event.id);
    expect(listed).toContain(fortyNine.eventId);
    expect(listed).toContain(fifty.eventId);
    expect(listed).not.toContain(fiftyOne.eventId);
    expect(listed).not.toContain(none.eventId);
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
