import { randomInt } from "node:crypto";
import { and, asc, eq, lt, notExists } from "drizzle-orm";
import { TICKET_CODE_ALPHABET, TICKET_CODE_LENGTH } from "#domain/ticket-code";
import type { Database } from "#server/db/client";
import * as schema from "#server/db/schema";

/*
 * Sample reviews: on each sample event that has ended, a few sample attendees hold a confirmed,
 * checked-in ticket (their own order) and most of them reviewed it, in their own language; the
 * organizer answered some, and other guests marked some helpful. So the event pages, the organizer
 * pages and the console's moderation show real-looking reviews on a fresh install.
 */

interface SampleReview {
  rating: number;
  language: "en" | "fr" | "ar" | "am";
  body: string | null;
  answer: string | null;
}

const SAMPLE_REVIEWS: readonly SampleReview[] = [
  {
    rating: 5,
    language: "en",
    body: "Wonderful evening. The sound was clear even at the back, and the staff at the door were quick and friendly.",
    answer: "Thank you for coming! We will pass your words on to the door team.",
  },
  {
    rating: 4,
    language: "fr",
    body: "Très belle soirée, programme varié. Seul bémol : la file d’attente au bar était un peu longue.",
    answer: "Merci pour votre retour ! Nous ouvrirons un deuxième bar la prochaine fois.",
  },
  {
    rating: 5,
    language: "ar",
    body: "تنظيم ممتاز وأجواء رائعة. سأحضر الفعالية القادمة بالتأكيد مع أصدقائي.",
    answer: null,
  },
  {
    rating: 3,
    language: "en",
    body: "Good speakers, but it started 30 minutes late and the room got too warm.",
    answer:
      "Sorry about the delay and the heat: the venue's air conditioning failed that day. We have moved to a bigger room.",
  },
  {
    rating: 5,
    language: "am",
    body: "በጣም ጥሩ ዝግጅት ነበር። ሙዚቃውም ምግቡም አስደሳች ነበሩ፤ ብዙ አዳዲስ ጓደኞችን አግኝቻለሁ።",
    answer: null,
  },
  { rating: 4, language: "en", body: null, answer: null },
  {
    rating: 2,
    language: "fr",
    body: "Lieu difficile à trouver et peu d’indications sur place. Le contenu était correct.",
    answer: null,
  },
  {
    rating: 4,
    language: "ar",
    body: "محتوى مفيد ومتحدثون متمكنون. أتمنى لو كان هناك وقت أطول للأسئلة.",
    answer: "شكرًا لك! سنخصص وقتًا أطول للأسئلة في المرة القادمة.",
  },
  {
    rating: 5,
    language: "en",
    body: "Exactly as described. Easy check-in with the QR code, great crowd, and it ended on time.",
    answer: null,
  },
  {
    rating: 4,
    language: "am",
    body: "ጥሩ ዝግጅት፤ ቦታው ትንሽ ጠባብ ነበር ግን አዘጋጆቹ በጣም ተባባሪዎች ነበሩ።",
    answer: null,
  },
];

/** Guests per past event; most review it. */
const GUESTS_PER_EVENT = 5;
const HOUR_MS = 60 * 60 * 1000;

type Tx = Pick<Database, "insert" | "select" | "update">;

function ticketCode(): string {
  let code = "";
  for (let i = 0; i < TICKET_CODE_LENGTH; i++) code += TICKET_CODE_ALPHABET[randomInt(TICKET_CODE_ALPHABET.length)];
  return code;
}

/**
 * Seeds tickets and reviews of the sample events that have ended (see the file comment). Returns how
 * many reviews were written.
 */
export async function seedSampleReviews(tx: Tx, now: Date): Promise<number> {
  const pastEvents = await tx
    .select({ id: schema.events.id, organizerId: schema.events.organizerId, endsAt: schema.events.endsAt })
    .from(schema.events)
    .where(and(lt(schema.events.endsAt, now), eq(schema.events.status, "published")))
    .orderBy(asc(schema.events.id));
  const attendees = await tx
    .select({ userId: schema.profiles.userId, name: schema.profiles.name, email: schema.users.email })
    .from(schema.profiles)
    .innerJoin(schema.users, eq(schema.users.id, schema.profiles.userId))
    .where(
      and(
        eq(schema.profiles.role, "attendee"),
        // The sample people, not the staff account: staff are no sample buyers or reviewers.
        notExists(tx.select().from(schema.staffMembers).where(eq(schema.staffMembers.userId, schema.users.id))),
      ),
    )
    .orderBy(asc(schema.users.email));
  if (attendees.length === 0) return 0;
  let written = 0;
  for (const [eventIndex, event] of pastEvents.entries()) {
    const [ticketType] = await tx
      .select({ id: schema.ticketTypes.id, priceCents: schema.ticketTypes.priceCents })
      .from(schema.ticketTypes)
      .where(eq(schema.ticketTypes.eventId, event.id))
      .orderBy(asc(schema.ticketTypes.position))
      .limit(1);
    if (!ticketType) continue;
    const guests = Array.from(
      { length: Math.min(GUESTS_PER_EVENT, attendees.length) },
      (_, index) => attendees[(eventIndex * 3 + index) % attendees.length]!,
    ).filter((guest) => guest.userId !== event.organizerId);
    const reviewIds: { id: number; authorId: string }[] = [];
    for (const [guestIndex, guest] of guests.entries()) {
      const [order] = await tx
        .insert(schema.orders)
        .values({
          eventId: event.id,
          userId: guest.userId,
          buyerName: guest.name,
          buyerEmail: guest.email,
          status: "confirmed",
          totalCents: ticketType.priceCents,
          createdAt: new Date(event.endsAt.getTime() - 10 * 24 * HOUR_MS),
        })
        .returning({ id: schema.orders.id });
      await tx.insert(schema.tickets).values({
        orderId: order!.id,
        ticketTypeId: ticketType.id,
        eventId: event.id,
        code: ticketCode(),
        checkedInAt: new Date(event.endsAt.getTime() - 3 * HOUR_MS),
      });
      // The last guest of each event did not write a review.
      if (guestIndex === guests.length - 1) continue;
      const sample = SAMPLE_REVIEWS[(eventIndex * 4 + guestIndex) % SAMPLE_REVIEWS.length]!;
      const postedAt = new Date(Math.min(now.getTime(), event.endsAt.getTime() + (guestIndex + 1) * 9 * HOUR_MS));
      const [review] = await tx
        .insert(schema.reviews)
        .values({
          eventId: event.id,
          authorId: guest.userId,
          rating: sample.rating,
          body: sample.body,
          ...(sample.answer
            ? {
                answer: sample.answer,
                answeredBy: event.organizerId,
                answeredAt: new Date(Math.min(now.getTime(), postedAt.getTime() + 20 * HOUR_MS)),
              }
            : {}),
          createdAt: postedAt,
          updatedAt: postedAt,
        })
        .returning({ id: schema.reviews.id });
      reviewIds.push({ id: review!.id, authorId: guest.userId });
      written++;
    }
    // Guests find each other's first two reviews helpful (never their own).
    const votes = reviewIds.slice(0, 2).flatMap((review, index) =>
      guests
        .filter((guest) => guest.userId !== review.authorId)
        .slice(0, 3 - index)
        .map((guest) => ({ reviewId: review.id, userId: guest.userId, createdAt: now })),
    );
    if (votes.length > 0) await tx.insert(schema.reviewHelpfulVotes).values(votes).onConflictDoNothing();
  }
  return written;
}
