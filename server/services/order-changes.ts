import { randomBytes } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import type { OrderStatus } from "#domain/order";
import { TICKET_CODE_ALPHABET, TICKET_CODE_LENGTH } from "#domain/ticket-code";
import type { Database } from "#server/db/client";
import { orderItems, orders, orderStatusChanges, tickets, ticketTypes } from "#server/db/schema";
import { enqueueJob } from "#server/services/enqueue-job";
import { enqueueOrderEmail, type OrderEmailKind } from "#server/services/order-emails";
import type { Actor } from "./actor";
import { issueOrderAccessToken } from "./order-access";
import { OFFER_RELEASED_TICKETS_JOB } from "./order-jobs";

/**
 * The writes every change of an order makes, shared by the use cases of orders.ts: history rows,
 * tickets issued and voided, seats given back, e-mails queued. Each runs in the caller's transaction.
 */

/** Why an order entered a status, as recorded in its history (order_status_changes.reason). */
export type OrderChangeReason =
  | "placed"
  /** A seat freed for someone on the waitlist, held for them (services/waitlist.ts). */
  | "waitlist_offer"
  | "free_registration"
  | "paid"
  | "hold_expired"
  | "cancelled_by_buyer"
  | "payment_abandoned"
  /** The card was declined: the hold ends at once, and a new order tries again. */
  | "payment_declined"
  | "refunded_by_organizer"
  /** The organizer cancelled the event: held and free orders are cancelled, paid ones refunded. */
  | "event_cancelled"
  /** Not a change of status: a payment that completed after the order was released, given back. */
  | "late_payment_refunded";

export type Tx = Pick<Database, "select" | "insert" | "update">;

export interface Payment {
  provider: string;
  reference: string;
  cardBrand: string | null;
  cardLast4: string | null;
}

/** A new ticket code: 20 characters of Crockford's base32, each from 5 random bits (100 in all). */
export function newTicketCode(): string {
  const bytes = randomBytes(TICKET_CODE_LENGTH);
  let code = "";
  // 256 is a multiple of 32, so the low 5 bits of a random byte are uniformly random.
  for (const byte of bytes) code += TICKET_CODE_ALPHABET[byte & 31];
  return code;
}

/** Confirms a still-pending order; false when it is no longer pending (confirmed or released meanwhile). */
export async function confirmPending(
  tx: Tx,
  orderId: string,
  payment: Payment | null,
  context: { now: Date; siteUrl: string },
): Promise<boolean> {
  const { now } = context;
  const [order] = await tx
    .update(orders)
    .set({
      status: "confirmed",
      holdExpiresAt: null,
      updatedAt: now,
      ...(payment
        ? {
            paymentProvider: payment.provider,
            paymentReference: payment.reference,
            cardBrand: payment.cardBrand,
            cardLast4: payment.cardLast4,
          }
        : {}),
    })
    .where(and(eq(orders.id, orderId), eq(orders.status, "pending")))
    .returning({ eventId: orders.eventId });
  if (!order) return false;
  const lines = await tx
    .select({ ticketTypeId: orderItems.ticketTypeId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  await recordChange(tx, orderId, "confirmed", payment ? "paid" : "free_registration", null, now);
  await issueTickets(tx, orderId, order.eventId, lines, now);
  await enqueueEmailAbout(tx, orderId, "order_confirmed", context.siteUrl);
  return true;
}

/** One ticket per admission, each with a code of its own; in the order the order's page lists them. */
export async function issueTickets(
  tx: Tx,
  orderId: string,
  eventId: number,
  lines: readonly { ticketTypeId: number; quantity: number }[],
  now: Date,
): Promise<{ id: string; code: string; ticketTypeId: number }[]> {
  const rows = lines.flatMap((line) =>
    Array.from({ length: line.quantity }, () => ({
      orderId,
      eventId,
      ticketTypeId: line.ticketTypeId,
      code: newTicketCode(),
      createdAt: now,
    })),
  );
  const issued = await tx
    .insert(tickets)
    .values(rows)
    .returning({ id: tickets.id, code: tickets.code, ticketTypeId: tickets.ticketTypeId });
  const position = new Map(lines.map((line, index) => [line.ticketTypeId, index]));
  return issued.sort(
    (a, b) =>
      position.get(a.ticketTypeId)! - position.get(b.ticketTypeId)! || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0),
  );
}

/**
 * Gives an order's tickets back: each type's count goes down (in ascending id order, as reservations
 * lock them), its issued tickets become void, and the waitlist of each type is offered what came free.
 */
export async function releaseTickets(tx: Tx, orderId: string): Promise<void> {
  const lines = await tx
    .select({ ticketTypeId: orderItems.ticketTypeId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.ticketTypeId));
  for (const line of lines) {
    await tx
      .update(ticketTypes)
      .set({ sold: sql`${ticketTypes.sold} - ${line.quantity}` })
      .where(eq(ticketTypes.id, line.ticketTypeId));
    await enqueueJob(tx, OFFER_RELEASED_TICKETS_JOB, { ticketTypeId: line.ticketTypeId });
  }
  await tx.update(tickets).set({ status: "void" }).where(eq(tickets.orderId, orderId));
}

export async function recordChange(
  tx: Tx,
  orderId: string,
  status: OrderStatus,
  reason: OrderChangeReason,
  actor: Actor | null,
  at: Date,
): Promise<void> {
  await tx.insert(orderStatusChanges).values({ orderId, status, reason, actorUserId: actor?.userId ?? null, at });
}

/** Every e-mail about an order carries a fresh access token of its own in its link. */
export async function enqueueEmailAbout(tx: Tx, orderId: string, kind: OrderEmailKind, siteUrl: string): Promise<void> {
  const token = await issueOrderAccessToken(tx, orderId);
  await enqueueOrderEmail(tx, { kind, orderId, link: `${siteUrl}/orders/${orderId}?key=${encodeURIComponent(token)}` });
}
