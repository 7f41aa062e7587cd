import { z } from "zod";
import type { Database } from "#server/db/client";
import { isHoldExpired } from "#domain/order";
import { getOrderDetail } from "#server/services/orders";
import type { Mailer } from "./mailer";
import type { OrderEmailKind } from "#server/services/order-emails";
import { renderOrderEmail } from "./render-order-email";

/** A send_order_email job's payload as enqueueOrderEmail wrote it; checked again because jobs outlive code versions. */
const orderEmailRequestSchema = z.object({
  kind: z.enum(["order_confirmed", "order_cancelled", "order_refunded", "waitlist_offer"]),
  orderId: z.uuid(),
  link: z.string().max(4_000),
});

/**
 * Whether an e-mail of `kind` still tells the truth about the order as it is now: the order is read
 * when the e-mail is sent, and it may have moved on since the e-mail was queued (a confirmation not yet
 * sent when the buyer cancelled, an offer whose hold ran out while the mail server was down). A
 * cancellation or refund is always told.
 */
function isStillTrue(kind: OrderEmailKind, order: { status: string; holdExpiresAt: Date | null }, now: Date) {
  if (kind === "order_confirmed") return order.status === "confirmed";
  if (kind === "waitlist_offer") return order.status === "pending" && !isHoldExpired(order.holdExpiresAt, now);
  return true;
}

/**
 * The order e-mail job (SEND_ORDER_EMAIL_JOB): reads the order, writes the e-mail in the buyer's
 * language and hands it to the mailer. An unknown order fails the job (it is retried, then kept as
 * failed for a person to look at); an e-mail that is no longer true is dropped.
 */
export async function sendOrderEmail(
  db: Database,
  mailer: Mailer,
  payload: unknown,
  context: { siteUrl: string; now: Date },
): Promise<void> {
  const request = orderEmailRequestSchema.parse(payload);
  const order = await getOrderDetail(db, request.orderId);
  if (!order) throw new Error(`No order ${request.orderId} to e-mail about`);
  if (!isStillTrue(request.kind, order, context.now)) return;
  await mailer.deliver(
    await renderOrderEmail({ kind: request.kind, order, link: request.link, now: context.now }, context.siteUrl),
  );
}
