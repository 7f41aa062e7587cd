import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { z } from "zod";
import { isTicketTypeOnSale } from "#domain/sales-window";
import type { Language } from "#domain/language";
import {
  HOLD_MS,
  isHoldExpired,
  orderInputSchema,
  orderTotalCents,
  type OrderInput,
  type OrderStatus,
} from "#domain/order";
import type { Database } from "#server/db/client";
import { events, orderItems, orders, ticketTypes, venues } from "#server/db/schema";
import { AppError } from "#server/errors";
import { enqueueJob } from "#server/services/enqueue-job";
import type { CardInput, DeclineReason, PaymentProvider } from "#server/payments/payment-provider";
import type { Actor } from "./actor";
import { issueOrderAccessToken } from "./order-access";
import {
  confirmPending,
  enqueueEmailAbout,
  issueTickets,
  recordChange,
  releaseTickets,
  type Payment,
} from "./order-changes";
import { RELEASE_ORDER_HOLD_JOB } from "./order-jobs";
import { eventRoleOf } from "./event-role";
import { queueBadgeCheckIfSoldOut } from "./badge-triggers";
import { recordAttribution, type AttributionInput } from "./referrals";
import { eventColumns, getOrderDetail, venueColumns, type OrderDetail } from "./order-detail";

// The order's page and who may see it live in order-detail.ts; they are part of this service's API.
export { canViewOrder, getOrderDetail, type OrderDetail, type OrderTicket } from "./order-detail";
export { newTicketCode, type OrderChangeReason } from "./order-changes";

/**
 * Stable words for why an order cannot change as asked (AppError "conflict", `fields.order`); the UI
 * translates them. Sold out is `fields.items: "sold_out"`.
 */
export type OrderConflict =
  | "hold_expired"
  | "not_pending"
  | "payment_in_progress"
  | "event_started"
  | "paid_order"
  | "not_cancellable"
  | "not_refundable"
  | "refund_failed";

/**
 * Places an order for 1–10 tickets of one event, for a signed-in person or a guest. The tickets are
 * reserved in this transaction by one conditional update per ticket type (sold + n ≤ quantity), in
 * ascending id order so that orders for the same types lock them in the same order and never
 * deadlock; if any type lacks enough, nothing is reserved. A free order is confirmed at once, with
 * its tickets issued and the confirmation e-mail queued; a paid one waits, holding its tickets for
 * HOLD_MS, and a job queued for that moment releases them unless it was paid by then.
 *
 * Returns the order and a new access token, the buyer's key to it without an account.
 */
export async function placeOrder(
  db: Database,
  actor: Actor | null,
  input: OrderInput,
  context: { now: Date; language: Language; siteUrl: string },
  /** The share and promoter codes the buyer came with (their referral cookies), recorded on the order. */
  attribution: AttributionInput = {},
): Promise<{ order: OrderDetail; accessToken: string }> {
  // Callers parse the request with this schema already; checked again because the rows below rely on
  // it (a type listed twice would break the primary key of order_items, not give a clear answer).
  const parsed = orderInputSchema.safeParse(input);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[issue.path.join(".") || "_"] ??= issue.message;
    throw new AppError("invalid", "The order is not valid.", fields);
  }
  const { eventId, items, buyer } = parsed.data;
  const { now } = context;

  return db.transaction(async (tx) => {
    // Shared lock: an organizer cancelling the event meanwhile waits for this order and then refunds
    // it, or cancels first and this order sees it; without it, an order could slip in after the cancel.
    const [event] = await tx
      .select({ event: eventColumns, venue: venueColumns, hiddenAt: events.hiddenAt })
      .from(events)
      .innerJoin(venues, eq(venues.id, events.venueId))
      .where(eq(events.id, eventId))
      .for("share", { of: events });
    // A hidden event (moderation) is off the site: as if it did not exist, until staff restore it.
    if (!event || event.event.status === "draft" || event.hiddenAt !== null)
      throw new AppError("not_found", `No event ${eventId}.`);
    if (event.event.status === "cancelled" || event.event.endsAt.getTime() <= now.getTime()) {
      throw new AppError("invalid", "This event is over or cancelled: no tickets are sold.", {
        eventId: "event_ended",
      });
    }
    // In the order the order's page lists them. The price is the one read now, as the buyer saw it.
    const types = await tx
      .select({
        id: ticketTypes.id,
        name: ticketTypes.name,
        priceCents: ticketTypes.priceCents,
        salesStartAt: ticketTypes.salesStartAt,
        salesEndAt: ticketTypes.salesEndAt,
      })
      .from(ticketTypes)
      .where(
        and(
          eq(ticketTypes.eventId, eventId),
          inArray(
            ticketTypes.id,
            items.map((item) => item.ticketTypeId),
          ),
        ),
      )
      .orderBy(asc(ticketTypes.position), asc(ticketTypes.id));
    if (types.length !== items.length) throw new AppError("not_found", `Event ${eventId} lacks a ticket type ordered.`);
    // A type sells only inside its sales window (open-ended sides: from publication, until the event ends).
    const offSale = types.find((type) => !isTicketTypeOnSale(type, now));
    if (offSale) {
      throw new AppError("conflict", `Ticket type ${offSale.id} is not on sale now.`, { items: "not_on_sale" });
    }
    const lines = types.map((type) => ({
      ticketTypeId: type.id,
      name: type.name,
      quantity: items.find((item) => item.ticketTypeId === type.id)!.quantity,
      unitPriceCents: type.priceCents,
    }));

    const totalCents = orderTotalCents(lines);
    const isFree = totalCents === 0;
    const status = isFree ? "confirmed" : "pending";
    const holdExpiresAt = isFree ? null : new Date(now.getTime() + HOLD_MS);
    const [order] = await tx
      .insert(orders)
      .values({
        eventId,
        userId: actor?.userId ?? null,
        buyerName: buyer.name,
        buyerEmail: buyer.email,
        language: context.language,
        status,
        totalCents,
        holdExpiresAt,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: orders.id });
    const orderId = order!.id;
    await tx.insert(orderItems).values(lines.map(({ name: _name, ...line }) => ({ orderId, ...line })));
    const reason = isFree ? "free_registration" : "placed";
    await recordChange(tx, orderId, status, reason, actor, now);
    await recordAttribution(tx, { id: orderId, eventId, buyerId: actor?.userId ?? null }, attribution);
    const issued = isFree ? await issueTickets(tx, orderId, eventId, lines, now) : [];
    if (isFree) await enqueueEmailAbout(tx, orderId, "order_confirmed", context.siteUrl);
    else await enqueueJob(tx, RELEASE_ORDER_HOLD_JOB, { orderId }, holdExpiresAt!);
    const accessToken = await issueOrderAccessToken(tx, orderId);

    // Reserved last: a hot ticket type's row stays locked only from here to the commit, so buyers of
    // one type queue for the shortest time. Ascending ids: two orders lock shared types in one order.
    for (const line of [...lines].sort((a, b) => a.ticketTypeId - b.ticketTypeId)) {
      const reserved = await tx
        .update(ticketTypes)
        .set({ sold: sql`${ticketTypes.sold} + ${line.quantity}` })
        .where(
          and(
            eq(ticketTypes.id, line.ticketTypeId),
            sql`${ticketTypes.sold} + ${line.quantity} <= ${ticketTypes.quantity}`,
          ),
        )
        .returning({ id: ticketTypes.id });
      // Throwing rolls back everything above, the types reserved before this one included.
      if (reserved.length === 0) {
        throw new AppError("conflict", `Not enough tickets of type ${line.ticketTypeId} are left.`, {
          items: "sold_out",
        });
      }
    }
    await queueBadgeCheckIfSoldOut(tx, eventId);

    const typeNames = new Map(lines.map((line) => [line.ticketTypeId, line.name]));
    const detail: OrderDetail = {
      id: orderId,
      status,
      buyerName: buyer.name,
      buyerEmail: buyer.email,
      language: context.language,
      totalCents,
      holdExpiresAt,
      createdAt: now,
      userId: actor?.userId ?? null,
      paymentProvider: null,
      cardBrand: null,
      cardLast4: null,
      items: lines,
      tickets: issued.map((ticket) => ({
        ...ticket,
        ticketTypeName: typeNames.get(ticket.ticketTypeId)!,
        status: "valid" as const,
        checkedInAt: null,
      })),
      event: { ...event.event, venue: event.venue },
      history: [{ status, reason, at: now }],
    };
    return { order: detail, accessToken };
  });
}

/**
 * How long one payment attempt may hold an order while it is with the provider: longer than the
 * provider's slowest answer (Stripe: 20 s, retried twice), short enough that an attempt whose process
 * died does not block the buyer for long. A later attempt uses the same idempotency key, so the
 * provider answers it as it answered the lost one.
 */
export const PAYMENT_CLAIM_MS = 2 * 60_000;

/**
 * Pays a pending order through the provider. The caller has checked that the person may (the buyer).
 *
 * One attempt per order reaches the provider at a time: the attempt first claims the order (a
 * committed update that only applies to a pending order no other attempt holds), calls the provider
 * outside any transaction, then lets go. Attempts meanwhile are refused with conflict
 * { order: payment_in_progress }. The provider's idempotency key is the order's, not the request's,
 * so even an attempt after a lost answer is charged once.
 *
 * Paid ⇒ confirmed, tickets issued and the confirmation e-mail queued, in one transaction whose
 * update only applies to a still-pending order, so two confirmations can never issue tickets twice.
 * Declined ⇒ the order is cancelled and its tickets go back on sale at once (issue 5: a declined card
 * releases the hold); the buyer starts a new order to try another card. Redirect
 * (Stripe) ⇒ the buyer pays on the provider's page; its webhook confirms (confirmProviderPayment).
 *
 * Errors: not_found; conflict { order: not_pending | hold_expired | payment_in_progress }; invalid
 * { card } when the provider takes a card on our page and none was given.
 */
export async function payOrder(
  db: Database,
  provider: PaymentProvider,
  input: { orderId: string; card?: CardInput; returnUrl: string; cancelUrl: string },
  context: { now: Date; siteUrl: string },
): Promise<{
  order: OrderDetail;
  outcome: "paid" | "declined" | "redirect";
  declineReason?: DeclineReason;
  redirectUrl?: string;
}> {
  const { orderId } = input;
  const { now } = context;
  const order = await getOrderDetail(db, orderId);
  if (!order) throw new AppError("not_found", `No order ${orderId}.`);
  if (order.status !== "pending") throw notPending(order.status);
  if (isHoldExpired(order.holdExpiresAt, now)) {
    // The job would release it at any moment; doing it now gives the buyer a clear answer.
    await releaseExpiredHold(db, orderId, now);
    throw holdExpired();
  }

  // A waitlist offer of a free ticket is "paid" by accepting it.
  if (order.totalCents === 0) {
    const confirmed = await db.transaction((tx) => confirmPending(tx, orderId, null, context));
    if (!confirmed) throw notPending((await getOrderDetail(db, orderId))!.status);
    return { order: (await getOrderDetail(db, orderId))!, outcome: "paid" };
  }
  if (provider.collectsCardOnSite && !input.card) {
    throw new AppError("invalid", "A card is needed to pay this order.", { card: "card_required" });
  }

  const claim = await claimPayment(db, orderId, now);
  try {
    return await payClaimedOrder(db, provider, order, claim, input, context);
  } finally {
    await db
      .update(orders)
      .set({ paymentClaimedUntil: null })
      .where(and(eq(orders.id, orderId), eq(orders.paymentClaimedUntil, claim.until)));
  }
}

/**
 * Takes the order for one payment attempt, or says why not. The update is its own statement, committed
 * before the provider is called: no transaction stays open during the call.
 */
async function claimPayment(
  db: Database,
  orderId: string,
  now: Date,
): Promise<{ until: Date; provider: string | null; reference: string | null }> {
  const until = new Date(now.getTime() + PAYMENT_CLAIM_MS);
  const [claimed] = await db
    .update(orders)
    .set({ paymentClaimedUntil: until })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, "pending"),
        or(isNull(orders.paymentClaimedUntil), lte(orders.paymentClaimedUntil, now)),
      ),
    )
    .returning({ provider: orders.paymentProvider, reference: orders.paymentReference });
  if (claimed) return { until, ...claimed };
  const [current] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  if (current && current.status !== "pending") throw notPending(current.status);
  throw conflict(
    "payment_in_progress",
    "Another payment of this order is with the provider; its outcome shows on the order.",
  );
}

async function payClaimedOrder(
  db: Database,
  provider: PaymentProvider,
  order: OrderDetail,
  claim: { provider: string | null; reference: string | null },
  input: { card?: CardInput; returnUrl: string; cancelUrl: string },
  context: { now: Date; siteUrl: string },
): ReturnType<typeof payOrder> {
  const orderId = order.id;
  const { now } = context;
  const outcome = await provider.startPayment({
    orderId,
    amountCents: order.totalCents,
    description: order.event.title,
    buyerEmail: order.buyerEmail,
    ...(input.card ? { card: input.card } : {}),
    returnUrl: input.returnUrl,
    cancelUrl: input.cancelUrl,
    idempotencyKey: `${orderId}:payment`,
    ...(claim.provider === provider.name && claim.reference ? { previousReference: claim.reference } : {}),
  });

  if (outcome.kind === "declined") {
    await releasePending(db, orderId, "payment_declined", now);
    return { order: (await getOrderDetail(db, orderId))!, outcome: "declined", declineReason: outcome.reason };
  }

  if (outcome.kind === "redirect") {
    // The webhook finds the order by this reference.
    await db
      .update(orders)
      .set({ paymentProvider: provider.name, paymentReference: outcome.reference, updatedAt: now })
      .where(and(eq(orders.id, orderId), eq(orders.status, "pending")));
    return { order: (await getOrderDetail(db, orderId))!, outcome: "redirect", redirectUrl: outcome.url };
  }

  const payment: Payment = {
    provider: provider.name,
    reference: outcome.reference,
    cardBrand: outcome.cardBrand,
    cardLast4: outcome.cardLast4,
  };
  const confirmed = await db.transaction((tx) => confirmPending(tx, orderId, payment, context));
  const current = (await getOrderDetail(db, orderId))!;
  if (confirmed || isPaidWith(current, payment, await paymentReferenceOf(db, orderId))) {
    return { order: current, outcome: "paid" };
  }
  // The card was charged, but while it was, the hold ran out and its tickets went back on sale (or the
  // order was settled otherwise): the buyer paid for tickets we no longer hold, so the money goes back
  // through the provider at once, and the buyer is told the hold expired.
  await refundLatePayment(db, provider, orderId, payment.reference, order.totalCents, now);
  throw current.status === "cancelled" ? holdExpired() : notPending(current.status);
}

/**
 * A payment the provider reports as complete (Stripe's webhook), found by its reference, or by the
 * order id the provider kept with it when a newer attempt replaced the reference. Idempotent: a
 * repeated notice returns the order as it is. When the order was released before the payment
 * completed, the payment is refunded through `context.provider`. Null when no order matches.
 */
export async function confirmProviderPayment(
  db: Database,
  input: {
    provider: "stripe";
    reference: string;
    cardBrand: string | null;
    cardLast4: string | null;
    orderId?: string;
  },
  context: { now: Date; siteUrl: string; provider: PaymentProvider },
): Promise<OrderDetail | null> {
  const [byReference] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.paymentProvider, input.provider), eq(orders.paymentReference, input.reference)));
  const orderId = byReference?.id ?? input.orderId;
  const order = orderId ? await getOrderDetail(db, orderId) : null;
  if (!order) return null;
  const payment: Payment = {
    provider: input.provider,
    reference: input.reference,
    cardBrand: input.cardBrand,
    cardLast4: input.cardLast4,
  };
  const confirmed = await db.transaction((tx) => confirmPending(tx, order.id, payment, context));
  const current = (await getOrderDetail(db, order.id))!;
  if (confirmed || isPaidWith(current, payment, await paymentReferenceOf(db, order.id))) return current;
  await refundLatePayment(db, context.provider, order.id, input.reference, order.totalCents, context.now);
  return (await getOrderDetail(db, order.id))!;
}

/**
 * The buyer cancels: a free registration (until the event starts), or a pending order they leave
 * ("payment_abandoned"). A paid confirmed order is refunded by the organizer instead. The tickets are
 * released and voided; a cancelled registration is confirmed by e-mail. The caller has checked that
 * the person is the order's buyer (canViewOrder).
 *
 * Errors: not_found; conflict { order: paid_order | event_started | not_cancellable }.
 */
export async function cancelOrder(
  db: Database,
  actor: Actor | null,
  orderId: string,
  context: { now: Date; reason: "cancelled_by_buyer" | "payment_abandoned"; siteUrl: string },
): Promise<OrderDetail> {
  const { now } = context;
  const order = await getOrderDetail(db, orderId);
  if (!order) throw new AppError("not_found", `No order ${orderId}.`);
  if (order.status === "confirmed" && order.totalCents > 0) {
    throw conflict("paid_order", "A paid order is refunded by the event's organizer.");
  }
  if (order.status === "confirmed" && order.event.startsAt.getTime() <= now.getTime()) {
    throw conflict("event_started", "The event has started: the registration can no longer be cancelled.");
  }
  if (order.status !== "confirmed" && order.status !== "pending") {
    throw conflict("not_cancellable", `The order is already ${order.status}.`);
  }
  const cancelled = await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(orders)
      .set({ status: "cancelled", updatedAt: now })
      .where(and(eq(orders.id, orderId), eq(orders.status, order.status)))
      .returning({ id: orders.id });
    if (!changed) return false;
    await recordChange(tx, orderId, "cancelled", context.reason, actor, now);
    await releaseTickets(tx, orderId);
    if (order.status === "confirmed") await enqueueEmailAbout(tx, orderId, "order_cancelled", context.siteUrl);
    return true;
  });
  // Changed by someone else meanwhile (the hold expired, a second click): say what it is now.
  if (!cancelled) throw conflict("not_cancellable", "The order changed meanwhile.");
  return (await getOrderDetail(db, orderId))!;
}

/**
 * The event's organizer or a co-organizer gives a paid, confirmed order's whole payment back through
 * the provider it was paid with; the order becomes refunded, its tickets void and back on sale, and
 * the buyer is told by e-mail. The provider's key makes two refunds at once refund once.
 *
 * Errors: not_found; forbidden (not the event's organizer); conflict { order: not_refundable |
 * refund_failed }.
 */
export async function refundOrder(
  db: Database,
  provider: PaymentProvider,
  actor: Actor,
  orderId: string,
  context: { now: Date; siteUrl: string },
): Promise<OrderDetail> {
  const order = await getOrderDetail(db, orderId);
  if (!order) throw new AppError("not_found", `No order ${orderId}.`);
  if (!(await eventRoleOf(db, actor, order.event))) {
    throw new AppError("forbidden", "Only the event's organizers may refund its orders.");
  }
  return refundPaidOrder(db, provider, actor, orderId, { ...context, reason: "refunded_by_organizer" });
}

/**
 * refundOrder's work once the actor is known to be allowed, also run by the refund job of a cancelled
 * event (services/event-cancellation.ts) with the reason "event_cancelled".
 *
 * Errors: not_found; conflict { order: not_refundable | refund_failed }.
 */
export async function refundPaidOrder(
  db: Database,
  provider: PaymentProvider,
  actor: Actor,
  orderId: string,
  context: { now: Date; siteUrl: string; reason: "refunded_by_organizer" | "event_cancelled" },
): Promise<OrderDetail> {
  const { now } = context;
  const order = await getOrderDetail(db, orderId);
  if (!order) throw new AppError("not_found", `No order ${orderId}.`);
  const reference = await paymentReferenceOf(db, orderId);
  if (order.status !== "confirmed" || order.totalCents === 0 || !reference) {
    throw conflict("not_refundable", "Only a paid, confirmed order can be refunded.");
  }
  if (order.paymentProvider !== provider.name) {
    throw conflict("not_refundable", `The order was paid with ${order.paymentProvider}, which is not configured.`);
  }
  const refund = await provider.refund({
    reference,
    amountCents: order.totalCents,
    idempotencyKey: `${orderId}:refund`,
  });
  if (refund.kind === "failed") throw conflict("refund_failed", `The provider refused the refund: ${refund.reason}.`);
  const refunded = await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(orders)
      .set({ status: "refunded", updatedAt: now })
      .where(and(eq(orders.id, orderId), eq(orders.status, "confirmed")))
      .returning({ id: orders.id });
    if (!changed) return false;
    await recordChange(tx, orderId, "refunded", context.reason, actor, now);
    await releaseTickets(tx, orderId);
    await enqueueEmailAbout(tx, orderId, "order_refunded", context.siteUrl);
    return true;
  });
  // A second refund at once: the provider refunded once (same key) and the first request recorded it.
  if (!refunded) throw conflict("not_refundable", "The order was refunded meanwhile.");
  return (await getOrderDetail(db, orderId))!;
}

/**
 * The hold-expiry job's body: a pending order whose hold has ended by `now` is cancelled and its
 * tickets go back on sale. Anything else (paid meanwhile, already released) is left alone.
 */
export async function releaseExpiredHold(db: Database, orderId: string, now: Date): Promise<void> {
  await releasePending(db, orderId, "hold_expired", now);
}

/**
 * Cancels a still-pending order and puts its seats back on sale, once: the status update applies only
 * to a pending order (and, for an expiry, one whose hold has ended), so a payment confirming at the
 * same moment and this release cannot both win.
 */
async function releasePending(
  db: Database,
  orderId: string,
  reason: "hold_expired" | "payment_declined",
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const isPending = and(eq(orders.id, orderId), eq(orders.status, "pending"));
    const [released] = await tx
      .update(orders)
      .set({ status: "cancelled", updatedAt: now })
      .where(reason === "hold_expired" ? and(isPending, lte(orders.holdExpiresAt, now)) : isPending)
      .returning({ id: orders.id });
    if (!released) return;
    await recordChange(tx, orderId, "cancelled", reason, null, now);
    await releaseTickets(tx, orderId);
  });
}

/** The job's payload, checked again: jobs outlive code versions. */
const releaseJobPayloadSchema = z.object({ orderId: z.uuid() });

/** The RELEASE_ORDER_HOLD_JOB handler (server/jobs/job-handlers.ts). */
export async function runReleaseOrderHoldJob(db: Database, payload: unknown, now: Date): Promise<void> {
  await releaseExpiredHold(db, releaseJobPayloadSchema.parse(payload).orderId, now);
}

/**
 * Gives back a payment that completed for an order no longer waiting for it, and notes it in the
 * order's history. A refund the provider refuses is raised, to be logged and looked into: the buyer's
 * money must not go unnoticed.
 */
async function refundLatePayment(
  db: Database,
  provider: PaymentProvider,
  orderId: string,
  reference: string,
  amountCents: number,
  now: Date,
): Promise<void> {
  const refund = await provider.refund({ reference, amountCents, idempotencyKey: `${orderId}:late:${reference}` });
  if (refund.kind === "failed") {
    throw new Error(`Payment ${reference} for released order ${orderId} could not be refunded: ${refund.reason}.`);
  }
  const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  await recordChange(db, orderId, order!.status, "late_payment_refunded", null, now);
}

function isPaidWith(order: OrderDetail, payment: Payment, reference: string | null): boolean {
  return order.status === "confirmed" && order.paymentProvider === payment.provider && reference === payment.reference;
}

async function paymentReferenceOf(db: Database, orderId: string): Promise<string | null> {
  const [row] = await db.select({ reference: orders.paymentReference }).from(orders).where(eq(orders.id, orderId));
  return row?.reference ?? null;
}

function conflict(word: OrderConflict, message: string): AppError {
  return new AppError("conflict", message, { order: word });
}

function notPending(status: OrderStatus): AppError {
  return conflict("not_pending", `The order is ${status}, not waiting for payment.`);
}

function holdExpired(): AppError {
  return conflict("hold_expired", "The order's hold has expired: its tickets went back on sale.");
}
