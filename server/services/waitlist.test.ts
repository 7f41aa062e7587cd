import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WAITLIST_OFFER_HOURS } from "#domain/order";
import type { DatabaseHandle } from "#server/db/client";
import { jobs, orderItems, orders, ticketTypes, waitlistEntries } from "#server/db/schema";
import { AppError } from "#server/errors";
import { createSandboxProvider } from "#server/payments/sandbox-provider";
import { insertEventWithTicketTypes, insertUser } from "#tests/support/ticket-factories";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { waitlistConfirmationToken } from "#tests/support/waitlist-confirmation";
import { isOrderAccessToken } from "./order-access";
import { OFFER_RELEASED_TICKETS_JOB } from "./order-jobs";
import { payOrder, releaseExpiredHold } from "./orders";
import {
  confirmWaitlistEntry,
  joinWaitlist,
  leaveWaitlist,
  listMyWaitlistEntries,
  offerReleasedTickets,
  settleOffers,
  WAITLIST_CONFIRM_HOURS,
  WAITLIST_LIMITS,
} from "./waitlist";

const SITE = "https://events.example";
const HOUR_MS = 3_600_000;
let handle: DatabaseHandle;
let clientNumber = 0;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle?.close());

/** Each join from a client address of its own, so the per-client limit stays out of the way. */
function context(now = new Date()) {
  clientNumber += 1;
  return { now, language: "en" as const, clientAddress: `192.0.2.${clientNumber}`, siteUrl: "http://localhost:3000" };
}

async function soldOutType(options: { priceCents?: number; quantity?: number; startsAt?: Date } = {}) {
  const quantity = options.quantity ?? 2;
  const made = await insertEventWithTicketTypes(handle.db, {
    startsAt: options.startsAt,
    ticketTypes: [{ name: "General", priceCents: options.priceCents ?? 2500, quantity, sold: quantity }],
  });
  return { eventId: made.eventId, ticketTypeId: made.ticketTypeIds[0]!, organizerId: made.organizerId };
}

/**
 * A person joins signed in with their own confirmed address, which puts them in line at once (a guest
 * confirms from the e-mailed link first: see "asks a guest to confirm the address").
 */
async function join(type: { eventId: number; ticketTypeId: number }, who: string, now = new Date()) {
  const person = await insertUser(handle.db, {
    email: `${who.toLowerCase()}-${clientNumber}-${randomUUID().slice(0, 6)}@example.com`,
  });
  return joinWaitlist(handle.db, { userId: person.userId }, { ...type, name: who, email: person.email }, context(now));
}

/** What releasing seats does (H1's cancel, refund and hold expiry): the counter goes down by `count`. */
async function freeSeats(ticketTypeId: number, count: number) {
  await handle.db
    .update(ticketTypes)
    .set({ sold: sql`${ticketTypes.sold} - ${count}` })
    .where(eq(ticketTypes.id, ticketTypeId));
}

/**
 * An offer's order leaving `pending`: paid (the status is all the waitlist looks at), or its hold run
 * out, released by the orders service's own job body, which frees the seat and queues the offer job.
 */
async function endOffer(orderId: string, outcome: "confirmed" | "expired") {
  if (outcome === "confirmed") {
    await handle.db.update(orders).set({ status: "confirmed", holdExpiresAt: null }).where(eq(orders.id, orderId));
    return;
  }
  await releaseExpiredHold(handle.db, orderId, new Date(Date.now() + (WAITLIST_OFFER_HOURS + 1) * HOUR_MS));
}

async function entriesOf(ticketTypeId: number) {
  return handle.db
    .select()
    .from(waitlistEntries)
    .where(eq(waitlistEntries.ticketTypeId, ticketTypeId))
    .orderBy(asc(waitlistEntries.id));
}

async function soldOf(ticketTypeId: number) {
  const [row] = await handle.db
    .select({ sold: ticketTypes.sold, quantity: ticketTypes.quantity })
    .from(ticketTypes)
    .where(eq(ticketTypes.id, ticketTypeId));
  return row!;
}

async function problemOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return { code: (error as AppError).code, fields: (error as AppError).fields };
}

async function jobsFor(orderId: string) {
  return handle.db
    .select()
    .from(jobs)
    .where(sql`${jobs.payload} ->> 'orderId' = ${orderId}`)
    .orderBy(asc(jobs.id));
}

describe(`joining a waitlist on the ${testDatabaseKind()} database`, () => {
  it("puts people in line for a sold-out ticket type, in the order they join", async () => {
    const type = await soldOutType();
    const ada = await join(type, "Ada");
    const ben = await join(type, "Ben");
    expect(ada).toMatchObject({ status: "waiting", position: 1, name: "Ada" });
    expect(ben).toMatchObject({ status: "waiting", position: 2 });
  });

  it("refuses a ticket type that still has tickets", async () => {
    const made = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [{ name: "General", priceCents: 0, quantity: 5, sold: 4 }],
    });
    const problem = await problemOf(join({ eventId: made.eventId, ticketTypeId: made.ticketTypeIds[0]! }, "Ada"));
    expect(problem).toEqual({ code: "conflict", fields: { ticketTypeId: "tickets_available" } });
  });

  it("gives one place per address and ticket type, whatever the case typed, until that place ends", async () => {
    const type = await soldOutType();
    const first = await joinWaitlist(handle.db, null, { ...type, name: "Ada", email: "ada@example.com" }, context());
    expect(
      await confirmWaitlistEntry(handle.db, await waitlistConfirmationToken(handle.db, "ada@example.com"), new Date()),
    ).toBe("done");
    const again = await problemOf(
      joinWaitlist(handle.db, null, { ...type, name: "Ada", email: "ADA@example.com".toLowerCase() }, context()),
    );
    expect(again).toEqual({ code: "conflict", fields: { email: "already_waiting" } });
    // Two at once: the unique index lets exactly one in.
    const other = await soldOutType();
    const person = await insertUser(handle.db, { email: `cy-${Date.now()}@example.com` });
    const cy = { ...other, name: "Cy", email: person.email };
    const outcomes = await Promise.allSettled([
      joinWaitlist(handle.db, person, cy, context()),
      joinWaitlist(handle.db, person, cy, context()),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    // Once the place has ended, the address may join again.
    await handle.db.update(waitlistEntries).set({ status: "left" }).where(eq(waitlistEntries.id, first.id));
    await expect(
      joinWaitlist(handle.db, null, { ...type, name: "Ada", email: "ada@example.com" }, context()),
    ).resolves.toMatchObject({ status: "waiting" });
  });

  it("refuses unknown ticket types, drafts, and events that are over or cancelled", async () => {
    const type = await soldOutType();
    expect(await problemOf(join({ eventId: type.eventId, ticketTypeId: 2_000_000_000 }, "Ada"))).toMatchObject({
      code: "not_found",
    });
    const other = await soldOutType();
    expect(await problemOf(join({ eventId: type.eventId, ticketTypeId: other.ticketTypeId }, "Ada"))).toMatchObject({
      code: "not_found",
    });
    const past = await soldOutType({ startsAt: new Date(Date.now() - 10 * HOUR_MS) });
    expect(await problemOf(join(past, "Ada"))).toEqual({ code: "invalid", fields: { eventId: "event_ended" } });
    const draft = await insertEventWithTicketTypes(handle.db, {
      status: "draft",
      ticketTypes: [{ name: "General", priceCents: 0, quantity: 1, sold: 1 }],
    });
    expect(
      await problemOf(join({ eventId: draft.eventId, ticketTypeId: draft.ticketTypeIds[0]! }, "Ada")),
    ).toMatchObject({ code: "not_found" });
  });

  it("limits how often one address joins", async () => {
    const now = new Date();
    const email = `busy-${Date.now()}@example.com`;
    for (let attempt = 0; attempt < WAITLIST_LIMITS.joinsPerAddress.limit; attempt += 1) {
      const type = await soldOutType();
      await joinWaitlist(handle.db, null, { ...type, name: "Busy", email }, context(now));
    }
    const type = await soldOutType();
    const problem = await problemOf(joinWaitlist(handle.db, null, { ...type, name: "Busy", email }, context(now)));
    expect(problem).toEqual({ code: "rate_limited", fields: { email: "too_many_attempts" } });
  });
});

describe(`offers of released tickets on the ${testDatabaseKind()} database`, () => {
  it("offer a freed ticket to the first person waiting: a pending order of one ticket, held for a day", async () => {
    const type = await soldOutType({ priceCents: 2500 });
    await join(type, "Ada");
    await join(type, "Ben");
    const now = new Date();
    expect(await offerReleasedTickets(handle.db, type.ticketTypeId, now, SITE)).toEqual({ offered: 0 });

    await freeSeats(type.ticketTypeId, 1);
    expect(await offerReleasedTickets(handle.db, type.ticketTypeId, now, SITE)).toEqual({ offered: 1 });
    const [ada, ben] = await entriesOf(type.ticketTypeId);
    expect(ada).toMatchObject({ status: "offered", offeredAt: now });
    expect(ben).toMatchObject({ status: "waiting", offerOrderId: null });
    expect(await soldOf(type.ticketTypeId)).toEqual({ sold: 2, quantity: 2 });

    const [order] = await handle.db.select().from(orders).where(eq(orders.id, ada!.offerOrderId!));
    expect(order).toMatchObject({
      status: "pending",
      buyerEmail: ada!.email,
      buyerName: "Ada",
      totalCents: 2500,
      holdExpiresAt: new Date(now.getTime() + WAITLIST_OFFER_HOURS * HOUR_MS),
    });
    const items = await handle.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(items).toEqual([{ orderId: order!.id, ticketTypeId: type.ticketTypeId, quantity: 1, unitPriceCents: 2500 }]);

    const queued = await jobsFor(order!.id);
    expect(queued.map((job) => job.kind)).toEqual(["send_order_email", "release_order_hold"]);
    expect(queued[1]!.runAt).toEqual(order!.holdExpiresAt);
    const link = String(queued[0]!.payload.link);
    expect(queued[0]!.payload).toMatchObject({ kind: "waitlist_offer", orderId: order!.id });
    expect(link).toMatch(new RegExp(`^${SITE}/orders/${order!.id}/pay\\?key=[A-Za-z0-9_-]{43}$`));
    expect(await isOrderAccessToken(handle.db, order!.id, new URL(link).searchParams.get("key"))).toBe(true);
  });

  it("link a free ticket's offer to the order itself, to confirm in one step", async () => {
    const type = await soldOutType({ priceCents: 0 });
    await join(type, "Ada");
    await freeSeats(type.ticketTypeId, 1);
    await offerReleasedTickets(handle.db, type.ticketTypeId, new Date(), SITE);
    const [ada] = await entriesOf(type.ticketTypeId);
    const [email] = await jobsFor(ada!.offerOrderId!);
    expect(String(email!.payload.link)).toMatch(new RegExp(`^${SITE}/orders/${ada!.offerOrderId}\\?key=`));
  });

  it("let a free ticket's offer be accepted in one step, which records the place as bought", async () => {
    const type = await soldOutType({ priceCents: 0 });
    await join(type, "Ada");
    await freeSeats(type.ticketTypeId, 1);
    await offerReleasedTickets(handle.db, type.ticketTypeId, new Date(), SITE);
    const [ada] = await entriesOf(type.ticketTypeId);
    const accepted = await payOrder(
      handle.db,
      createSandboxProvider(),
      { orderId: ada!.offerOrderId!, returnUrl: SITE, cancelUrl: SITE },
      { now: new Date(), siteUrl: SITE },
    );
    expect(accepted.outcome).toBe("paid");
    expect(accepted.order.tickets).toHaveLength(1);
    await settleOffers(handle.db, type.ticketTypeId);
    expect((await entriesOf(type.ticketTypeId))[0]).toMatchObject({ status: "purchased" });
  });

  it("offer one ticket per person while tickets are left, and no more than are free", async () => {
    const type = await soldOutType({ quantity: 5 });
    for (const who of ["Ada", "Ben", "Cy", "Dee"]) await join(type, who);
    await freeSeats(type.ticketTypeId, 3);
    expect(await offerReleasedTickets(handle.db, type.ticketTypeId, new Date(), SITE)).toEqual({ offered: 3 });
    const entries = await entriesOf(type.ticketTypeId);
    expect(entries.map((entry) => entry.status)).toEqual(["offered", "offered", "offered", "waiting"]);
    const held = await handle.db
      .select({ quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.ticketTypeId, type.ticketTypeId));
    expect(held).toEqual([{ quantity: 1 }, { quantity: 1 }, { quantity: 1 }]);
    expect(await soldOf(type.ticketTypeId)).toEqual({ sold: 5, quantity: 5 });
  });

  it("never offer one freed ticket twice when two runs race, and keep the order of the line", async () => {
    const type = await soldOutType();
    for (const who of ["Ada", "Ben", "Cy"]) await join(type, who);
    await freeSeats(type.ticketTypeId, 1);
    const runs = await Promise.all([
      offerReleasedTickets(handle.db, type.ticketTypeId, new Date(), SITE),
      offerReleasedTickets(handle.db, type.ticketTypeId, new Date(), SITE),
    ]);
    expect(runs.reduce((total, run) => total + run.offered, 0)).toBe(1);
    expect((await entriesOf(type.ticketTypeId)).map((entry) => entry.status)).toEqual([
      "offered",
      "waiting",
      "waiting",
    ]);
    expect(await soldOf(type.ticketTypeId)).toEqual({ sold: 2, quantity: 2 });
  });

  it("pass an expired offer to the next person, and record a bought one", async () => {
    const type = await soldOutType({ quantity: 3 });
    for (const who of ["Ada", "Ben", "Cy"]) await join(type, who);
    await freeSeats(type.ticketTypeId, 2);
    await offerReleasedTickets(handle.db, type.ticketTypeId, new Date(), SITE);
    const [ada, ben] = await entriesOf(type.ticketTypeId);

    await endOffer(ben!.offerOrderId!, "confirmed");
    await endOffer(ada!.offerOrderId!, "expired");
    const offerJobs = await handle.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(eq(jobs.kind, OFFER_RELEASED_TICKETS_JOB));
    expect(offerJobs).toContainEqual({ payload: { ticketTypeId: type.ticketTypeId } });
    expect(await offerReleasedTickets(handle.db, type.ticketTypeId, new Date(), SITE)).toEqual({ offered: 1 });
    expect((await entriesOf(type.ticketTypeId)).map((entry) => entry.status)).toEqual([
      "expired",
      "purchased",
      "offered",
    ]);
  });

  it("asks a guest to confirm the address: nothing is held for an unconfirmed place, which lapses", async () => {
    const type = await soldOutType();
    const email = `guest-${randomUUID().slice(0, 8)}@example.com`;
    const entry = await joinWaitlist(handle.db, null, { ...type, name: "Gus", email }, context());
    expect(entry).toMatchObject({ status: "waiting", isConfirmed: false, position: null });
    const token = await waitlistConfirmationToken(handle.db, email);

    // A ticket freed now is not held for an address nobody confirmed.
    await freeSeats(type.ticketTypeId, 1);
    expect(await offerReleasedTickets(handle.db, type.ticketTypeId, new Date(), SITE)).toEqual({ offered: 0 });
    expect(await confirmWaitlistEntry(handle.db, token, new Date())).toBe("done");
    expect(await offerReleasedTickets(handle.db, type.ticketTypeId, new Date(), SITE)).toEqual({ offered: 1 });
    expect(await confirmWaitlistEntry(handle.db, token, new Date())).toBe("invalid");

    // Unconfirmed for a day: the place lapses, its link with it.
    const other = await soldOutType();
    const late = `late-${randomUUID().slice(0, 8)}@example.com`;
    await joinWaitlist(handle.db, null, { ...other, name: "Lou", email: late }, context());
    const dayLater = new Date(Date.now() + (WAITLIST_CONFIRM_HOURS + 1) * HOUR_MS);
    expect(await confirmWaitlistEntry(handle.db, await waitlistConfirmationToken(handle.db, late), dayLater)).toBe(
      "invalid",
    );
    await join(other, "Max", dayLater);
    const entries = await entriesOf(other.ticketTypeId);
    expect(entries.map((row) => [row.email, row.status])).toEqual([
      [late, "expired"],
      [expect.stringMatching(/^max-/), "waiting"],
    ]);
  });

  it("limits joins per client: one client cannot put a line of made-up addresses in place", async () => {
    const type = await soldOutType();
    const client = { ...context(), clientAddress: "198.51.100.77" };
    for (let index = 0; index < WAITLIST_LIMITS.joinsPerClient.limit; index += 1) {
      await joinWaitlist(handle.db, null, { ...type, name: "Fake", email: `fake-${index}@example.com` }, client);
    }
    const refused = await problemOf(
      joinWaitlist(handle.db, null, { ...type, name: "Fake", email: "fake-more@example.com" }, client),
    );
    expect(refused).toEqual({ code: "rate_limited", fields: { email: "too_many_attempts" } });
    expect(WAITLIST_LIMITS.joinsPerClient.limit).toBeLessThan(28);
  });

  it("let someone whose offer lapsed join the line again, at its end", async () => {
    const type = await soldOutType();
    const email = `again-${Date.now()}@example.com`;
    await joinWaitlist(handle.db, null, { ...type, name: "Ada", email }, context());
    expect(await confirmWaitlistEntry(handle.db, await waitlistConfirmationToken(handle.db, email), new Date())).toBe(
      "done",
    );
    await join(type, "Ben");
    await freeSeats(type.ticketTypeId, 1);
    await offerReleasedTickets(handle.db, type.ticketTypeId, new Date(), SITE);
    const [ada] = await entriesOf(type.ticketTypeId);
    expect(await problemOf(joinWaitlist(handle.db, null, { ...type, name: "Ada", email }, context()))).toMatchObject({
      fields: { email: "already_waiting" },
    });
    await endOffer(ada!.offerOrderId!, "expired");
    // The freed ticket is taken again (Ben's offer, when the job runs): sold out once more.
    await handle.db.update(ticketTypes).set({ sold: 2 }).where(eq(ticketTypes.id, type.ticketTypeId));
    await joinWaitlist(handle.db, null, { ...type, name: "Ada", email }, context());
    expect(await confirmWaitlistEntry(handle.db, await waitlistConfirmationToken(handle.db, email), new Date())).toBe(
      "done",
    );
    const [again] = await listMyWaitlistEntries(handle.db, {
      userId: (await insertUser(handle.db, { email })).userId,
    });
    expect(again).toMatchObject({ status: "waiting", position: 2 });
  });

  it("end an offer's hold with the event, when the event ends sooner than the offer would", async () => {
    const startsAt = new Date(Date.now() + 2 * HOUR_MS);
    const type = await soldOutType({ startsAt });
    await join(type, "Ada");
    await freeSeats(type.ticketTypeId, 1);
    await offerReleasedTickets(handle.db, type.ticketTypeId, new Date(), SITE);
    const [ada] = await entriesOf(type.ticketTypeId);
    const [order] = await handle.db.select().from(orders).where(eq(orders.id, ada!.offerOrderId!));
    expect(order!.holdExpiresAt).toEqual(new Date(startsAt.getTime() + 3 * HOUR_MS));
  });
});

describe(`people's own waitlist places on the ${testDatabaseKind()} database`, () => {
  it("are theirs by account or by confirmed address, and only theirs to leave", async () => {
    const type = await soldOutType();
    const ada = await insertUser(handle.db);
    const stranger = await insertUser(handle.db);
    const byAccount = await joinWaitlist(
      handle.db,
      ada,
      { ...type, name: "Ada", email: "ada-other@example.com" },
      context(),
    );
    const other = await soldOutType();
    const asGuest = await joinWaitlist(handle.db, null, { ...other, name: "Ada", email: ada.email }, context());

    const mine = await listMyWaitlistEntries(handle.db, ada);
    expect(mine.map((entry) => entry.id)).toEqual([asGuest.id, byAccount.id]);
    // The guest's place waits for its address to be confirmed: not in line yet.
    expect(mine[0]).toMatchObject({ ticketTypeName: "General", status: "waiting", isConfirmed: false, position: null });
    expect(mine[1]).toMatchObject({ status: "waiting", isConfirmed: false });
    expect(await listMyWaitlistEntries(handle.db, stranger)).toEqual([]);

    expect(await problemOf(leaveWaitlist(handle.db, stranger, byAccount.id))).toMatchObject({ code: "not_found" });
    await expect(leaveWaitlist(handle.db, ada, asGuest.id)).resolves.toMatchObject({ status: "left" });
    await expect(leaveWaitlist(handle.db, ada, byAccount.id)).resolves.toMatchObject({ status: "left" });
    expect(await problemOf(leaveWaitlist(handle.db, ada, byAccount.id))).toMatchObject({ code: "not_found" });
  });

  it("show a settled offer's outcome before the next offer run records it", async () => {
    const type = await soldOutType();
    const ada = await insertUser(handle.db);
    await joinWaitlist(handle.db, ada, { ...type, name: "Ada", email: ada.email }, context());
    await freeSeats(type.ticketTypeId, 1);
    await offerReleasedTickets(handle.db, type.ticketTypeId, new Date(), SITE);
    const [offered] = await listMyWaitlistEntries(handle.db, ada);
    expect(offered).toMatchObject({ status: "offered", position: null });
    expect(offered!.offerExpiresAt).toBeInstanceOf(Date);
    await endOffer(offered!.offerOrderId!, "confirmed");
    expect((await listMyWaitlistEntries(handle.db, ada))[0]).toMatchObject({ status: "purchased" });
    await settleOffers(handle.db, type.ticketTypeId);
    const [row] = await handle.db
      .select({ status: waitlistEntries.status })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.id, offered!.id)));
    expect(row).toEqual({ status: "purchased" });
  });
});
