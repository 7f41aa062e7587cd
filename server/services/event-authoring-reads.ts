import { asc, eq, sql } from "drizzle-orm";
import type { EventInput } from "#domain/event-input";
import { lowestAllowedPriceCents } from "#domain/ticket-price-floor";
import { selectRows, type Database } from "#server/db/client";
import { categories, eventImages, eventSponsors, orderItems, sponsors, ticketTypes, venues } from "#server/db/schema";
import type { Actor } from "./actor";
import { teamOf, type PendingInvitation } from "./co-organizer-invitations";
import { paidUnitPricesByType, soldTicketsByType } from "./event-orders";
import type { EventRole } from "./event-role";
import { findManagedEvent } from "./event-authoring-steps";

/** What the event form, My Events and the dashboard read of the events an organizer manages. */

export interface EditableTicketType {
  id: number;
  name: string;
  description: string | null;
  priceCents: number;
  quantity: number;
  /** Held or bought (holds of unpaid orders included): the quantity cannot go below it. */
  sold: number;
  /** Tickets sold and still valid, as My Events and the sales page count them (holds are not). */
  ticketsSold: number;
  /** The most a current holder paid for one, in cents (0 when nobody holds one): the price cannot go below it. */
  lowestPriceCents: number;
  /** Whether orders name it: then it cannot be removed, even once they are cancelled. */
  hasOrders: boolean;
  salesStartAt: Date | null;
  salesEndAt: Date | null;
}

export interface EditableEvent {
  id: number;
  role: EventRole;
  status: "draft" | "published" | "cancelled";
  title: string;
  description: string;
  categoryId: number;
  language: EventInput["language"];
  isPublic: boolean;
  timeZone: string;
  startsAt: Date;
  endsAt: Date;
  venue: typeof venues.$inferSelect;
  ticketTypes: EditableTicketType[];
  sponsorIds: number[];
  /** Each chosen sponsor's answer: shown on the event only once "approved". */
  sponsorApprovals: Record<number, "pending" | "approved" | "declined">;
  /** Co-organizers' addresses and invited ones not answered yet: the list the form edits. */
  coOrganizerEmails: string[];
  /** Of those, the invitations still waiting for an answer. */
  coOrganizerInvitations: PendingInvitation[];
  images: { position: number; storageKey: string; widths: number[]; alt: string }[];
}

export interface MyEventRow {
  id: number;
  title: string;
  status: "draft" | "published" | "cancelled";
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  /** Tickets sold and still valid, over all ticket types, as the sales page counts them (not holds). */
  sold: number;
  capacity: number;
  /** What confirmed orders paid, in cents. */
  revenueCents: number;
  /** Started: too late to promote it (promotions.ts listPromotableEvents). */
  hasStarted: boolean;
  /** Ended. */
  isPast: boolean;
  role: EventRole;
}

export interface EventFormOptions {
  categories: { id: number; key: string; name: string }[];
  sponsors: { id: number; name: string }[];
}

/**
 * Everything the edit form shows of an event, for its organizer or a co-organizer; invitations are
 * pending as of `now`.
 */
export async function getEventForEditing(
  db: Database,
  actor: Actor,
  eventId: number,
  now = new Date(),
): Promise<EditableEvent> {
  return db.transaction(async (tx) => {
    const { event, role } = await findManagedEvent(tx, actor, eventId);
    const [venueRows, types, ordered, sponsorRows, team, imageRows, sold, paidPrices] = await Promise.all([
      tx.select().from(venues).where(eq(venues.id, event.venueId)),
      tx
        .select()
        .from(ticketTypes)
        .where(eq(ticketTypes.eventId, eventId))
        .orderBy(asc(ticketTypes.position), asc(ticketTypes.id)),
      tx
        .selectDistinct({ id: orderItems.ticketTypeId })
        .from(orderItems)
        .innerJoin(ticketTypes, eq(ticketTypes.id, orderItems.ticketTypeId))
        .where(eq(ticketTypes.eventId, eventId)),
      tx
        .select({ id: eventSponsors.sponsorId, status: eventSponsors.status })
        .from(eventSponsors)
        .where(eq(eventSponsors.eventId, eventId)),
      teamOf(tx, eventId, now),
      tx.select().from(eventImages).where(eq(eventImages.eventId, eventId)).orderBy(asc(eventImages.position)),
      soldTicketsByType(tx, eventId),
      paidUnitPricesByType(tx, eventId),
    ]);
    const orderedIds = new Set(ordered.map((row) => row.id));
    return {
      id: event.id,
      role,
      status: event.status,
      title: event.title,
      description: event.description,
      categoryId: event.categoryId,
      language: event.language,
      isPublic: event.isPublic,
      timeZone: event.timeZone,
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      venue: venueRows[0]!,
      ticketTypes: types.map((type) => ({
        id: type.id,
        name: type.name,
        description: type.description,
        priceCents: type.priceCents,
        quantity: type.quantity,
        sold: type.sold,
        ticketsSold: sold.get(type.id) ?? 0,
        lowestPriceCents: lowestAllowedPriceCents(paidPrices.get(type.id) ?? []),
        hasOrders: orderedIds.has(type.id) || type.sold > 0,
        salesStartAt: type.salesStartAt,
        salesEndAt: type.salesEndAt,
      })),
      sponsorIds: sponsorRows.map((row) => row.id).sort((a, b) => a - b),
      sponsorApprovals: Object.fromEntries(sponsorRows.map((row) => [row.id, row.status])),
      coOrganizerEmails: [...team.coOrganizerEmails, ...team.pending.map((invitation) => invitation.email)],
      coOrganizerInvitations: team.pending,
      images: imageRows.map(({ position, storageKey, widths, alt }) => ({ position, storageKey, widths, alt })),
    };
  });
}

/**
 * The events the actor organizes or co-organizes, upcoming ones first (soonest first), then past
 * ones (latest first), with what is sold and what confirmed orders brought in.
 */
export async function listMyEvents(db: Database, actor: Actor, now: Date): Promise<MyEventRow[]> {
  const rows = await selectRows<{
    id: number;
    title: string;
    status: MyEventRow["status"];
    starts_at: string | Date;
    ends_at: string | Date;
    time_zone: string;
    sold: number | string;
    capacity: number | string;
    revenue_cents: number | string;
    is_organizer: boolean;
  }>(
    db,
    sql`
      select e.id, e.title, e.status, e.starts_at, e.ends_at, e.time_zone,
        (select count(*) from tickets k where k.event_id = e.id and k.status = 'valid') as sold,
        coalesce((select sum(t.quantity) from ticket_types t where t.event_id = e.id), 0) as capacity,
        coalesce((select sum(o.total_cents) from orders o where o.event_id = e.id and o.status = 'confirmed'), 0)
          as revenue_cents,
        e.organizer_id = ${actor.userId} as is_organizer
      from events e
      where e.organizer_id = ${actor.userId}
        or exists (select 1 from event_co_organizers c where c.event_id = e.id and c.user_id = ${actor.userId})`,
  );
  const list = rows.map((row): MyEventRow => {
    const startsAt = new Date(row.starts_at);
    const endsAt = new Date(row.ends_at);
    return {
      id: Number(row.id),
      title: row.title,
      status: row.status,
      startsAt,
      endsAt,
      timeZone: row.time_zone,
      sold: Number(row.sold),
      capacity: Number(row.capacity),
      revenueCents: Number(row.revenue_cents),
      hasStarted: startsAt.getTime() <= now.getTime(),
      isPast: endsAt.getTime() <= now.getTime(),
      role: row.is_organizer ? "organizer" : "co_organizer",
    };
  });
  const upcoming = list
    .filter((row) => !row.isPast)
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id - b.id);
  const past = list
    .filter((row) => row.isPast)
    .sort((a, b) => b.startsAt.getTime() - a.startsAt.getTime() || b.id - a.id);
  return [...upcoming, ...past];
}

/** The choices the event form offers: every category in its order and every sponsor by name. */
export async function listEventFormOptions(db: Database): Promise<EventFormOptions> {
  const [categoryRows, sponsorRows] = await Promise.all([
    db
      .select({ id: categories.id, key: categories.key, name: categories.name })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.id)),
    db.select({ id: sponsors.id, name: sponsors.name }).from(sponsors).orderBy(asc(sponsors.name), asc(sponsors.id)),
  ]);
  return { categories: categoryRows, sponsors: sponsorRows };
}
