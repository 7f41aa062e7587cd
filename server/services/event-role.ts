import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { eventCoOrganizers, events } from "#server/db/schema";
import { AppError } from "#server/errors";
import type { Actor } from "./actor";

/** Who manages an event: its organizer, or a co-organizer the organizer added. */
export type EventRole = "organizer" | "co_organizer";

/**
 * The actor's role in an event (given its id and organizer), or null for anyone else. Every check of
 * who may manage an event goes through here: editing, sales, check-in, refunds, cancelling, promoting.
 */
export async function eventRoleOf(
  db: Database,
  actor: Actor,
  event: { id: number; organizerId: string },
): Promise<EventRole | null> {
  if (actor.userId === event.organizerId) return "organizer";
  const [link] = await db
    .select({ userId: eventCoOrganizers.userId })
    .from(eventCoOrganizers)
    .where(and(eq(eventCoOrganizers.eventId, event.id), eq(eventCoOrganizers.userId, actor.userId)));
  return link ? "co_organizer" : null;
}

/**
 * The actor's role in the event `eventId`, for a use case to check before anything else. Errors:
 * not_found for anyone but its organizer and co-organizers, as for an event that does not exist.
 */
export async function requireEventRole(db: Database, actor: Actor, eventId: number): Promise<EventRole> {
  const [event] = await db
    .select({ id: events.id, organizerId: events.organizerId })
    .from(events)
    .where(eq(events.id, eventId));
  const role = event && (await eventRoleOf(db, actor, event));
  if (!role) throw new AppError("not_found", `No event ${eventId} of yours.`);
  return role;
}

/**
 * The same check as eventRoleOf for lists of events: a condition on the `events` table that the actor
 * organizes or co-organizes the event.
 */
export function managedBy(actor: Actor): SQL {
  return sql`(${events.organizerId} = ${actor.userId} or exists (select 1 from ${eventCoOrganizers}
    where ${eventCoOrganizers.eventId} = ${events.id} and ${eventCoOrganizers.userId} = ${actor.userId}))`;
}
