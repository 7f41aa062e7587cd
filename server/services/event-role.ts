import { and, eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { eventCoOrganizers } from "#server/db/schema";
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
