import { z } from "zod";
import type { Database } from "#server/db/client";
import { getOrderDetail } from "#server/services/orders";
import { EVENT_CHANGES, type EventChangeEmailRequest } from "#server/services/event-change-emails";
import type { Mailer } from "./mailer";
import { renderEventChangeEmail } from "./render-event-change-email";

/** A send_event_change_email job's payload as event-change-emails.ts wrote it; checked again because jobs outlive code versions. */
const requestSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("event_changed"),
    orderId: z.uuid(),
    change: z.enum(EVENT_CHANGES),
    link: z.string().max(4_000),
  }),
  z.object({
    kind: z.literal("event_cancelled"),
    orderId: z.uuid(),
    isRefunded: z.boolean(),
    link: z.string().max(4_000),
  }),
]);

/**
 * The SEND_EVENT_CHANGE_EMAIL_JOB handler: reads the order and its event as they are now, writes the
 * e-mail and hands it to the mailer. A change told to an order that is no longer confirmed (cancelled
 * or refunded since) is dropped: its holder has no ticket left to worry about. A cancellation is always
 * told. An unknown order fails the job (retried, then kept as failed for a person to look at).
 */
export async function sendEventChangeEmail(
  db: Database,
  mailer: Mailer,
  payload: unknown,
  context: { siteUrl: string; now: Date },
): Promise<void> {
  const request: EventChangeEmailRequest = requestSchema.parse(payload);
  const order = await getOrderDetail(db, request.orderId);
  if (!order) throw new Error(`No order ${request.orderId} to e-mail about`);
  if (request.kind === "event_changed" && order.status !== "confirmed") return;
  await mailer.deliver(renderEventChangeEmail(request, order, context));
}
