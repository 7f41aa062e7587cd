import { and, asc, eq, inArray, isNull, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Language } from "#domain/language";
import { isolateUserText } from "#domain/text-direction";
import type { DatabaseHandle } from "#server/db/client";
import {
  eventCoOrganizers,
  events,
  jobs,
  mailboxMessages,
  orders,
  orderStatusChanges,
  promotionCampaigns,
  promotions,
  tickets,
  ticketTypes,
  venues,
} from "#server/db/schema";
import { AppError } from "#server/errors";
import { createJobHandlers } from "#server/jobs/job-handlers";
import { runDueJobs } from "#server/jobs/run-due-jobs";
import { createLogger } from "#server/logger";
import { enqueueEventChangeEmails, SEND_EVENT_CHANGE_EMAIL_JOB } from "#server/services/event-change-emails";
import { createMailboxMailer } from "#server/mail/mailer";
import type { PaymentProvider } from "#server/payments/payment-provider";
import { createSandboxProvider } from "#server/payments/sandbox-provider";
import { cancelEvent, runRefundCancelledEventOrderJob } from "#server/services/event-cancellation";
import { REFUND_CANCELLED_EVENT_ORDER_JOB } from "#server/services/order-jobs";
import { cancelOrder, payOrder, placeOrder } from "#server/services/orders";
import { purchaseCampaign } from "#server/services/promotions";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { insertEventWithTicketTypes, insertUser, type EventWithTicketTypes } from "#tests/support/ticket-factories";

/**
 * Cancelling an event (services/event-cancellation.ts): its organizer or a co-organizer may; holds
 * are released, free registrations cancelled, paid orders refunded through the payment provider by a
 * job each, and every holder e-mailed in the language they ordered in.
 */
const SITE = "http://localhost:3000";
const GOOD_CARD = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2040, cvc: "123" };
const logger = createLogger({ mode: "test", logLevel: "silent" });
const sandbox = createSandboxProvider();

let handle: DatabaseHandle;
let organizer: { userId: string };
let coOrganizer: { userId: string };
let stranger: { userId: string };

beforeAll(async () => {
  handle = await openTestDatabase();
  [organizer, coOrganizer, stranger] = await Promise.all([
    insertUser(handle.db, { role: "organizer" }),
    insertUser(handle.db),
    insertUser(handle.db),
  ]);
});
afterAll(() => handle?.close());

async function order(
  event: EventWithTicketTypes,
  typeIndex: number,
  email: string,
  language: Language,
  { pay = true } = {},
): Promise<string> {
  const now = new Date();
  const { order: placed } = await placeOrder(
    handle.db,
    null,
    {
      eventId: event.eventId,
      items: [{ ticketTypeId: event.ticketTypeIds[typeIndex]!, quantity: 1 }],
      buyer: { name: `Buyer ${language}`, email },
    },
    { now, language, siteUrl: SITE },
  );
  if (placed.totalCents > 0 && pay) {
    const paid = await payOrder(
      handle.db,
      sandbox,
      { orderId: placed.id, card: GOOD_CARD, returnUrl: SITE, cancelUrl: SITE },
      { now, siteUrl: SITE },
    );
    expect(paid.outcome).toBe("paid");
  }
  return placed.id;
}

/** An upcoming event with a paid and a free type, a co-organizer, and orders in every state. */
async function eventWithOrders() {
  const event = await insertEventWithTicketTypes(handle.db, {
    organizerId: organizer.userId,
    title: "Rooftop Jazz",
    ticketTypes: [
      { name: "VIP", priceCents: 45_00, quantity: 10 },
      { name: "Community", priceCents: 0, quantity: 10 },
    ],
  });
  await handle.db.insert(eventCoOrganizers).values({ eventId: event.eventId, userId: coOrganizer.userId });
  const paidFr = await order(event, 0, "camille@example.com", "fr");
  const paidAr = await order(event, 0, "layla@example.com", "ar");
  const freeAm = await order(event, 1, "abebe@example.com", "am");
  const pending = await order(event, 0, "late@example.com", "en", { pay: false });
  return { event, paidFr, paidAr, freeAm, pending };
}

async function statusesOf(ids: string[]) {
  const rows = await handle.db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(inArray(orders.id, ids));
  return Object.fromEntries(rows.map((row) => [row.id, row.status]));
}

async function pendingJobs(kind: string, orderIds: string[]) {
  const rows = await handle.db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), isNull(jobs.doneAt), isNull(jobs.failedAt)));
  return rows.filter((row) => orderIds.includes(row.payload.orderId as string)).map((row) => row.payload);
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  return { code: (error as AppError).code, fields: (error as AppError).fields };
}

function handlers(payments: PaymentProvider) {
  return createJobHandlers({ db: handle.db, mailer: createMailboxMailer(handle.db), siteUrl: SITE, payments });
}

describe(`cancelling an event on the ${testDatabaseKind()} database`, () => {
  it("is refused to a stranger (not found, as an unknown event), and nothing changes", async () => {
    const { event, paidFr, paidAr, freeAm, pending } = await eventWithOrders();
    const ids = [paidFr, paidAr, freeAm, pending];
    const before = await statusesOf(ids);
    const now = new Date();
    expect(await refusal(cancelEvent(handle.db, stranger, event.eventId, { now, siteUrl: SITE }))).toMatchObject({
      code: "not_found",
    });
    expect(await refusal(cancelEvent(handle.db, organizer, 2_000_000_000, { now, siteUrl: SITE }))).toMatchObject({
      code: "not_found",
    });
    const [row] = await handle.db
      .select({ status: events.status, cancelledAt: events.cancelledAt })
      .from(events)
      .where(eq(events.id, event.eventId));
    expect(row).toEqual({ status: "published", cancelledAt: null });
    expect(await statusesOf(ids)).toEqual(before);
    expect(before).toEqual({
      [paidFr]: "confirmed",
      [paidAr]: "confirmed",
      [freeAm]: "confirmed",
      [pending]: "pending",
    });
    expect(await pendingJobs(REFUND_CANCELLED_EVENT_ORDER_JOB, ids)).toEqual([]);
    expect(await pendingJobs(SEND_EVENT_CHANGE_EMAIL_JOB, ids)).toEqual([]);
  });

  it("releases holds, cancels free registrations, refunds paid orders by a job each and e-mails every holder in their language", async () => {
    const { event, paidFr, paidAr, freeAm, pending } = await eventWithOrders();
    const ids = [paidFr, paidAr, freeAm, pending];
    const now = new Date();

    const outcome = await cancelEvent(handle.db, organizer, event.eventId, { now, siteUrl: SITE });
    expect(outcome).toEqual({ refundsQueued: 2, registrationsCancelled: 1, holdsReleased: 1 });
    const [row] = await handle.db
      .select({ status: events.status, cancelledAt: events.cancelledAt })
      .from(events)
      .where(eq(events.id, event.eventId));
    expect(row).toEqual({ status: "cancelled", cancelledAt: now });
    // The money goes back through the provider later, in jobs: paid orders stay confirmed until then.
    expect(await statusesOf(ids)).toEqual({
      [paidFr]: "confirmed",
      [paidAr]: "confirmed",
      [freeAm]: "cancelled",
      [pending]: "cancelled",
    });
    const refundJobs = await pendingJobs(REFUND_CANCELLED_EVENT_ORDER_JOB, ids);
    expect(refundJobs.map((job) => job.orderId).sort()).toEqual([paidFr, paidAr].sort());
    const emailJobs = await pendingJobs(SEND_EVENT_CHANGE_EMAIL_JOB, ids);
    expect(emailJobs.map((job) => [job.orderId, job.kind, job.isRefunded]).sort()).toEqual(
      [
        [paidFr, "event_cancelled", true],
        [paidAr, "event_cancelled", true],
        [freeAm, "event_cancelled", false],
      ].sort(),
    );

    const ran = await runDueJobs(handle.db, { handlers: handlers(sandbox), logger }, new Date());
    expect(ran.filter((job) => job.outcome !== "done")).toEqual([]);
    expect(ran.filter((job) => job.kind === REFUND_CANCELLED_EVENT_ORDER_JOB)).toHaveLength(2);
    expect(await statusesOf(ids)).toEqual({
      [paidFr]: "refunded",
      [paidAr]: "refunded",
      [freeAm]: "cancelled",
      [pending]: "cancelled",
    });
    const history = await handle.db
      .select({
        orderId: orderStatusChanges.orderId,
        status: orderStatusChanges.status,
        actor: orderStatusChanges.actorUserId,
      })
      .from(orderStatusChanges)
      .where(and(inArray(orderStatusChanges.orderId, ids), eq(orderStatusChanges.reason, "event_cancelled")))
      .orderBy(asc(orderStatusChanges.id));
    expect(history).toHaveLength(4);
    expect(history.every((change) => change.actor === organizer.userId)).toBe(true);
    const valid = await handle.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.eventId, event.eventId), eq(tickets.status, "valid")));
    expect(valid).toEqual([]);
    const sold = await handle.db
      .select({ sold: ticketTypes.sold })
      .from(ticketTypes)
      .where(eq(ticketTypes.eventId, event.eventId));
    expect(sold).toEqual([{ sold: 0 }, { sold: 0 }]);

    const mail = await handle.db
      .select({ to: mailboxMessages.toAddress, subject: mailboxMessages.subject, text: mailboxMessages.text })
      .from(mailboxMessages)
      .where(
        inArray(mailboxMessages.toAddress, [
          "camille@example.com",
          "layla@example.com",
          "abebe@example.com",
          "late@example.com",
        ]),
      );
    const subjects = (to: string) => mail.filter((message) => message.to === to).map((message) => message.subject);
    expect(subjects("camille@example.com")).toContain("Rooftop Jazz est annulé");
    // In an Arabic line the Latin title is isolated, so it keeps its own direction (U+2068 … U+2069).
    expect(subjects("layla@example.com")).toContain(`أُلغيت ${isolateUserText("Rooftop Jazz")}`);
    expect(subjects("abebe@example.com")).toContain("Rooftop Jazz ተሰርዟል");
    // Nobody had tickets on the pending order: its buyer hears nothing about the event.
    expect(subjects("late@example.com")).toEqual([]);
    const french = mail.find((message) => message.subject === "Rooftop Jazz est annulé")!;
    expect(french.text).toContain("remboursement");
    expect(french.text).toContain(`${SITE}/orders/${paidFr}?key=`);
    const amharic = mail.find((message) => message.subject === "Rooftop Jazz ተሰርዟል")!;
    expect(amharic.text).toContain("ምዝገባዎ ተሰርዟል");
    // The refund itself is confirmed by the usual "order refunded" e-mail, as for any refund.
    expect(subjects("camille@example.com").length).toBeGreaterThanOrEqual(3);
  });

  it("is done by a co-organizer as by the organizer: refunds queued, registrations and holds released", async () => {
    const { event, paidFr, paidAr, freeAm, pending } = await eventWithOrders();
    const ids = [paidFr, paidAr, freeAm, pending];
    const outcome = await cancelEvent(handle.db, coOrganizer, event.eventId, { now: new Date(), siteUrl: SITE });
    expect(outcome).toEqual({ refundsQueued: 2, registrationsCancelled: 1, holdsReleased: 1 });
    const [row] = await handle.db.select({ status: events.status }).from(events).where(eq(events.id, event.eventId));
    expect(row).toEqual({ status: "cancelled" });
    expect(await statusesOf(ids)).toMatchObject({ [freeAm]: "cancelled", [pending]: "cancelled" });
    expect((await pendingJobs(REFUND_CANCELLED_EVENT_ORDER_JOB, ids)).map((job) => job.orderId).sort()).toEqual(
      [paidFr, paidAr].sort(),
    );
    const ran = await runDueJobs(handle.db, { handlers: handlers(sandbox), logger }, new Date());
    expect(ran.filter((job) => job.outcome !== "done")).toEqual([]);
    expect(await statusesOf([paidFr, paidAr])).toEqual({ [paidFr]: "refunded", [paidAr]: "refunded" });
    const actors = await handle.db
      .selectDistinct({ actor: orderStatusChanges.actorUserId })
      .from(orderStatusChanges)
      .where(and(inArray(orderStatusChanges.orderId, ids), eq(orderStatusChanges.reason, "event_cancelled")));
    expect(actors).toEqual([{ actor: coOrganizer.userId }]);
  });

  it("refuses to cancel twice, and changes nothing the second time", async () => {
    const { event, paidFr } = await eventWithOrders();
    const first = new Date();
    await cancelEvent(handle.db, organizer, event.eventId, { now: first, siteUrl: SITE });
    const jobsBefore = await handle.db.select({ id: jobs.id }).from(jobs);
    const again = await refusal(
      cancelEvent(handle.db, organizer, event.eventId, { now: new Date(first.getTime() + 60_000), siteUrl: SITE }),
    );
    expect(again).toEqual({ code: "conflict", fields: { event: "already_cancelled" } });
    expect(await handle.db.select({ id: jobs.id }).from(jobs)).toHaveLength(jobsBefore.length);
    const [row] = await handle.db
      .select({ cancelledAt: events.cancelledAt })
      .from(events)
      .where(eq(events.id, event.eventId));
    expect(row).toEqual({ cancelledAt: first });
    expect(await pendingJobs(REFUND_CANCELLED_EVENT_ORDER_JOB, [paidFr])).toHaveLength(1);
  });

  it("leaves no registration standing when orders race the cancellation", async () => {
    const event = await insertEventWithTicketTypes(handle.db, {
      organizerId: organizer.userId,
      ticketTypes: [{ name: "Community", priceCents: 0, quantity: 100 }],
    });
    const now = new Date();
    const register = (index: number) =>
      placeOrder(
        handle.db,
        null,
        {
          eventId: event.eventId,
          items: [{ ticketTypeId: event.ticketTypeIds[0]!, quantity: 1 }],
          buyer: { name: `Racer ${index}`, email: `racer${index}@example.com` },
        },
        { now, language: "en", siteUrl: SITE },
      ).then(
        () => "placed",
        (error: unknown) => (error instanceof AppError ? error.fields?.eventId : String(error)),
      );
    // On PostgreSQL these run at once on the pool's connections; the cancel lands among them.
    const [before, cancellation, after] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, (_, index) => register(index))),
      cancelEvent(handle.db, organizer, event.eventId, { now, siteUrl: SITE }),
      Promise.all(Array.from({ length: 10 }, (_, index) => register(10 + index))),
    ]);
    const outcomes = [...before, ...after];
    for (const outcome of outcomes) expect(["placed", "event_ended"]).toContain(outcome);
    const placed = outcomes.filter((outcome) => outcome === "placed").length;
    expect(cancellation.registrationsCancelled).toBe(placed);
    const standing = await handle.db
      .select({ id: orders.id, status: orders.status })
      .from(orders)
      .where(and(eq(orders.eventId, event.eventId), ne(orders.status, "cancelled")));
    expect(standing).toEqual([]);
  });

  it("ends the event's promotions at once, so a cancelled event is advertised nowhere", async () => {
    const event = await insertEventWithTicketTypes(handle.db, {
      organizerId: organizer.userId,
      ticketTypes: [{ name: "General", priceCents: 0, quantity: 5 }],
    });
    const now = new Date();
    const bought = await purchaseCampaign(
      handle.db,
      sandbox,
      organizer,
      { eventId: event.eventId, types: ["homepage", "search"], days: 2, budgetCents: 500_00 },
      { now, siteUrl: SITE, card: GOOD_CARD },
    );
    expect(bought.outcome).toBe("paid");
    await cancelEvent(handle.db, organizer, event.eventId, { now, siteUrl: SITE });
    const [campaign] = await handle.db
      .select({ endedAt: promotionCampaigns.endedAt })
      .from(promotionCampaigns)
      .where(eq(promotionCampaigns.eventId, event.eventId));
    expect(campaign).toEqual({ endedAt: now });
    const placements = await handle.db
      .select({ isActive: promotions.isActive })
      .from(promotions)
      .where(eq(promotions.eventId, event.eventId));
    expect(placements.length).toBeGreaterThan(0);
    expect(placements.every((placement) => !placement.isActive)).toBe(true);
  });

  it("refuses to cancel an event that is over", async () => {
    const event = await insertEventWithTicketTypes(handle.db, {
      organizerId: organizer.userId,
      startsAt: new Date(Date.now() - 10 * 60 * 60_000),
      ticketTypes: [{ name: "General", priceCents: 0, quantity: 5 }],
    });
    expect(await refusal(cancelEvent(handle.db, organizer, event.eventId, { now: new Date(), siteUrl: SITE }))).toEqual(
      { code: "conflict", fields: { event: "event_ended" } },
    );
  });

  it("retries a refund the provider could not make, and refunds once in the end", async () => {
    const { event, paidFr, paidAr } = await eventWithOrders();
    await cancelEvent(handle.db, organizer, event.eventId, { now: new Date(), siteUrl: SITE });
    let refunds = 0;
    const down: PaymentProvider = {
      ...sandbox,
      name: "sandbox",
      refund: () => Promise.reject(new Error("The provider is unreachable")),
    };
    const counting: PaymentProvider = {
      ...sandbox,
      name: "sandbox",
      refund: (input) => {
        refunds += 1;
        return sandbox.refund(input);
      },
    };
    const payload = { orderId: paidFr, actorUserId: organizer.userId };
    const context = { now: new Date(), siteUrl: SITE };
    await expect(runRefundCancelledEventOrderJob(handle.db, down, payload, context)).rejects.toThrow("unreachable");
    expect(await statusesOf([paidFr])).toEqual({ [paidFr]: "confirmed" });

    // Through the worker: the failed attempt is retried later, not lost.
    const failing = await runDueJobs(
      handle.db,
      { handlers: { [REFUND_CANCELLED_EVENT_ORDER_JOB]: handlers(down)[REFUND_CANCELLED_EVENT_ORDER_JOB]! }, logger },
      new Date(),
    );
    expect(failing.filter((job) => job.outcome === "retrying").length).toBeGreaterThanOrEqual(2);
    const later = new Date(Date.now() + 24 * 60 * 60_000);
    const retried = await runDueJobs(
      handle.db,
      {
        handlers: { [REFUND_CANCELLED_EVENT_ORDER_JOB]: handlers(counting)[REFUND_CANCELLED_EVENT_ORDER_JOB]! },
        logger,
      },
      later,
    );
    expect(retried.map((job) => job.outcome)).toContain("done");
    expect(await statusesOf([paidFr, paidAr])).toEqual({ [paidFr]: "refunded", [paidAr]: "refunded" });
    const refundsMade = refunds;

    // A refund job run again (a duplicate, or a refund by hand meanwhile) leaves the order alone.
    await runRefundCancelledEventOrderJob(handle.db, counting, payload, context);
    expect(refunds).toBe(refundsMade);
    expect(await pendingJobs(REFUND_CANCELLED_EVENT_ORDER_JOB, [paidFr, paidAr])).toEqual([]);
  });
});

describe(`telling ticket holders that an event changed, on the ${testDatabaseKind()} database`, () => {
  it("e-mails every confirmed order in its language with the details as they are when sent", async () => {
    const event = await insertEventWithTicketTypes(handle.db, {
      organizerId: organizer.userId,
      title: "Harbor Lights",
      ticketTypes: [
        { name: "VIP", priceCents: 45_00, quantity: 10 },
        { name: "Community", priceCents: 0, quantity: 10 },
      ],
    });
    const paidFr = await order(event, 0, "claire@example.com", "fr");
    const freeAm = await order(event, 1, "tigist@example.com", "am");
    const leaving = await order(event, 1, "leaving@example.com", "en");
    const cancelled = await order(event, 1, "gone-before@example.com", "en");
    await cancelOrder(handle.db, null, cancelled, { now: new Date(), reason: "cancelled_by_buyer", siteUrl: SITE });

    expect(await enqueueEventChangeEmails(handle.db, event.eventId, "venue", SITE)).toBe(3);
    // The new venue is read when the e-mail is written; an order cancelled meanwhile hears nothing more.
    const [row] = await handle.db.select({ venueId: events.venueId }).from(events).where(eq(events.id, event.eventId));
    await handle.db.update(venues).set({ name: "The Anthem" }).where(eq(venues.id, row!.venueId));
    await cancelOrder(handle.db, null, leaving, { now: new Date(), reason: "cancelled_by_buyer", siteUrl: SITE });

    const ran = await runDueJobs(handle.db, { handlers: handlers(sandbox), logger }, new Date());
    expect(ran.filter((job) => job.outcome !== "done")).toEqual([]);
    const mail = await handle.db
      .select({ to: mailboxMessages.toAddress, subject: mailboxMessages.subject, text: mailboxMessages.text })
      .from(mailboxMessages)
      .where(inArray(mailboxMessages.toAddress, ["claire@example.com", "tigist@example.com", "leaving@example.com"]));
    const changed = mail.filter((message) => /changé|ተቀይሯል|has changed/.test(message.subject));
    expect(changed.map((message) => [message.to, message.subject]).sort()).toEqual([
      ["claire@example.com", "Harbor Lights a changé"],
      ["tigist@example.com", "Harbor Lights ተቀይሯል"],
    ]);
    expect(changed.find((message) => message.to === "claire@example.com")!.text).toContain("The Anthem");
    expect(changed.find((message) => message.to === "claire@example.com")!.text).toContain(
      `L’organisateur a déplacé ${isolateUserText("Harbor Lights")} dans un nouveau lieu.`,
    );
    expect(await statusesOf([paidFr, freeAm])).toEqual({ [paidFr]: "confirmed", [freeAm]: "confirmed" });
  });
});
