import { and, eq, gt, ne } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "#server/db/client";
import { events, orders } from "#server/db/schema";
import { AppError } from "#server/errors";
import { enqueueJobs } from "#server/services/enqueue-job";
import { enqueueEventCancelledEmails } from "#server/services/event-change-emails";
import type { PaymentProvider } from "#server/payments/payment-provider";
import type { Actor } from "./actor";
import { recordChange, releaseTickets } from "./order-changes";
import { requireEventRole } from "./event-role";
import { REFUND_CANCELLED_EVENT_ORDER_JOB } from "./order-jobs";
import { endCampaignsOfEvent } from "./promotion-jobs";
import { refundPaidOrder } from "./orders";

/** Why an event cannot be cancelled (AppError "conflict", `fields.event`); the UI translates them. */
export type EventCancellationConflict = "already_cancelled" | "event_ended";

export interface EventCancellation {
  /** Paid confirmed orders whose refund was queued (a job each). */
  refundsQueued: number;
  /** Free confirmed registrations cancelled. */
  registrationsCancelled: number;
  /** Pending orders (holds, waitlist offers) released. */
  holdsReleased: number;
}

/**
 * The event's organizer or a co-organizer calls the event off: it becomes cancelled (no more sales,
 * marked cancelled on its page), every pending order is released, every free registration cancelled,
 * and every paid confirmed order is refunded through the payment provider by a job of its own, so a
 * provider that is down delays a refund (the job is retried) instead of failing the cancellation or
 * the other refunds.
 * Every holder of a confirmed order is told by e-mail, in the language they ordered in.
 *
 * Errors: not_found for anyone else (as for an unknown event), conflict { event: already_cancelled |
 * event_ended }.
 *
 * The event row is updated first, so a concurrent cancellation waits on it and then finds it cancelled;
 * pending orders are released before confirmed ones are read, so an order paid meanwhile is either
 * released (and its late payment refunded by payOrder) or read below as confirmed and refunded.
 */
export async function cancelEvent(
  db: Database,
  actor: Actor,
  eventId: number,
  context: { now: Date; siteUrl: string },
): Promise<EventCancellation> {
  const { now, siteUrl } = context;
  await requireEventRole(db, actor, eventId);
  const [event] = await db
    .select({ status: events.status, endsAt: events.endsAt })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event) throw new AppError("not_found", `No event ${eventId} of yours.`);
  if (event.status === "cancelled") throw conflict("already_cancelled", "The event is already cancelled.");
  if (event.endsAt.getTime() <= now.getTime()) throw conflict("event_ended", "The event is over.");

  return db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(events)
      .set({ status: "cancelled", cancelledAt: now, updatedAt: now })
      .where(and(eq(events.id, eventId), ne(events.status, "cancelled")))
      .returning({ id: events.id });
    if (!cancelled) throw conflict("already_cancelled", "The event was cancelled meanwhile.");
    await endCampaignsOfEvent(tx, eventId, now);

    const released = await tx
      .update(orders)
      .set({ status: "cancelled", updatedAt: now })
      .where(and(eq(orders.eventId, eventId), eq(orders.status, "pending")))
      .returning({ id: orders.id });
    for (const order of released) {
      await recordChange(tx, order.id, "cancelled", "event_cancelled", actor, now);
      await releaseTickets(tx, order.id);
    }

    const free = await tx
      .update(orders)
      .set({ status: "cancelled", updatedAt: now })
      .where(and(eq(orders.eventId, eventId), eq(orders.status, "confirmed"), eq(orders.totalCents, 0)))
      .returning({ id: orders.id });
    for (const order of free) {
      await recordChange(tx, order.id, "cancelled", "event_cancelled", actor, now);
      await releaseTickets(tx, order.id);
    }
    await enqueueEventCancelledEmails(
      tx,
      free.map((order) => order.id),
      false,
      siteUrl,
    );

    const paid = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.eventId, eventId), eq(orders.status, "confirmed"), gt(orders.totalCents, 0)));
    await enqueueJobs(
      tx,
      REFUND_CANCELLED_EVENT_ORDER_JOB,
      paid.map((order) => ({ orderId: order.id, actorUserId: actor.userId })),
    );
    await enqueueEventCancelledEmails(
      tx,
      paid.map((order) => order.id),
      true,
      siteUrl,
    );
    return { refundsQueued: paid.length, registrationsCancelled: free.length, holdsReleased: released.length };
  });
}

/** The job's payload, checked again: jobs outlive code versions. */
const refundJobPayloadSchema = z.object({ orderId: z.uuid(), actorUserId: z.uuid() });

/**
 * The REFUND_CANCELLED_EVENT_ORDER_JOB handler: gives a cancelled event's paid order its money back
 * through the provider (orders.ts refundPaidOrder, as the organizer's refund, whose "order refunded"
 * e-mail tells the buyer the money is on its way). An order that is no longer confirmed (refunded by
 * hand meanwhile) is left alone; a refund the provider refuses throws, so the job runs again later and
 * in the end stays failed for a person to look at.
 */
export async function runRefundCancelledEventOrderJob(
  db: Database,
  provider: PaymentProvider,
  payload: unknown,
  context: { now: Date; siteUrl: string },
): Promise<void> {
  const { orderId, actorUserId } = refundJobPayloadSchema.parse(payload);
  const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  if (!order || order.status !== "confirmed") return;
  try {
    await refundPaidOrder(db, provider, { userId: actorUserId }, orderId, {
      ...context,
      reason: "event_cancelled",
    });
  } catch (error) {
    // Refunded at this very moment by another run or by hand: nothing is left to give back.
    if (error instanceof AppError && error.fields?.order === "not_refundable") {
      const [now] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
      if (now?.status !== "confirmed") return;
    }
    throw error;
  }
}

function conflict(word: EventCancellationConflict, message: string): AppError {
  return new AppError("conflict", message, { event: word });
}
