import type { Database } from "#server/db/client";
import { currentTime } from "#server/clock";
import { enqueueJob } from "#server/services/enqueue-job";
import { notifyOrderBuyers } from "#server/services/order-notifications";

/** E-mails about an order, to its buyer, in the language they ordered in. */
export type OrderEmailKind =
  /** The order is confirmed: its tickets with QR codes, and the event as an .ics attachment. */
  | "order_confirmed"
  /** The order was cancelled (by the buyer, or with the event), its tickets void. */
  | "order_cancelled"
  /** The organizer refunded the order. */
  | "order_refunded"
  /** A waitlisted person is offered tickets: a held order to complete before its hold ends. */
  | "waitlist_offer";

export interface OrderEmailRequest {
  kind: OrderEmailKind;
  orderId: string;
  /** The order's page, opened by an access token of its own (services/order-access.ts). */
  link: string;
}

/** The job kind the worker turns into a sent order e-mail. */
export const SEND_ORDER_EMAIL_JOB = "send_order_email";

/**
 * Queues an e-mail about an order in the caller's transaction. The order's details are read when the
 * e-mail is sent, so it shows the order as it is then; the link is a secret, dropped once sent.
 */
export async function enqueueOrderEmail(
  db: Pick<Database, "insert" | "select">,
  email: OrderEmailRequest,
): Promise<void> {
  await enqueueJob(db, SEND_ORDER_EMAIL_JOB, { ...email });
  // The same news in the buyer's bell, when the order belongs to an account.
  await notifyOrderBuyers(db, [email.orderId], ORDER_NOTIFICATIONS[email.kind], currentTime());
}

const ORDER_NOTIFICATIONS = {
  order_confirmed: "confirmed",
  order_cancelled: "cancelled",
  order_refunded: "refunded",
  waitlist_offer: "waitlist_offer",
} as const satisfies Record<OrderEmailKind, string>;
