import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { csvDocument } from "#domain/csv";
import type { OrderStatus } from "#domain/order";
import { localDateTimeIn } from "#domain/time";
import type { Database } from "#server/db/client";
import { events, orderItems, orders, tickets, ticketTypes } from "#server/db/schema";
import { AppError } from "#server/errors";
import type { Actor } from "./actor";
import { eventRoleOf, type EventRole } from "./event-role";

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
 * unknown event: nobody learns which events have orders.
 */
export async function listEventOrders(
  db: Database,
  actor: Actor,
  eventId: number,
  options: { page?: number } = {},
): Promise<EventOrders> {
  const event = await staffEvent(db, actor, eventId);
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

interface StaffEvent {
  id: number;
  title: string;
  timeZone: string;
  status: "draft" | "published" | "cancelled";
  startsAt: Date;
  endsAt: Date;
  cancelledAt: Date | null;
  organizerId: string;
  role: EventRole;
}

/** The event, for its organizer or a co-organizer; not_found for anyone else and for unknown events. */
async function staffEvent(db: Database, actor: Actor, eventId: number): Promise<StaffEvent> {
  const [event] = await db
    .select({
      id: events.id,
      title: events.title,
      timeZone: events.timeZone,
      status: events.status,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      cancelledAt: events.cancelledAt,
      organizerId: events.organizerId,
    })
    .from(events)
    .where(eq(events.id, eventId));
  const role = event && (await eventRoleOf(db, actor, event));
  if (!role) throw new AppError("not_found", `No event ${eventId} of yours.`);
  return { ...event!, role };
}

export interface TicketTypeSales {
  id: number;
  name: string;
  priceCents: number;
  /** Tickets on sale in all. */
  quantity: number;
  /** Valid tickets of confirmed orders. */
  sold: number;
  /** What confirmed orders paid for this type. */
  revenueCents: number;
}

export interface EventSales {
  event: {
    id: number;
    title: string;
    timeZone: string;
    status: "draft" | "published" | "cancelled";
    startsAt: Date;
    endsAt: Date;
    cancelledAt: Date | null;
  };
  role: EventRole;
  ticketTypes: TicketTypeSales[];
  sold: number;
  capacity: number;
  /** What the event's confirmed orders paid in all (fees included). */
  revenueCents: number;
}

/**
 * What each of an event's ticket types has sold, by ticket type id (types with none are left out): its
 * valid tickets, which confirmed orders hold. Holds of unpaid orders are not sold yet and refunded or
 * cancelled tickets no longer are. The one definition of "sold" the sales page, the edit page and My
 * Events (listMyEvents counts the same tickets per event) show.
 */
export async function soldTicketsByType(db: Database, eventId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ ticketTypeId: tickets.ticketTypeId, sold: count() })
    .from(tickets)
    .where(and(eq(tickets.eventId, eventId), eq(tickets.status, "valid")))
    .groupBy(tickets.ticketTypeId);
  return new Map(rows.map((row) => [row.ticketTypeId, Number(row.sold)]));
}

/**
 * The unit prices the current holders of each of an event's ticket types paid, by ticket type id: one
 * per price among the orders holding valid tickets of it (order_items keeps the price when ordered).
 * Types nobody holds a valid ticket of are left out.
 */
export async function paidUnitPricesByType(db: Database, eventId: number): Promise<Map<number, number[]>> {
  const rows = await db
    .selectDistinct({ ticketTypeId: orderItems.ticketTypeId, unitPriceCents: orderItems.unitPriceCents })
    .from(orderItems)
    .innerJoin(tickets, and(eq(tickets.orderId, orderItems.orderId), eq(tickets.ticketTypeId, orderItems.ticketTypeId)))
    .where(and(eq(tickets.eventId, eventId), eq(tickets.status, "valid")));
  const prices = new Map<number, number[]>();
  for (const row of rows) prices.set(row.ticketTypeId, [...(prices.get(row.ticketTypeId) ?? []), row.unitPriceCents]);
  return prices;
}

/**
 * An event's sales for its staff: per ticket type what is sold of what is on sale and what it brought
 * in, and the totals. Held tickets (pending orders) are not sold yet and refunded ones no longer are.
 */
export async function getEventSales(db: Database, actor: Actor, eventId: number): Promise<EventSales> {
  const { organizerId: _organizerId, role, ...event } = await staffEvent(db, actor, eventId);
  const types = await db
    .select({
      id: ticketTypes.id,
      name: ticketTypes.name,
      priceCents: ticketTypes.priceCents,
      quantity: ticketTypes.quantity,
    })
    .from(ticketTypes)
    .where(eq(ticketTypes.eventId, eventId))
    .orderBy(asc(ticketTypes.position), asc(ticketTypes.id));
  const sold = await soldTicketsByType(db, eventId);
  const revenueRows = await db
    .select({
      ticketTypeId: orderItems.ticketTypeId,
      revenueCents: sql<number>`coalesce(sum(${orderItems.quantity} * ${orderItems.unitPriceCents}), 0)`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.eventId, eventId), eq(orders.status, "confirmed")))
    .groupBy(orderItems.ticketTypeId);
  const [total] = await db
    .select({ revenueCents: sql<number>`coalesce(sum(${orders.totalCents}), 0)` })
    .from(orders)
    .where(and(eq(orders.eventId, eventId), eq(orders.status, "confirmed")));
  const revenue = new Map(revenueRows.map((row) => [row.ticketTypeId, Number(row.revenueCents)]));
  const lines = types.map((type) => ({
    ...type,
    sold: sold.get(type.id) ?? 0,
    revenueCents: revenue.get(type.id) ?? 0,
  }));
  return {
    event,
    role,
    ticketTypes: lines,
    sold: lines.reduce((sum, line) => sum + line.sold, 0),
    capacity: lines.reduce((sum, line) => sum + line.quantity, 0),
    revenueCents: Number(total?.revenueCents ?? 0),
  };
}

/** One person expected at the door: a valid ticket and who holds it. */
export interface EventAttendee {
  ticketId: string;
  code: string;
  ticketTypeName: string;
  orderId: string;
  name: string;
  email: string;
  checkedInAt: Date | null;
}

/** Attendees shown on the sales page at most; the CSV export has them all. */
export const EVENT_ATTENDEES_SHOWN = 200;

/**
 * The event's attendees for its staff: one row per valid ticket, by name, then ticket type, then code;
 * at most `limit` of them, with how many there are in all. Anyone else gets not_found.
 */
export async function listEventAttendees(
  db: Database,
  actor: Actor,
  eventId: number,
  options: { limit?: number } = {},
): Promise<{ attendees: EventAttendee[]; total: number }> {
  await staffEvent(db, actor, eventId);
  const valid = and(eq(tickets.eventId, eventId), eq(tickets.status, "valid"));
  const [total] = await db.select({ count: count() }).from(tickets).where(valid);
  const attendees = await db
    .select({
      ticketId: tickets.id,
      code: tickets.code,
      ticketTypeName: ticketTypes.name,
      orderId: orders.id,
      name: orders.buyerName,
      email: orders.buyerEmail,
      checkedInAt: tickets.checkedInAt,
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .where(valid)
    .orderBy(asc(sql`lower(${orders.buyerName})`), asc(orders.id), asc(ticketTypes.position), asc(tickets.code))
    .limit(options.limit ?? EVENT_ATTENDEES_SHOWN);
  return { attendees, total: Number(total?.count ?? 0) };
}

/** The sales CSV's columns, in order; the caller names them in the reader's language. */
export const SALES_CSV_COLUMNS = [
  "orderId",
  "buyerName",
  "email",
  "ticketType",
  "ticketCode",
  "status",
  "price",
  "orderedAt",
  "checkedInAt",
] as const;
export type SalesCsvColumn = (typeof SALES_CSV_COLUMNS)[number];

/**
 * The event's sales as a CSV document for its staff (not_found for anyone else): one row per ticket
 * ever issued, void ones included with their order's status (cancelled, refunded), in order of
 * purchase. Times are the event's wall-clock time (`columnName` gets the zone to name it), prices in
 * dollars.
 * Names and e-mails are what buyers typed, so cells are neutralized against formulas (domain/csv.ts).
 */
export async function eventSalesCsv(
  db: Database,
  actor: Actor,
  eventId: number,
  columnName: (column: SalesCsvColumn, timeZone: string) => string,
  /** A buyer's name as the reader sees it (a deleted account's marker in their words, domain/deleted-account.ts). */
  buyerName: (stored: string) => string = (stored) => stored,
): Promise<string> {
  const event = await staffEvent(db, actor, eventId);
  const rows = await db
    .select({
      orderId: orders.id,
      name: orders.buyerName,
      email: orders.buyerEmail,
      ticketTypeName: ticketTypes.name,
      code: tickets.code,
      status: orders.status,
      unitPriceCents: orderItems.unitPriceCents,
      orderedAt: orders.createdAt,
      checkedInAt: tickets.checkedInAt,
    })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .leftJoin(
      orderItems,
      and(eq(orderItems.orderId, tickets.orderId), eq(orderItems.ticketTypeId, tickets.ticketTypeId)),
    )
    .where(eq(tickets.eventId, eventId))
    .orderBy(asc(orders.createdAt), asc(orders.id), asc(ticketTypes.position), asc(tickets.code));
  const zone = event.timeZone;
  return csvDocument(
    SALES_CSV_COLUMNS.map((column) => columnName(column, zone)),
    rows.map((row) => [
      row.orderId,
      buyerName(row.name),
      row.email,
      row.ticketTypeName,
      row.code,
      row.status,
      row.unitPriceCents === null ? null : (row.unitPriceCents / 100).toFixed(2),
      wallClock(row.orderedAt, zone),
      row.checkedInAt ? wallClock(row.checkedInAt, zone) : null,
    ]),
  );
}

/** "2026-12-04 19:30": the time clocks in the zone showed, as spreadsheets read dates. */
function wallClock(instant: Date, timeZone: string): string {
  const local = localDateTimeIn(instant, timeZone);
  const two = (value: number) => String(value).padStart(2, "0");
  return `${local.year}-${two(local.month)}-${two(local.day)} ${two(local.hour)}:${two(local.minute)}`;
}
