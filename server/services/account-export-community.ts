import { asc, eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import {
  badgeAwards,
  eventSaves,
  events,
  galleryPhotos,
  notifications,
  organizerFollows,
  profiles,
  reviewHelpfulVotes,
  reviews,
  shareLinks,
  shareVisits,
} from "#server/db/schema";
import { count } from "drizzle-orm";

/*
 * The "community" part of "Download my data": what a person saved, followed, reviewed, photographed,
 * shared and earned, and their notifications. server/services/account-export.ts puts it in the file.
 */
export async function exportCommunity(db: Database, userId: string) {
  const [saved, following, reviewList, helpfulVotes, photos, shares, badges, notificationList] = await Promise.all([
    db
      .select({
        event: { id: events.id, title: events.title },
        savedAt: eventSaves.createdAt,
        remindedAt: eventSaves.remindedAt,
      })
      .from(eventSaves)
      .innerJoin(events, eq(events.id, eventSaves.eventId))
      .where(eq(eventSaves.userId, userId))
      .orderBy(asc(eventSaves.createdAt)),
    db
      .select({ organizer: { id: profiles.userId, name: profiles.name }, since: organizerFollows.createdAt })
      .from(organizerFollows)
      .innerJoin(profiles, eq(profiles.userId, organizerFollows.organizerId))
      .where(eq(organizerFollows.followerId, userId))
      .orderBy(asc(organizerFollows.createdAt)),
    db
      .select({
        id: reviews.id,
        event: { id: events.id, title: events.title },
        rating: reviews.rating,
        body: reviews.body,
        answer: reviews.answer,
        hiddenAt: reviews.hiddenAt,
        createdAt: reviews.createdAt,
        updatedAt: reviews.updatedAt,
      })
      .from(reviews)
      .innerJoin(events, eq(events.id, reviews.eventId))
      .where(eq(reviews.authorId, userId))
      .orderBy(asc(reviews.createdAt), asc(reviews.id)),
    db
      .select({ reviewId: reviewHelpfulVotes.reviewId, at: reviewHelpfulVotes.createdAt })
      .from(reviewHelpfulVotes)
      .where(eq(reviewHelpfulVotes.userId, userId))
      .orderBy(asc(reviewHelpfulVotes.createdAt)),
    db
      .select({
        id: galleryPhotos.id,
        eventId: galleryPhotos.eventId,
        image: galleryPhotos.image,
        alt: galleryPhotos.alt,
        hiddenAt: galleryPhotos.hiddenAt,
        createdAt: galleryPhotos.createdAt,
      })
      .from(galleryPhotos)
      .where(eq(galleryPhotos.authorId, userId))
      .orderBy(asc(galleryPhotos.createdAt), asc(galleryPhotos.id)),
    db
      .select({
        code: shareLinks.code,
        eventId: shareLinks.eventId,
        createdAt: shareLinks.createdAt,
        visits: count(shareVisits.id),
      })
      .from(shareLinks)
      .leftJoin(shareVisits, eq(shareVisits.code, shareLinks.code))
      .where(eq(shareLinks.userId, userId))
      .groupBy(shareLinks.code)
      .orderBy(asc(shareLinks.createdAt)),
    db
      .select({ badge: badgeAwards.badge, awardedAt: badgeAwards.awardedAt })
      .from(badgeAwards)
      .where(eq(badgeAwards.userId, userId))
      .orderBy(asc(badgeAwards.awardedAt)),
    db
      .select({
        kind: notifications.kind,
        data: notifications.data,
        readAt: notifications.readAt,
        createdAt: notifications.createdAt,
      })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(asc(notifications.createdAt), asc(notifications.id)),
  ]);
  return {
    saved,
    following,
    reviews: reviewList,
    helpfulVotes,
    photos,
    shares,
    badges,
    notifications: notificationList,
  };
}
