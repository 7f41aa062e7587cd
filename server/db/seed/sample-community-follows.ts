import type { Database } from "#server/db/client";
import * as schema from "#server/db/schema";

/** How many sample events each attendee saved, and how many organizers each follows. */
const SAVES_PER_ATTENDEE = 4;
const FOLLOWS_PER_ATTENDEE = 2;

/**
 * Saved events and followed organizers for the sample people, spread deterministically: attendee i
 * saves events i·5+1, i·5+3… and follows the organizers i and i+1 (by their order in the sample list).
 * Organizers follow one another too (each the next), so organizer pages show followers. Answers the
 * counts for the seed's log.
 */
export async function seedSampleSavesAndFollows(
  tx: Pick<Database, "insert">,
  people: { userIds: readonly string[]; roles: readonly ("organizer" | "attendee")[] },
  events: readonly { id: number }[],
  now: Date,
): Promise<{ saves: number; follows: number }> {
  const eventIds = events.map((event) => event.id);
  const attendees = people.userIds.filter((_, index) => people.roles[index] === "attendee");
  const organizers = people.userIds.filter((_, index) => people.roles[index] === "organizer");
  if (eventIds.length === 0 || organizers.length === 0) return { saves: 0, follows: 0 };
  const saves = attendees.flatMap((userId, i) =>
    Array.from({ length: SAVES_PER_ATTENDEE }, (_, k) => ({
      userId,
      eventId: eventIds[(i * 5 + k * 2) % eventIds.length]!,
      createdAt: new Date(now.getTime() - (k + 1) * 3_600_000),
    })),
  );
  const follows = [
    ...attendees.flatMap((followerId, i) =>
      Array.from({ length: FOLLOWS_PER_ATTENDEE }, (_, k) => ({
        followerId,
        organizerId: organizers[(i + k) % organizers.length]!,
        createdAt: now,
      })),
    ),
    ...(organizers.length > 1
      ? organizers.map((followerId, i) => ({
          followerId,
          organizerId: organizers[(i + 1) % organizers.length]!,
          createdAt: now,
        }))
      : []),
  ];
  if (saves.length > 0) await tx.insert(schema.eventSaves).values(saves).onConflictDoNothing();
  if (follows.length > 0) await tx.insert(schema.organizerFollows).values(follows).onConflictDoNothing();
  return { saves: saves.length, follows: follows.length };
}
