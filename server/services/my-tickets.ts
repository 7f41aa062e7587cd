import { and, asc, eq, or, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { events, orders, users, venues } from "#server/db/schema";
import type { Actor } from "./actor";
import { ticketsOf, type LookedUpTicket } from "./ticket-lookup";

/** A confirmed order of the person's, with its event and its tickets. */
export interface MyTicketOrder {
  id: string;
  event: { id: number; title: string; startsAt: Date; endsAt: Date; timeZone: string; venueName: string };
  tickets: LookedUpTicket[];
}

export interface MyTickets {
  /** Events not over yet, soonest first. */
  upcoming: MyTicketOrder[];
  /** Events over, latest first. */
  past: MyTicketOrder[];
}

/**
 * The person's tickets: those of confirmed orders they placed signed in, or placed with the address
 * of their account once that address is confirmed (a guest order made before signing up shows up
 * too; an unconfirmed address proves nothing, so it brings nobody else's orders). An event counts as
 * upcoming until it ends, so tickets stay at hand during the event.
 */
export async function listMyTickets(db: Database, actor: Actor, now: Date): Promise<MyTickets> {
  const rows = await db
    .select({
      id: orders.id,
      event: {
        id: events.id,
        title: events.title,
        startsAt: events.startsAt,
        endsAt: events.endsAt,
        timeZone: events.timeZone,
        venueName: venues.name,
      },
    })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .innerJoin(venues, eq(venues.id, events.venueId))
    .where(
      and(
        eq(orders.status, "confirmed"),
        or(
          eq(orders.userId, actor.userId),
          sql`lower(${orders.buyerEmail}) = (select lower(u.email) from ${users} u
            where u.id = ${actor.userId} and u.email_confirmed_at is not null)`,
        ),
      ),
    )
    .orderBy(asc(events.startsAt), asc(orders.createdAt));
  const ticketsByOrder = await ticketsOf(
    db,
    rows.map((row) => row.id),
  );
  const withTickets = rows.map((row) => ({ ...row, tickets: ticketsByOrder.get(row.id) ?? [] }));
  const isOver = (order: MyTicketOrder) => order.event.endsAt.getTime() <= now.getTime();
  return {
    upcoming: withTickets.filter((order) => !isOver(order)),
    past: withTickets.filter(isOver).reverse(),
  };
}
