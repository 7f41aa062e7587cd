import { asc, inArray } from "drizzle-orm";
import { seededRandom } from "#domain/seeded-random";
import { TICKET_CODE_ALPHABET, TICKET_CODE_LENGTH } from "#domain/ticket-code";
import type { Database } from "#server/db/client";
import * as schema from "#server/db/schema";
import { galleryImageKey, imageFileName, SAMPLE_GALLERY_WIDTHS } from "#server/images/sample-images";
import { SAMPLE_EVENTS, SAMPLE_USERS } from "./sample-data";

/*
 * Sample galleries: a few photos on the first past sample events, added by sample attendees who hold a
 * ticket for them (a confirmed order each, made here). The photos are sample artwork in the event's
 * colours (sample-images.ts, kind "gallery"), rendered on first request like the events' own pictures.
 */

const GALLERY_EVENT_COUNT = 3;
const PHOTOS_PER_EVENT = 5;
const HOUR_MS = 60 * 60 * 1000;
/** The large rendition of a 16:9 sample photo. */
const LARGE = { width: SAMPLE_GALLERY_WIDTHS[1], height: Math.round((SAMPLE_GALLERY_WIDTHS[1] * 9) / 16) };

/** Honest descriptions of the artwork: abstract stand-ins for guests' photos. */
const ALTS = [
  "Abstract shapes in the event's colours, standing in for a guest's photo of the stage",
  "Soft overlapping circles in warm tones, a stand-in for a photo of the crowd",
  "Layered bands of colour with a bright focal point, a stand-in for a photo of the performers",
  "A calm gradient with scattered motifs, a stand-in for a photo of the venue",
  "Bold geometric forms in the event's palette, a stand-in for a photo taken near the end",
] as const;

interface SampleGalleryPhoto {
  eventIndex: number;
  authorIndex: number;
  variant: 0 | 1 | 2;
  seed: number;
  alt: string;
  /** When it was added, after the event started. */
  hoursAfterStart: number;
}

const pastEventIndexes = SAMPLE_EVENTS.flatMap((event, index) => (event.dayOffset < 0 ? [index] : [])).slice(
  0,
  GALLERY_EVENT_COUNT,
);
const attendeeIndexes = SAMPLE_USERS.flatMap((user, index) => (user.role === "attendee" ? [index] : []));

/** The sample photos, each by an attendee; two photos of an event may share an author. */
export const SAMPLE_GALLERY_PHOTOS: readonly SampleGalleryPhoto[] = pastEventIndexes.flatMap((eventIndex, position) =>
  Array.from({ length: PHOTOS_PER_EVENT }, (_, photo) => ({
    eventIndex,
    authorIndex: attendeeIndexes[(position * 3 + Math.floor(photo * 0.7)) % attendeeIndexes.length]!,
    variant: (photo % 3) as 0 | 1 | 2,
    seed: 5_000 + (eventIndex + 1) * 10 + photo,
    alt: ALTS[(position + photo) % ALTS.length]!,
    hoursAfterStart: 1 + photo * 3,
  })),
);

/** The files of the sample photos, relative to the uploads folder (only these are ever rendered). */
export function sampleGalleryFiles(): string[] {
  return SAMPLE_GALLERY_PHOTOS.flatMap((photo) =>
    SAMPLE_GALLERY_WIDTHS.map((width) => imageFileName(sampleGalleryKey(photo), width)),
  );
}

function sampleGalleryKey(photo: SampleGalleryPhoto): string {
  return galleryImageKey(SAMPLE_EVENTS[photo.eventIndex]!.categoryKey, photo.seed, photo.variant);
}

/**
 * Writes the sample galleries: for each author and event a confirmed order of one ticket, then the
 * photos. Deterministic: the same `now` and users give the same rows (ticket codes from a seeded stream).
 */
export async function seedSampleGallery(
  tx: Database,
  { now, userIds }: { now: Date; userIds: readonly string[] },
): Promise<number> {
  const eventIds = pastEventIndexes.map((index) => index + 1);
  if (eventIds.length === 0) return 0;
  const eventRows = await tx
    .select({ id: schema.events.id, startsAt: schema.events.startsAt })
    .from(schema.events)
    .where(inArray(schema.events.id, eventIds));
  const startsAt = new Map(eventRows.map((row) => [row.id, row.startsAt]));
  const typeRows = await tx
    .select({
      id: schema.ticketTypes.id,
      eventId: schema.ticketTypes.eventId,
      priceCents: schema.ticketTypes.priceCents,
    })
    .from(schema.ticketTypes)
    .where(inArray(schema.ticketTypes.eventId, eventIds))
    .orderBy(asc(schema.ticketTypes.position));
  const random = seededRandom(0x6a11e7);
  const code = () =>
    Array.from({ length: TICKET_CODE_LENGTH }, () => TICKET_CODE_ALPHABET[Math.floor(random() * 32)]).join("");

  const holders = new Set<string>();
  for (const photo of SAMPLE_GALLERY_PHOTOS) {
    const eventId = photo.eventIndex + 1;
    const key = `${eventId}:${photo.authorIndex}`;
    const ticketType = typeRows.find((row) => row.eventId === eventId);
    if (holders.has(key) || !ticketType) continue;
    holders.add(key);
    const user = SAMPLE_USERS[photo.authorIndex]!;
    const orderedAt = new Date(startsAt.get(eventId)!.getTime() - 5 * 24 * HOUR_MS);
    const [order] = await tx
      .insert(schema.orders)
      .values({
        eventId,
        userId: userIds[photo.authorIndex]!,
        buyerName: user.name,
        buyerEmail: user.email,
        language: user.preferredLanguage,
        status: "confirmed",
        totalCents: ticketType.priceCents,
        createdAt: orderedAt,
        updatedAt: orderedAt,
      })
      .returning({ id: schema.orders.id });
    await tx.insert(schema.tickets).values({
      orderId: order!.id,
      ticketTypeId: ticketType.id,
      eventId,
      code: code(),
      createdAt: orderedAt,
    });
  }
  await tx.insert(schema.galleryPhotos).values(
    SAMPLE_GALLERY_PHOTOS.map((photo) => {
      const added = new Date(startsAt.get(photo.eventIndex + 1)!.getTime() + photo.hoursAfterStart * HOUR_MS);
      return {
        eventId: photo.eventIndex + 1,
        authorId: userIds[photo.authorIndex]!,
        image: sampleGalleryKey(photo),
        width: LARGE.width,
        height: LARGE.height,
        alt: photo.alt,
        createdAt: added < now ? added : now,
      };
    }),
  );
  return SAMPLE_GALLERY_PHOTOS.length;
}
