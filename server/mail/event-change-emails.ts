import { and, eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { orders } from "#server/db/schema";
import { enqueueJob } from "#server/jobs/enqueue-job";
import { issueOrderAccessToken } from "#server/services/order-access";

/** What the organizer changed about a published event that its ticket holders must hear about. */
export type EventChange = "date" | "venue" | "date_and_venue";
export const EVENT_CHANGES = ["date", "venue", "date_and_venue"] as const satisfies readonly EventChange[];

/** The job kind the worker turns into a sent "event changed" or "event cancelled" e-mail. */
export const SEND_EVENT_CHANGE_EMAIL_JOB = "send_event_change_email";

/**
 * The e-mail's payload. `link` opens the order without an account (a token of its own, a secret the
 * jobs table drops once sent). A cancellation says whether the payment is being given back, as known
 * when the event was cancelled: the refund job may run before or after the e-mail is sent.
 */
export type EventChangeEmailRequest =
  | { kind: "event_changed"; orderId: string; change: EventChange; link: string }
  | { kind: "event_cancelled"; orderId: string; isRefunded: boolean; link: string };

type Tx = Pick<Database, "select" | "insert">;

/**
 * Queues one "event changed" e-mail for the buyer of every confirmed order of the event, in the
 * language they ordered in, in the caller's transaction (updateEvent's). The new date and venue are
 * read when each e-mail is sent. Returns how many were queued.
 */
export async function enqueueEventChangeEmails(
  tx: Tx,
  eventId: number,
  change: EventChange,
  siteUrl: string,
): Promise<number> {
  const confirmed = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.eventId, eventId), eq(orders.status, "confirmed")));
  for (const order of confirmed) {
    await enqueueJob(tx, SEND_EVENT_CHANGE_EMAIL_JOB, {
      kind: "event_changed",
      orderId: order.id,
      change,
      link: await orderLink(tx, order.id, siteUrl),
    } satisfies EventChangeEmailRequest);
  }
  return confirmed.length;
}

/** Queues the "event cancelled" e-mail to one order's buyer, in the caller's transaction (cancelEvent's). */
export async function enqueueEventCancelledEmail(
  tx: Tx,
  orderId: string,
  isRefunded: boolean,
  siteUrl: string,
): Promise<void> {
  await enqueueJob(tx, SEND_EVENT_CHANGE_EMAIL_JOB, {
    kind: "event_cancelled",
    orderId,
    isRefunded,
    link: await orderLink(tx, orderId, siteUrl),
  } satisfies EventChangeEmailRequest);
}

async function orderLink(tx: Tx, orderId: string, siteUrl: string): Promise<string> {
  const token = await issueOrderAccessToken(tx, orderId);
  return `${siteUrl}/orders/${orderId}?key=${encodeURIComponent(token)}`;
}
