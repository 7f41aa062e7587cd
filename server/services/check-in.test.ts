import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatTicketCode } from "#domain/ticket-code";
import type { DatabaseHandle } from "#server/db/client";
import { eventCoOrganizers, tickets } from "#server/db/schema";
import { AppError } from "#server/errors";
import { insertOrderWithTickets, newTicketCode, voidOrder } from "#tests/support/issued-tickets";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { insertEventWithTicketTypes, insertUser, type EventWithTicketTypes } from "#tests/support/ticket-factories";
import { checkInTicket, getCheckInSummary } from "./check-in";

let handle: DatabaseHandle;
let concert: EventWithTicketTypes;
let otherEvent: EventWithTicketTypes;
let organizer: { userId: string };
let coOrganizer: { userId: string };
let stranger: { userId: string };
let buyer: { userId: string };
const DOORS_OPEN = new Date("2026-12-04T23:30:00Z");

beforeAll(async () => {
  handle = await openTestDatabase();
  const db = handle.db;
  organizer = await insertUser(db, { role: "organizer", name: "Mekdes Alemu" });
  coOrganizer = await insertUser(db, { role: "organizer", name: "Yonas Tesfaye" });
  stranger = await insertUser(db, { role: "organizer", name: "Someone Else" });
  buyer = await insertUser(db, { name: "Ada Buyer" });
  concert = await insertEventWithTicketTypes(db, {
    organizerId: organizer.userId,
    ticketTypes: [
      // Sold counts held seats too: 2 here are held by a pending order and have no ticket.
      { name: "General Admission", priceCents: 25_00, quantity: 100, sold: 2 },
      { name: "VIP", priceCents: 90_00, quantity: 10 },
    ],
  });
  await db.insert(eventCoOrganizers).values({ eventId: concert.eventId, userId: coOrganizer.userId });
  otherEvent = await insertEventWithTicketTypes(db, {
    organizerId: stranger.userId,
    ticketTypes: [{ name: "Entry", priceCents: 0, quantity: 50 }],
  });
});
afterAll(() => handle?.close());

describe(`checking tickets in on the ${testDatabaseKind()} database`, () => {
  it("admits a valid ticket once, naming its type and buyer, and a second scan says when and by whom", async () => {
    const db = handle.db;
    const before = await getCheckInSummary(db, organizer, concert.eventId);
    const { codes } = await insertOrderWithTickets(db, concert, { buyerName: "Liya Haile", ticketTypeIndex: 1 });
    const code = codes[0]!;

    const first = await checkInTicket(db, organizer, { eventId: concert.eventId, code }, DOORS_OPEN);
    expect(first).toEqual({
      outcome: "checked_in",
      ticket: { code, ticketTypeName: "VIP", buyerName: "Liya Haile" },
      checkedInAt: DOORS_OPEN,
      counts: { checkedIn: before.counts.checkedIn + 1, sold: before.counts.sold + 1 },
    });

    const later = new Date(DOORS_OPEN.getTime() + 5 * 60_000);
    const second = await checkInTicket(db, coOrganizer, { eventId: concert.eventId, code }, later);
    expect(second).toEqual({
      outcome: "already_checked_in",
      ticket: { code, ticketTypeName: "VIP", buyerName: "Liya Haile" },
      checkedInAt: DOORS_OPEN,
      checkedInBy: { userId: organizer.userId, name: "Mekdes Alemu" },
      counts: first.counts,
    });
    const [row] = await db.select().from(tickets).where(eq(tickets.code, code));
    expect(row).toMatchObject({ checkedInAt: DOORS_OPEN, checkedInBy: organizer.userId, status: "valid" });
  });

  it("reads a code as people type it: lower case, spaces, dashes, O for 0 and I or L for 1", async () => {
    const db = handle.db;
    const { codes } = await insertOrderWithTickets(db, concert);
    const code = codes[0]!;
    const typed = ` ${formatTicketCode(code).toLowerCase().replaceAll("0", "o").replaceAll("1", "l")} `;
    const result = await checkInTicket(db, coOrganizer, { eventId: concert.eventId, code: typed }, DOORS_OPEN);
    expect(result.outcome).toBe("checked_in");
    expect(result.ticket?.code).toBe(code);
  });

  it("refuses void tickets, saying whether the order was cancelled or refunded, and admits nothing", async () => {
    const db = handle.db;
    const refunded = await insertOrderWithTickets(db, concert, { buyerName: "Refunded Person" });
    const cancelled = await insertOrderWithTickets(db, concert, { buyerName: "Cancelled Person" });
    await voidOrder(db, refunded.orderId, "refunded");
    await voidOrder(db, cancelled.orderId, "cancelled");
    const before = await getCheckInSummary(db, organizer, concert.eventId);

    const one = await checkInTicket(db, organizer, { eventId: concert.eventId, code: refunded.codes[0]! }, DOORS_OPEN);
    expect(one).toMatchObject({
      outcome: "void",
      voidReason: "refunded",
      ticket: { buyerName: "Refunded Person", ticketTypeName: "General Admission" },
    });
    const two = await checkInTicket(db, organizer, { eventId: concert.eventId, code: cancelled.codes[0]! }, DOORS_OPEN);
    expect(two).toMatchObject({ outcome: "void", voidReason: "cancelled" });
    expect(two.counts).toEqual(before.counts);
    const rows = await db
      .select({ checkedInAt: tickets.checkedInAt })
      .from(tickets)
      .where(inArray(tickets.code, [...refunded.codes, ...cancelled.codes]));
    expect(rows.map((row) => row.checkedInAt)).toEqual([null, null]);
  });

  it("tells a ticket of another event apart from a code that matches no ticket, without telling more", async () => {
    const db = handle.db;
    const elsewhere = await insertOrderWithTickets(db, otherEvent, { buyerName: "Not Yours" });
    const wrong = await checkInTicket(
      db,
      organizer,
      { eventId: concert.eventId, code: elsewhere.codes[0]! },
      DOORS_OPEN,
    );
    expect(wrong).toEqual({ outcome: "wrong_event", counts: expect.any(Object) });
    const [row] = await db.select().from(tickets).where(eq(tickets.code, elsewhere.codes[0]!));
    expect(row!.checkedInAt).toBeNull();

    const unknown = await checkInTicket(db, organizer, { eventId: concert.eventId, code: newTicketCode() }, DOORS_OPEN);
    expect(unknown).toEqual({ outcome: "not_found", counts: expect.any(Object) });
  });

  it("answers invalid_code for anything that is not a well-formed code", async () => {
    for (const code of [
      "",
      "   ",
      "ABC",
      "https://example.com/ticket",
      "U".repeat(20),
      "A".repeat(21),
      "É".repeat(20),
    ]) {
      const result = await checkInTicket(handle.db, organizer, { eventId: concert.eventId, code }, DOORS_OPEN);
      expect(result.outcome, code).toBe("invalid_code");
      expect(result.ticket).toBeUndefined();
    }
  });

  it("counts valid tickets issued, not the ticket types' sold counter, which also holds held seats", async () => {
    const db = handle.db;
    const event = await insertEventWithTicketTypes(db, {
      organizerId: organizer.userId,
      ticketTypes: [{ name: "Entry", priceCents: 10_00, quantity: 20, sold: 5 }],
    });
    const empty = await getCheckInSummary(db, organizer, event.eventId);
    expect(empty.counts).toEqual({ checkedIn: 0, sold: 0 });
    expect(empty.event).toMatchObject({ id: event.eventId, timeZone: "America/New_York", status: "published" });

    const kept = await insertOrderWithTickets(db, event, { count: 3 });
    const refunded = await insertOrderWithTickets(db, event, { count: 2 });
    await checkInTicket(db, organizer, { eventId: event.eventId, code: kept.codes[0]! }, DOORS_OPEN);
    await checkInTicket(db, organizer, { eventId: event.eventId, code: refunded.codes[0]! }, DOORS_OPEN);
    await voidOrder(db, refunded.orderId, "refunded");
    // 3 valid tickets; of the 2 checked in, one is now void and no longer counts.
    expect((await getCheckInSummary(db, organizer, event.eventId)).counts).toEqual({ checkedIn: 1, sold: 3 });
  });

  it("lets two doors scanning one ticket at the same moment admit it exactly once", async () => {
    const db = handle.db;
    const { codes } = await insertOrderWithTickets(db, concert, { count: 10 });
    const before = await getCheckInSummary(db, organizer, concert.eventId);
    // Every code scanned at three doors at once, all thirty at the same time.
    const results = await Promise.all(
      codes.flatMap((code) =>
        [organizer, coOrganizer, organizer].map((door) =>
          checkInTicket(db, door, { eventId: concert.eventId, code }, DOORS_OPEN).then((result) => ({ code, result })),
        ),
      ),
    );
    for (const code of codes) {
      const outcomes = results.filter((entry) => entry.code === code).map((entry) => entry.result.outcome);
      expect(outcomes.sort(), code).toEqual(["already_checked_in", "already_checked_in", "checked_in"]);
    }
    expect((await getCheckInSummary(db, organizer, concert.eventId)).counts).toEqual({
      checkedIn: before.counts.checkedIn + 10,
      sold: before.counts.sold,
    });
  });
});

describe(`who may check in on the ${testDatabaseKind()} database`, () => {
  it("refuses a stranger and a buyer (even one holding the ticket) as if no such event existed, changing nothing", async () => {
    const db = handle.db;
    const { codes } = await insertOrderWithTickets(db, concert, { userId: buyer.userId });
    for (const person of [stranger, buyer]) {
      const attempt = checkInTicket(db, person, { eventId: concert.eventId, code: codes[0]! }, DOORS_OPEN);
      await expect(attempt).rejects.toBeInstanceOf(AppError);
      await expect(attempt).rejects.toMatchObject({ code: "not_found" });
      await expect(getCheckInSummary(db, person, concert.eventId)).rejects.toMatchObject({ code: "not_found" });
      // Even a malformed code is refused first: outcomes are for the event's staff.
      await expect(
        checkInTicket(db, person, { eventId: concert.eventId, code: "nonsense" }, DOORS_OPEN),
      ).rejects.toMatchObject({ code: "not_found" });
    }
    const [row] = await db.select().from(tickets).where(eq(tickets.code, codes[0]!));
    expect(row!.checkedInAt).toBeNull();
  });

  it("answers not_found for an event that does not exist", async () => {
    await expect(getCheckInSummary(handle.db, organizer, 999_999)).rejects.toMatchObject({ code: "not_found" });
    await expect(
      checkInTicket(handle.db, organizer, { eventId: 999_999, code: newTicketCode() }, DOORS_OPEN),
    ).rejects.toMatchObject({ code: "not_found" });
  });

  it("does not let the organizer of one event check in at another", async () => {
    const { codes } = await insertOrderWithTickets(handle.db, otherEvent);
    await expect(
      checkInTicket(handle.db, organizer, { eventId: otherEvent.eventId, code: codes[0]! }, DOORS_OPEN),
    ).rejects.toMatchObject({ code: "not_found" });
  });
});
