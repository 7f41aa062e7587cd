import { and, asc, count, desc, eq, gt, gte, isNull, sql } from "drizzle-orm";
import { SITE_TIME_ZONE } from "#domain/event-search";
import { localDateTimeIn, zonedTimeToUtc } from "#domain/time";
import type { Database } from "#server/db/client";
import {
  badgeAwards,
  categories,
  events,
  galleryPhotos,
  profiles,
  reviews,
  shareLinks,
  shareVisits,
} from "#server/db/schema";
import { loadEventSummaries } from "./event-summaries";
import { publicEventCondition } from "./event-visibility";

/*
 * /community: what members are doing, from the database only. Reviews and photos listed are not hidden
 * and are of events the public sees (event-visibility.ts); every list is bounded.
 *
 * Top contributors this month (the page says so in its own words, and docs/community.md): one point for
 * each review written, each gallery photo added (both not hidden, of public events) and each visit
 * brought by one of their share links, since the first day of the month in Washington's time.
 */

export const COMMUNITY_LIMITS = {
  reviews: 6,
  photos: 8,
  contributors: 5,
  badges: 8,
  organizers: 6,
  events: 6,
} as const;

const COMMUNITY_CATEGORY_KEY = "community";

/** The first instant of `now`'s month, on Washington's calendar. */
export function startOfMonth(now: Date): Date {
  const local = localDateTimeIn(now, SITE_TIME_ZONE);
  return zonedTimeToUtc({ year: local.year, month: local.month, day: 1, hour: 0, minute: 0 }, SITE_TIME_ZONE);
}

const person = { id: profiles.userId, name: profiles.name, profileImage: profiles.profileImage };

async function recentReviews(db: Database) {
  const rows = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      body: reviews.body,
      createdAt: reviews.createdAt,
      event: { id: events.id, title: events.title },
      author: person,
    })
    .from(reviews)
    .innerJoin(events, eq(events.id, reviews.eventId))
    .innerJoin(profiles, eq(profiles.userId, reviews.authorId))
    .where(and(isNull(reviews.hiddenAt), publicEventCondition()))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(COMMUNITY_LIMITS.reviews);
  return rows;
}

async function recentPhotos(db: Database) {
  return db
    .select({
      id: galleryPhotos.id,
      image: galleryPhotos.image,
      alt: galleryPhotos.alt,
      width: galleryPhotos.width,
      height: galleryPhotos.height,
      createdAt: galleryPhotos.createdAt,
      event: { id: events.id, title: events.title },
      author: person,
    })
    .from(galleryPhotos)
    .innerJoin(events, eq(events.id, galleryPhotos.eventId))
    .innerJoin(profiles, eq(profiles.userId, galleryPhotos.authorId))
    .where(and(isNull(galleryPhotos.hiddenAt), publicEventCondition()))
    .orderBy(desc(galleryPhotos.createdAt), desc(galleryPhotos.id))
    .limit(COMMUNITY_LIMITS.photos);
}

/** The month's top contributors: reviews + photos + share visits brought, each one point. */
async function topContributors(db: Database, since: Date) {
  // Each count's columns have names of their own: the outer query refers to them unqualified.
  const reviewCounts = db
    .select({ userId: sql<string>`${reviews.authorId}`.as("review_author"), reviews: count().as("review_count") })
    .from(reviews)
    .innerJoin(events, eq(events.id, reviews.eventId))
    .where(and(isNull(reviews.hiddenAt), publicEventCondition(), gte(reviews.createdAt, since)))
    .groupBy(reviews.authorId)
    .as("review_counts");
  const photoCounts = db
    .select({ userId: sql<string>`${galleryPhotos.authorId}`.as("photo_author"), photos: count().as("photo_count") })
    .from(galleryPhotos)
    .innerJoin(events, eq(events.id, galleryPhotos.eventId))
    .where(and(isNull(galleryPhotos.hiddenAt), publicEventCondition(), gte(galleryPhotos.createdAt, since)))
    .groupBy(galleryPhotos.authorId)
    .as("photo_counts");
  const visitCounts = db
    .select({ userId: sql<string>`${shareLinks.userId}`.as("sharer"), visits: count().as("visit_count") })
    .from(shareVisits)
    .innerJoin(shareLinks, eq(shareLinks.code, shareVisits.code))
    .where(gte(shareVisits.createdAt, since))
    .groupBy(shareLinks.userId)
    .as("visit_counts");
  const reviewsOf = sql<number>`coalesce(${reviewCounts.reviews}, 0)::int`;
  const photosOf = sql<number>`coalesce(${photoCounts.photos}, 0)::int`;
  const visitsOf = sql<number>`coalesce(${visitCounts.visits}, 0)::int`;
  const points = sql<number>`(${reviewsOf} + ${photosOf} + ${visitsOf})`;
  return db
    .select({ ...person, reviews: reviewsOf, photos: photosOf, visits: visitsOf, points })
    .from(profiles)
    .leftJoin(reviewCounts, eq(reviewCounts.userId, profiles.userId))
    .leftJoin(photoCounts, eq(photoCounts.userId, profiles.userId))
    .leftJoin(visitCounts, eq(visitCounts.userId, profiles.userId))
    .where(sql`${points} > 0`)
    .orderBy(desc(points), asc(profiles.name), asc(profiles.userId))
    .limit(COMMUNITY_LIMITS.contributors);
}

async function newBadges(db: Database) {
  return db
    .select({ badge: badgeAwards.badge, awardedAt: badgeAwards.awardedAt, person })
    .from(badgeAwards)
    .innerJoin(profiles, eq(profiles.userId, badgeAwards.userId))
    .orderBy(desc(badgeAwards.awardedAt), asc(badgeAwards.badge))
    .limit(COMMUNITY_LIMITS.badges);
}

/** Organizers with the most public events still to come. */
async function activeOrganizers(db: Database, now: Date) {
  const upcoming = count(events.id);
  return db
    .select({ ...person, upcomingEvents: upcoming })
    .from(events)
    .innerJoin(profiles, eq(profiles.userId, events.organizerId))
    .where(and(publicEventCondition(), gt(events.endsAt, now)))
    .groupBy(profiles.userId, profiles.name, profiles.profileImage)
    .orderBy(desc(upcoming), asc(profiles.name))
    .limit(COMMUNITY_LIMITS.organizers);
}

async function communityEvents(db: Database, now: Date) {
  const ids = await db
    .select({ id: events.id })
    .from(events)
    .innerJoin(categories, eq(categories.id, events.categoryId))
    .where(and(eq(categories.key, COMMUNITY_CATEGORY_KEY), publicEventCondition(), gt(events.endsAt, now)))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(COMMUNITY_LIMITS.events);
  return loadEventSummaries(
    db,
    ids.map((row) => row.id),
    now,
  );
}

/** Everything /community and GET /api/v1/community show. */
export async function getCommunityPage(db: Database, now: Date) {
  const since = startOfMonth(now);
  const [reviewRows, photos, contributors, badges, organizers, upcoming] = await Promise.all([
    recentReviews(db),
    recentPhotos(db),
    topContributors(db, since),
    newBadges(db),
    activeOrganizers(db, now),
    communityEvents(db, now),
  ]);
  return {
    monthStart: since,
    reviews: reviewRows,
    photos,
    contributors,
    badges,
    organizers,
    events: upcoming,
  };
}

export type CommunityPage = Awaited<ReturnType<typeof getCommunityPage>>;

/** Whether nothing at all happened yet (the page then says so once instead of six empty sections). */
export function isQuietCommunity(page: CommunityPage): boolean {
  return [page.reviews, page.photos, page.contributors, page.badges, page.organizers, page.events].every(
    (list) => list.length === 0,
  );
}
