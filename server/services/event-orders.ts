import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { OrderStatus } from "#domain/order";
import type { Database } from "#server/db/client";
import { events, orderItems, orders, ticketTypes } from "#server/db/schema";
import { AppError } from "#server/errors";
import type { Actor } from "./actor";
import { isEventOrganizer } from "./order-detail";

/** Orders shown per page of an event's orders, newest first. */
export const EVENT_ORDERS_PAGE_SIZE = 50;

export interface EventOrderRow {
  id: string;
  status: OrderStatus;
  buyerName: string;
  buyerEmail: string;
  totalCents: number;
  createdAt: Date;
  paymentProvider: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  items: { ticketTypeId: number; name: string; quantity: number; unitPriceCents: number }[];
  /** Paid and confirmed: the organizer may give the money back (orders.ts refundOrder). */
  isRefundable: boolean;
}

export interface EventOrders {
  event: { id: number; title: string; timeZone: string; startsAt: Date; endsAt: Date };
  orders: EventOrderRow[];
  /** How many orders the event has in each status (all pages). */
  counts: Record<OrderStatus, number>;
  page: number;
  pages: number;
}

/**
 * An event's orders for its organizer or a co-organizer, newest first, a page at a time, with each
 * order's items and how many orders are in each status. Anyone else gets not_found, as for an
 * unknown event: nobody learns which events have orders. Issue 6 adds attendees and an export here.
 */
export async function listEventOrders(
  db: Database,
  actor: Actor,
  eventId: number,
  options: { page?: number } = {},
): Promise<EventOrders> {
  const [event] = await db
    .select({
      id: events.id,
      title: events.title,
      timeZone: events.timeZone,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      organizerId: events.organizerId,
    })
    .from(events)
    .where(eq(events.id, eventId));
  if (!event || !(await isEventOrganizer(db, actor, event.id, event.organizerId))) {
    throw new AppError("not_found", `No event ${eventId} of yours.`);
  }

  const countRows = await db
    .select({ status: orders.status, count: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.eventId, eventId))
    .groupBy(orders.status);
  const counts: Record<OrderStatus, number> = { pending: 0, confirmed: 0, cancelled: 0, refunded: 0 };
  for (const row of countRows) counts[row.status] = Number(row.count);
  const total = Object.values(counts).reduce((sum, count) => sum + count, 0);
  const pages = Math.max(1, Math.ceil(total / EVENT_ORDERS_PAGE_SIZE));
  const page = Math.min(Math.max(1, options.page ?? 1), pages);

  const rows = await db
    .select({
      id: orders.id,
      status: orders.status,
      buyerName: orders.buyerName,
      buyerEmail: orders.buyerEmail,
      totalCents: orders.totalCents,
      createdAt: orders.createdAt,
      paymentProvider: orders.paymentProvider,
      paymentReference: orders.paymentReference,
      cardBrand: orders.cardBrand,
      cardLast4: orders.cardLast4,
    })
    .from(orders)
    .where(eq(orders.eventId, eventId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(EVENT_ORDERS_PAGE_SIZE)
    .offset((page - 1) * EVENT_ORDERS_PAGE_SIZE);
  const items =
    rows.length === 0
      ? []
      : await db
          .select({
            orderId: orderItems.orderId,
            ticketTypeId: orderItems.ticketTypeId,
            name: ticketTypes.name,
            quantity: orderItems.quantity,
            unitPriceCents: orderItems.unitPriceCents,
          })
          .from(orderItems)
          .innerJoin(ticketTypes, eq(ticketTypes.id, orderItems.ticketTypeId))
          .where(
            inArray(
              orderItems.orderId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(ticketTypes.position), asc(ticketTypes.id));

  return {
    event: {
      id: event.id,
      title: event.title,
      timeZone: event.timeZone,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
    },
    orders: rows.map(({ paymentReference, ...row }) => ({
      ...row,
      items: items.filter((item) => item.orderId === row.id).map(({ orderId: _orderId, ...item }) => item),
      // The rule refundOrder applies, so the page offers Refund only where it can work.
      isRefundable: row.status === "confirmed" && row.totalCents > 0 && paymentReference !== null,
    })),
    counts,
    page,
    pages,
  };
}
