import { and, count, eq, isNull } from "drizzle-orm";
import { normalizeTicketCode } from "#domain/ticket-code";
import type { Database } from "#server/db/client";
import { eventCoOrganizers, events, orders, profiles, tickets, ticketTypes } from "#server/db/schema";
import { AppError } from "#server/errors";
import type { Actor } from "./actor";
import { queueCheckInBadgeCheck } from "./badge-triggers";

/**
 * What the door is told about one scanned or typed code. Stable words: the page and API clients
 * translate them. Only `checked_in` admits the holder.
 */
export const CHECK_IN_OUTCOMES = [
  "checked_in",
  "already_checked_in",
  "void",
  "wrong_event",
  "not_found",
  "invalid_code",
] as const;
export type CheckInOutcome = (typeof CHECK_IN_OUTCOMES)[number];

/** Tickets of the event admitted so far, against the valid tickets issued for it. */
export interface CheckInCounts {
  checkedIn: number;
  sold: number;
}

export interface CheckInResult {
  outcome: CheckInOutcome;
  /** The ticket, for outcomes about a ticket of this event (checked_in, already_checked_in, void). */
  ticket?: { code: string; ticketTypeName: string; buyerName: string };
  /** When it was admitted: now for checked_in, the first admission for already_checked_in. */
  checkedInAt?: Date;
  /** Who admitted it first (already_checked_in); null when that account is gone. */
  checkedInBy?: { userId: string; name: string } | null;
  /** Why a void ticket no longer admits: its order was cancelled or refunded. */
  voidReason?: "cancelled" | "refunded";
  counts: CheckInCounts;
}

export interface CheckInSummary {
  event: {
    id: number;
    title: string;
    startsAt: Date;
    endsAt: Date;
    timeZone: string;
    status: "draft" | "published" | "cancelled";
  };
  counts: CheckInCounts;
}

/**
 * Admits the ticket with `code` to event `eventId`, once. Only the event's organizer and
 * co-organizers may (not_found for anyone else, as for an unknown event). Every answer about a code
 * is an outcome, not an error: the door needs to see why a ticket is refused.
 *
 * Admission is one conditional UPDATE: of two doors scanning the same ticket at the same instant,
 * the second one's UPDATE waits for the first's row lock, then finds `checked_in_at` set and changes
 * nothing, so the ticket is admitted exactly once and the second door reads who admitted it.
 */
export async function checkInTicket(
  db: Database,
  actor: Actor,
  input: { eventId: number; code: string },
  now: Date,
): Promise<CheckInResult> {
  return db.transaction(async (tx) => {
    await requireEventStaff(tx, actor, input.eventId);
    const code = normalizeTicketCode(input.code);
    if (code === null) return { outcome: "invalid_code", counts: await countCheckIns(tx, input.eventId) };

    const [admitted] = await tx
      .update(tickets)
      .set({ checkedInAt: now, checkedInBy: actor.userId })
      .where(
        and(
          eq(tickets.code, code),
          eq(tickets.eventId, input.eventId),
          eq(tickets.status, "valid"),
          isNull(tickets.checkedInAt),
        ),
      )
      .returning({ orderId: tickets.orderId, ticketTypeId: tickets.ticketTypeId });
    if (admitted) {
      const [about] = await tx
        .select({ ticketTypeName: ticketTypes.name, buyerName: orders.buyerName })
        .from(ticketTypes)
        .innerJoin(orders, eq(orders.id, admitted.orderId))
        .where(eq(ticketTypes.id, admitted.ticketTypeId));
      await queueCheckInBadgeCheck(tx, admitted.orderId);
      return {
        outcome: "checked_in",
        ticket: { code, ticketTypeName: about!.ticketTypeName, buyerName: about!.buyerName },
        checkedInAt: now,
        counts: await countCheckIns(tx, input.eventId),
      };
    }

    // Not admitted: say why, reading the ticket as it is now (after any admission that won the race).
    const [found] = await tx
      .select({
        eventId: tickets.eventId,
        status: tickets.status,
        checkedInAt: tickets.checkedInAt,
        checkedInBy: tickets.checkedInBy,
        checkerName: profiles.name,
        ticketTypeName: ticketTypes.name,
        buyerName: orders.buyerName,
        orderStatus: orders.status,
      })
      .from(tickets)
      .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
      .innerJoin(orders, eq(orders.id, tickets.orderId))
      .leftJoin(profiles, eq(profiles.userId, tickets.checkedInBy))
      .where(eq(tickets.code, code));
    const counts = await countCheckIns(tx, input.eventId);
    if (!found) return { outcome: "not_found", counts };
    // Nothing about another event's ticket is told: its staff are not necessarily this event's.
    if (found.eventId !== input.eventId) return { outcome: "wrong_event", counts };
    const ticket = { code, ticketTypeName: found.ticketTypeName, buyerName: found.buyerName };
    if (found.status === "void") {
      return {
        outcome: "void",
        ticket,
        voidReason: found.orderStatus === "refunded" ? "refunded" : "cancelled",
        counts,
      };
    }
    return {
      outcome: "already_checked_in",
      ticket,
      checkedInAt: found.checkedInAt!,
      checkedInBy:
        found.checkedInBy && found.checkerName ? { userId: found.checkedInBy, name: found.checkerName } : null,
      counts,
    };
  });
}

/** The event as the check-in page shows it, with its counts; for its organizer and co-organizers only. */
export async function getCheckInSummary(db: Database, actor: Actor, eventId: number): Promise<CheckInSummary> {
  return db.transaction(async (tx) => {
    const event = await requireEventStaff(tx, actor, eventId);
    return { event, counts: await countCheckIns(tx, eventId) };
  });
}

/**
 * The event, when `actor` organizes or co-organizes it. Anyone else gets not_found, as for an event
 * that does not exist: a draft's existence is its organizers' business (issue 16).
 */
async function requireEventStaff(db: Database, actor: Actor, eventId: number): Promise<CheckInSummary["event"]> {
  const [row] = await db
    .select({
      id: events.id,
      title: events.title,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      timeZone: events.timeZone,
      status: events.status,
      organizerId: events.organizerId,
      coOrganizerId: eventCoOrganizers.userId,
    })
    .from(events)
    .leftJoin(
      eventCoOrganizers,
      and(eq(eventCoOrganizers.eventId, events.id), eq(eventCoOrganizers.userId, actor.userId)),
    )
    .where(eq(events.id, eventId));
  if (!row || (row.organizerId !== actor.userId && row.coOrganizerId === null)) {
    throw new AppError("not_found", "No such event.");
  }
  return {
    id: row.id,
    title: row.title,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    timeZone: row.timeZone,
    status: row.status,
  };
}

/**
 * Counted from the tickets themselves, not from ticket_types.sold: that counter also holds the seats
 * of pending orders (held while their buyers pay) and the sample data's seats sold without any
 * ticket, none of which can come to the door. Void tickets count in neither number.
 */
async function countCheckIns(db: Database, eventId: number): Promise<CheckInCounts> {
  const [row] = await db
    .select({ sold: count(), checkedIn: count(tickets.checkedInAt) })
    .from(tickets)
    .where(and(eq(tickets.eventId, eventId), eq(tickets.status, "valid")));
  return { checkedIn: row?.checkedIn ?? 0, sold: row?.sold ?? 0 };
}
