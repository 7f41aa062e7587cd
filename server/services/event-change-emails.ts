import { and, eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { orders } from "#server/db/schema";
import { currentTime } from "#server/clock";
import { enqueueJobs } from "#server/services/enqueue-job";
import { notifyOrderBuyers } from "#server/services/order-notifications";
import { issueOrderAccessTokens } from "#server/services/order-access";

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
 * language they ordered in, in the caller's transaction (updateEvent's), with a few statements
 * whatever the number of orders. The new date and venue are read when each e-mail is sent. Returns
 * how many were queued.
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
  const orderIds = confirmed.map((order) => order.id);
  const links = await orderLinks(tx, orderIds, siteUrl);
  await enqueueJobs(
    tx,
    SEND_EVENT_CHANGE_EMAIL_JOB,
    orderIds.map(
      (orderId, index) =>
        ({ kind: "event_changed", orderId, change, link: links[index]! }) satisfies EventChangeEmailRequest,
    ),
  );
  await notifyOrderBuyers(tx, orderIds, "event_changed", currentTime());
  return orderIds.length;
}

/** Queues the "event cancelled" e-mail to each order's buyer, in the caller's transaction (cancelEvent's). */
export async function enqueueEventCancelledEmails(
  tx: Tx,
  orderIds: readonly string[],
  isRefunded: boolean,
  siteUrl: string,
): Promise<void> {
  const links = await orderLinks(tx, orderIds, siteUrl);
  await enqueueJobs(
    tx,
    SEND_EVENT_CHANGE_EMAIL_JOB,
    orderIds.map(
      (orderId, index) =>
        ({ kind: "event_cancelled", orderId, isRefunded, link: links[index]! }) satisfies EventChangeEmailRequest,
    ),
  );
  await notifyOrderBuyers(tx, orderIds, "event_cancelled", currentTime());
}

/** A link that opens each order without an account (a token of its own per e-mail). */
async function orderLinks(tx: Tx, orderIds: readonly string[], siteUrl: string): Promise<string[]> {
  const tokens = await issueOrderAccessTokens(tx, orderIds);
  return orderIds.map((orderId, index) => `${siteUrl}/orders/${orderId}?key=${encodeURIComponent(tokens[index]!)}`);
}
