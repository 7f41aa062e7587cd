import { organizerRatingSummary } from "./reviews";
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, max } from "drizzle-orm";
import type { ReputationLevel } from "#domain/reputation";
import type { Database } from "#server/db/client";
import { badgeAwards, events, galleryPhotos, organizerFollows, organizerReputations, reviews } from "#server/db/schema";
import { loadEventSummaries } from "./event-summaries";
import { publicEventCondition } from "./event-visibility";
import { getPublicProfile } from "./profiles";

/*
 * THE public profile (/users/{id}): who the person is, what they wrote and showed of events, and, when
 * they organize, their events and reputation. Everything listed is public: reviews and photos not
 * hidden by staff, of events the public sees (event-visibility.ts). Every list is bounded.
 */

export const PROFILE_REVIEWS_SHOWN = 10;
export const PROFILE_GALLERIES_SHOWN = 12;
export const PROFILE_UPCOMING_SHOWN = 48;
export const PROFILE_PAST_SHOWN = 12;

/** A review as a profile or the community page lists it: the event it is about, never a hidden one. */
export interface PublicReview {
  id: number;
  rating: number;
  body: string | null;
  createdAt: Date;
  event: { id: number; title: string };
}

/** An event's gallery the person added photos to, with the latest of them as its thumbnail. */
export interface PublicGallery {
  event: { id: number; title: string };
  photos: number;
  thumbnail: { image: string; alt: string; width: number; height: number };
}

/** Reviews written by the person that the public may read. */
const visibleReview = and(isNull(reviews.hiddenAt), publicEventCondition());
/** Photos added by the person that the public may see. */
const visiblePhoto = and(isNull(galleryPhotos.hiddenAt), publicEventCondition());

/** The person's most recent public reviews, each with its event. */
async function recentReviewsBy(db: Database, userId: string): Promise<PublicReview[]> {
  const rows = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      body: reviews.body,
      createdAt: reviews.createdAt,
      eventId: events.id,
      eventTitle: events.title,
    })
    .from(reviews)
    .innerJoin(events, eq(events.id, reviews.eventId))
    .where(and(eq(reviews.authorId, userId), visibleReview))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(PROFILE_REVIEWS_SHOWN);
  return rows.map(({ eventId, eventTitle, ...review }) => ({ ...review, event: { id: eventId, title: eventTitle } }));
}

/** The galleries the person contributed to, the most recently added to first, with each one's latest photo. */
async function galleriesBy(db: Database, userId: string): Promise<PublicGallery[]> {
  const groups = await db
    .select({
      eventId: events.id,
      eventTitle: events.title,
      photos: count(),
      latest: max(galleryPhotos.id),
    })
    .from(galleryPhotos)
    .innerJoin(events, eq(events.id, galleryPhotos.eventId))
    .where(and(eq(galleryPhotos.authorId, userId), visiblePhoto))
    .groupBy(events.id, events.title)
    .orderBy(desc(max(galleryPhotos.id)))
    .limit(PROFILE_GALLERIES_SHOWN);
  const latestIds = groups.flatMap((group) => (group.latest === null ? [] : [group.latest]));
  if (latestIds.length === 0) return [];
  const thumbnails = await db
    .select({
      id: galleryPhotos.id,
      image: galleryPhotos.image,
      alt: galleryPhotos.alt,
      width: galleryPhotos.width,
      height: galleryPhotos.height,
    })
    .from(galleryPhotos)
    .where(inArray(galleryPhotos.id, latestIds));
  const byId = new Map(thumbnails.map(({ id, ...thumbnail }) => [id, thumbnail]));
  return groups.flatMap((group) => {
    const thumbnail = group.latest === null ? undefined : byId.get(group.latest);
    return thumbnail
      ? [{ event: { id: group.eventId, title: group.eventTitle }, photos: group.photos, thumbnail }]
      : [];
  });
}

/** The organizer's average rating over the public reviews of all their public events (null without any). */
export async function organizerRatingAverage(db: Database, organizerId: string) {
  const { average, count } = await organizerRatingSummary(db, organizerId);
  return { average: count > 0 ? average : null, reviews: count };
}

/** The counts a profile's summary shows: followers, public reviews and public photos, badges earned. */
export async function profileCounts(db: Database, userId: string) {
  const [[followers], [written], [photos], [badges]] = await Promise.all([
    db.select({ value: count() }).from(organizerFollows).where(eq(organizerFollows.organizerId, userId)),
    db
      .select({ value: count() })
      .from(reviews)
      .innerJoin(events, eq(events.id, reviews.eventId))
      .where(and(eq(reviews.authorId, userId), visibleReview)),
    db
      .select({ value: count() })
      .from(galleryPhotos)
      .innerJoin(events, eq(events.id, galleryPhotos.eventId))
      .where(and(eq(galleryPhotos.authorId, userId), visiblePhoto)),
    db.select({ value: count() }).from(badgeAwards).where(eq(badgeAwards.userId, userId)),
  ]);
  return {
    followers: followers?.value ?? 0,
    reviews: written?.value ?? 0,
    photos: photos?.value ?? 0,
    badges: badges?.value ?? 0,
  };
}

/** The organizer's part of the profile, or null for someone who neither organizes nor published anything. */
async function organizerPart(db: Database, userId: string, isOrganizer: boolean, now: Date) {
  const published = and(eq(events.organizerId, userId), publicEventCondition());
  const [reputation, upcomingIds, pastIds, rating] = await Promise.all([
    db
      .select({ score: organizerReputations.score, level: organizerReputations.level })
      .from(organizerReputations)
      .where(eq(organizerReputations.organizerId, userId)),
    db
      .select({ id: events.id })
      .from(events)
      .where(and(published, gt(events.endsAt, now)))
      .orderBy(asc(events.startsAt), asc(events.id))
      .limit(PROFILE_UPCOMING_SHOWN),
    db
      .select({ id: events.id })
      .from(events)
      .where(and(published, lte(events.endsAt, now)))
      .orderBy(desc(events.startsAt), desc(events.id))
      .limit(PROFILE_PAST_SHOWN),
    organizerRatingAverage(db, userId),
  ]);
  if (!isOrganizer && upcomingIds.length === 0 && pastIds.length === 0) return null;
  const [upcoming, past] = await Promise.all([
    loadEventSummaries(
      db,
      upcomingIds.map((row) => row.id),
      now,
    ),
    loadEventSummaries(
      db,
      pastIds.map((row) => row.id),
      now,
    ),
  ]);
  const level: ReputationLevel | null = reputation[0]?.level ?? null;
  return {
    reputation: reputation[0] ? { score: reputation[0].score, level } : null,
    rating,
    upcoming,
    past,
  };
}

/**
 * Everything /users/{id} shows, or null when there is no such person. Never the e-mail address
 * (getPublicProfile reads only the public columns).
 */
export async function getProfilePage(db: Database, userId: string, now: Date) {
  const profile = await getPublicProfile(db, userId);
  if (!profile) return null;
  const [counts, reviewsWritten, galleries, organizer] = await Promise.all([
    profileCounts(db, userId),
    recentReviewsBy(db, userId),
    galleriesBy(db, userId),
    organizerPart(db, userId, profile.role === "organizer", now),
  ]);
  return { profile, counts, reviews: reviewsWritten, galleries, organizer };
}

export type ProfilePage = NonNullable<Awaited<ReturnType<typeof getProfilePage>>>;
