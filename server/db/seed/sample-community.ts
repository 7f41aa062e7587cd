import { and, asc, inArray, lt } from "drizzle-orm";
import type { Database } from "#server/db/client";
import * as schema from "#server/db/schema";
import { publicEventCondition } from "#server/services/event-visibility";

/**
 * A little of what members do, so /community and the public profiles show real-looking activity on a
 * fresh install: reviews of the sample events that already happened, people following organizers, and
 * the badges those earned. Deterministic for a given `now`; a row already there (another seed module
 * writing the same review or badge) is left as it is.
 */

const SAMPLE_REVIEWS = [
  {
    author: "Amadou Diallo",
    rating: 5,
    body: "Warm welcome, great music and the line moved fast. Coming back next time.",
  },
  {
    author: "Sophie Laurent",
    rating: 4,
    body: "Lovely evening. The room got crowded after eight, but the hosts kept it friendly.",
  },
  {
    author: "Layla Mansour",
    rating: 5,
    body: "Exactly as described, and the organizer answered my questions before the day.",
  },
  { author: "Omar Khalil", rating: 3, body: null },
  { author: "Meron Haile", rating: 4, body: "Good mix of people; I left with three new contacts and a full plate." },
] as const;

const SAMPLE_FOLLOWS = [
  ["Amadou Diallo", "Hanna Bekele"],
  ["Sophie Laurent", "Hanna Bekele"],
  ["Layla Mansour", "Hanna Bekele"],
  ["Sophie Laurent", "Camille Dubois"],
  ["Omar Khalil", "Youssef Haddad"],
  ["Meron Haile", "Samuel Tesfaye"],
] as const;

const HOUR_MS = 60 * 60_000;

type Tx = Pick<Database, "insert" | "select">;

export async function seedSampleCommunity(tx: Tx, now: Date): Promise<number> {
  const names = [...new Set([...SAMPLE_REVIEWS.map((review) => review.author), ...SAMPLE_FOLLOWS.flat()])];
  const people = await tx
    .select({ id: schema.profiles.userId, name: schema.profiles.name })
    .from(schema.profiles)
    .where(inArray(schema.profiles.name, names));
  const idOf = new Map(people.map((person) => [person.name, person.id]));
  const past = await tx
    .select({ id: schema.events.id, organizerId: schema.events.organizerId })
    .from(schema.events)
    .where(and(publicEventCondition(), lt(schema.events.endsAt, now)))
    .orderBy(asc(schema.events.startsAt), asc(schema.events.id));
  if (past.length === 0) return 0;

  const reviewRows = SAMPLE_REVIEWS.flatMap((review, index) => {
    const authorId = idOf.get(review.author);
    const event = past[index % past.length]!;
    if (!authorId || authorId === event.organizerId) return [];
    const createdAt = new Date(now.getTime() - (index + 2) * HOUR_MS);
    return [{ eventId: event.id, authorId, rating: review.rating, body: review.body, createdAt, updatedAt: createdAt }];
  });
  if (reviewRows.length > 0) await tx.insert(schema.reviews).values(reviewRows).onConflictDoNothing();

  const followRows = SAMPLE_FOLLOWS.flatMap(([follower, organizer]) => {
    const followerId = idOf.get(follower);
    const organizerId = idOf.get(organizer);
    return followerId && organizerId ? [{ followerId, organizerId, createdAt: now }] : [];
  });
  if (followRows.length > 0) await tx.insert(schema.organizerFollows).values(followRows).onConflictDoNothing();

  const organizers = [...new Set(past.map((event) => event.organizerId))];
  const badgeRows = [
    ...reviewRows.map((review, index) => ({
      userId: review.authorId,
      badge: "first_timer",
      awardedAt: new Date(now.getTime() - (index + 1) * HOUR_MS),
    })),
    ...organizers.map((userId, index) => ({
      userId,
      badge: "event_creator",
      awardedAt: new Date(now.getTime() - (index + 30) * HOUR_MS),
    })),
  ];
  if (badgeRows.length > 0) await tx.insert(schema.badgeAwards).values(badgeRows).onConflictDoNothing();
  return reviewRows.length;
}
