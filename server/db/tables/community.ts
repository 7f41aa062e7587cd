import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { users } from "./auth";
import { events } from "./events";

// The community around events: saved events, followed organizers, reviews, galleries, share links,
// badges and in-app notifications. Promoters (affiliate links) live in tables/promoters.ts.

/** An event a person saved (the heart). `reminded_at` is set once the day-before reminder was queued. */
export const eventSaves = pgTable(
  "event_saves",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.eventId] }), index("event_saves_event_idx").on(t.eventId)],
);

/** A person following an organizer (a user who organizes events). */
export const organizerFollows = pgTable(
  "organizer_follows",
  {
    followerId: uuid("follower_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    organizerId: uuid("organizer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.organizerId] }),
    index("organizer_follows_organizer_idx").on(t.organizerId),
    check("organizer_follows_not_self_check", sql`${t.followerId} <> ${t.organizerId}`),
  ],
);

/**
 * A rating (1–5) with optional text by someone who held a valid ticket, once per event and person.
 * The organizer may answer once, publicly. Staff hide a review through moderation (reports) without
 * deleting it, as they hide events.
 */
export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    body: text("body"),
    answer: text("answer"),
    answeredBy: uuid("answered_by").references(() => users.id, { onDelete: "set null" }),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenReason: text("hidden_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("reviews_rating_check", sql`${t.rating} between 1 and 5`),
    uniqueIndex("reviews_event_author_key").on(t.eventId, t.authorId),
    index("reviews_author_idx").on(t.authorId),
    index("reviews_created_idx").on(t.createdAt),
    // An event page's visible reviews, newest first, and their average: a bounded walk of this index.
    index("reviews_event_visible_idx")
      .on(t.eventId, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.hiddenAt} is null`),
  ],
);

/** "This review was helpful", once per person and review (never by its author). */
export const reviewHelpfulVotes = pgTable(
  "review_helpful_votes",
  {
    reviewId: integer("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.userId] }), index("review_helpful_votes_user_idx").on(t.userId)],
);

/**
 * A photo in an event's gallery, added by a ticket holder or an organizer after the event started. The
 * upload is re-encoded to WebP renditions without metadata; `image` is the stored rendition set's base
 * path (as event images keep theirs). Hidden by staff (moderation) or removed by the organizer.
 */
export const galleryPhotos = pgTable(
  "gallery_photos",
  {
    id: serial("id").primaryKey(),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    authorId: uuid("author_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    image: text("image").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** The text alternative the uploader wrote (a caption), in their words. */
    alt: text("alt").notNull(),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenReason: text("hidden_reason"),
    createdAt: createdAt(),
  },
  (t) => [
    index("gallery_photos_event_idx").on(t.eventId, t.createdAt),
    index("gallery_photos_author_idx").on(t.authorId),
  ],
);

/** A signed-in person's personal share link for an event (`/events/{id}?s=code`). */
export const shareLinks = pgTable(
  "share_links",
  {
    code: text("code").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("share_links_user_event_key").on(t.userId, t.eventId)],
);

/**
 * A visit through a share link, counted once per visitor and link (`visitor_hash` is a keyed hash of
 * the visitor's address and browser, never the address). The sharer's own visits are not counted.
 */
export const shareVisits = pgTable(
  "share_visits",
  {
    id: serial("id").primaryKey(),
    code: text("code")
      .notNull()
      .references(() => shareLinks.code, { onDelete: "cascade" }),
    visitorHash: text("visitor_hash").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("share_visits_code_visitor_key").on(t.code, t.visitorHash)],
);

/**
 * A badge a person earned (domain/badges.ts lists the 15), once: the primary key makes a second award
 * of the same badge a no-op under any concurrency. `seen_at` is set once the person was shown the notice.
 */
export const badgeAwards = pgTable(
  "badge_awards",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    badge: text("badge").notNull(),
    awardedAt: timestamp("awarded_at", { withTimezone: true }).notNull(),
    seenAt: timestamp("seen_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.badge] }), index("badge_awards_awarded_idx").on(t.awardedAt)],
);

/**
 * What the bell in the header lists for a person: one row per thing that happened to them
 * (domain/notification.ts names the kinds and the data each carries). Kept 180 days.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_created_idx").on(t.userId, t.createdAt),
    index("notifications_unread_idx")
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);
