import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { NotificationInput } from "#domain/notification";
import type { Database } from "#server/db/client";
import { events, orders } from "#server/db/schema";
import { notify } from "./notifications";

type OrderChange = Extract<NotificationInput, { kind: "order_changed" }>["data"]["change"];

/**
 * Puts "your order changed" in the bell of each order's buyer who has an account (a guest's order
 * has no bell: its e-mail is all they get), beside the e-mail queued about it, in the caller's
 * transaction. `waitlist_offer` is the held order a waitlist offers.
 */
export async function notifyOrderBuyers(
  tx: Pick<Database, "select" | "insert">,
  orderIds: readonly string[],
  change: OrderChange | "waitlist_offer",
  now: Date,
): Promise<void> {
  if (orderIds.length === 0) return;
  const rows = await tx
    .select({ orderId: orders.id, userId: orders.userId, eventId: orders.eventId, eventTitle: events.title })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(and(inArray(orders.id, [...orderIds]), isNotNull(orders.userId)));
  for (const { orderId, userId, eventId, eventTitle } of rows) {
    await notify(
      tx,
      [userId!],
      change === "waitlist_offer"
        ? { kind: "waitlist_offer", data: { eventId, eventTitle, orderId } }
        : { kind: "order_changed", data: { orderId, eventTitle, change } },
      now,
    );
  }
}
