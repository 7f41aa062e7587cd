import { asc, eq, sql } from "drizzle-orm";
import type { Language } from "#domain/language";
import type { OrderStatus } from "#domain/order";
import { isUuid } from "#server/auth/secrets";
import type { Database } from "#server/db/client";
import { events, orderItems, orders, orderStatusChanges, tickets, ticketTypes, users, venues } from "#server/db/schema";
import type { Actor } from "./actor";
import { eventRoleOf } from "./event-role";
import { isOrderAccessToken } from "./order-access";

export interface OrderTicket {
  id: string;
  code: string;
  ticketTypeId: number;
  ticketTypeName: string;
  status: "valid" | "void";
  checkedInAt: Date | null;
}

/** An order as its pages, e-mails and the API show it (server/services/orders.ts changes it). */
export interface OrderDetail {
  id: string;
  status: OrderStatus;
  buyerName: string;
  buyerEmail: string;
  language: Language;
  totalCents: number;
  /** Pending orders: when the held tickets go back on sale. */
  holdExpiresAt: Date | null;
  createdAt: Date;
  userId: string | null;
  paymentProvider: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  items: { ticketTypeId: number; name: string; quantity: number; unitPriceCents: number }[];
  /** Issued when confirmed; void ones after a cancellation or refund. */
  tickets: OrderTicket[];
  event: {
    id: number;
    title: string;
    startsAt: Date;
    endsAt: Date;
    timeZone: string;
    status: "draft" | "published" | "cancelled";
    organizerId: string;
    /** For the calendar entry's SEQUENCE and LAST-MODIFIED: an updated entry replaces the old one. */
    createdAt: Date;
    updatedAt: Date;
    venue: { name: string; address: string; city: string; state: string; zipCode: string };
  };
  /** Every status the order entered, oldest first, with why (a stable word) and when. */
  history: { status: OrderStatus; reason: string; at: Date }[];
}

/** What an order shows of its event and venue (also read by placeOrder). */
export const eventColumns = {
  id: events.id,
  title: events.title,
  startsAt: events.startsAt,
  endsAt: events.endsAt,
  timeZone: events.timeZone,
  status: events.status,
  organizerId: events.organizerId,
  createdAt: events.createdAt,
  updatedAt: events.updatedAt,
};
export const venueColumns = {
  name: venues.name,
  address: venues.address,
  city: venues.city,
  state: venues.state,
  zipCode: venues.zipCode,
};

/** The order with its event, items, tickets and history; null when there is none with that id. */
export async function getOrderDetail(db: Database, orderId: string): Promise<OrderDetail | null> {
  if (!isUuid(orderId)) return null;
  const [row] = await db
    .select({
      order: {
        id: orders.id,
        status: orders.status,
        buyerName: orders.buyerName,
        buyerEmail: orders.buyerEmail,
        language: orders.language,
        totalCents: orders.totalCents,
        holdExpiresAt: orders.holdExpiresAt,
        createdAt: orders.createdAt,
        userId: orders.userId,
        paymentProvider: orders.paymentProvider,
        cardBrand: orders.cardBrand,
        cardLast4: orders.cardLast4,
      },
      event: eventColumns,
      venue: venueColumns,
    })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .innerJoin(venues, eq(venues.id, events.venueId))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const [items, issued, history] = await Promise.all([
    db
      .select({
        ticketTypeId: orderItems.ticketTypeId,
        name: ticketTypes.name,
        quantity: orderItems.quantity,
        unitPriceCents: orderItems.unitPriceCents,
      })
      .from(orderItems)
      .innerJoin(ticketTypes, eq(ticketTypes.id, orderItems.ticketTypeId))
      .where(eq(orderItems.orderId, orderId))
      .orderBy(asc(ticketTypes.position), asc(ticketTypes.id)),
    db
      .select({
        id: tickets.id,
        code: tickets.code,
        ticketTypeId: tickets.ticketTypeId,
        ticketTypeName: ticketTypes.name,
        status: tickets.status,
        checkedInAt: tickets.checkedInAt,
      })
      .from(tickets)
      .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
      .where(eq(tickets.orderId, orderId))
      .orderBy(asc(ticketTypes.position), asc(ticketTypes.id), asc(tickets.code)),
    db
      .select({ status: orderStatusChanges.status, reason: orderStatusChanges.reason, at: orderStatusChanges.at })
      .from(orderStatusChanges)
      .where(eq(orderStatusChanges.orderId, orderId))
      // In the order recorded, which is the order they happened in (times come from callers' clocks).
      .orderBy(asc(orderStatusChanges.id)),
  ]);
  return { ...row.order, items, tickets: issued, event: { ...row.event, venue: row.venue }, history };
}

/**
 * Who `actor` (or the holder of `accessToken`) is to an order: its buyer, an organizer of its event,
 * or nobody (null, also for an unknown order). The buyer placed it signed in, or ordered with the
 * address of the actor's confirmed account, or holds one of the order's access tokens.
 */
export async function canViewOrder(
  db: Database,
  { orderId, actor, accessToken }: { orderId: string; actor: Actor | null; accessToken?: string | null },
): Promise<"buyer" | "organizer" | null> {
  if (!isUuid(orderId)) return null;
  const [order] = await db
    .select({
      userId: orders.userId,
      eventId: orders.eventId,
      organizerId: events.organizerId,
      // Only a confirmed address proves the person owns it.
      isBuyerEmail: actor
        ? sql<boolean>`exists (select 1 from ${users} u where u.id = ${actor.userId}
            and u.email_confirmed_at is not null and lower(u.email) = lower(${orders.buyerEmail}))`
        : sql<boolean>`false`,
    })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(eq(orders.id, orderId));
  if (!order) return null;
  if (actor && (order.userId === actor.userId || order.isBuyerEmail)) return "buyer";
  if (accessToken && (await isOrderAccessToken(db, orderId, accessToken))) return "buyer";
  if (actor && (await eventRoleOf(db, actor, { id: order.eventId, organizerId: order.organizerId }))) {
    return "organizer";
  }
  return null;
}
