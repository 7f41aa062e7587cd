import { sql } from "drizzle-orm";
import {
  boolean,
  check,
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
import type { SocialLinks } from "#domain/profile";
import { createdAt, updatedAt } from "./columns";
import { users } from "./auth";

// What people tell us about themselves: profiles, interests, newsletter subscriptions.

/** What a person shows of themselves. One per user. */
export const profiles = pgTable(
  "profiles",
  {
    userId: uuid("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    role: text("role", { enum: ["organizer", "attendee"] })
      .notNull()
      .default("attendee"),
    preferredLanguage: text("preferred_language", { enum: ["en", "fr", "ar", "am"] })
      .notNull()
      .default("en"),
    organization: text("organization"),
    bio: text("bio"),
    location: text("location"),
    profileImage: text("profile_image"),
    socialLinks: jsonb("social_links").$type<SocialLinks>().notNull().default({}),
    /**
     * Whether the weekly digest of events matching their interests is sent to them: off until they
     * say yes (at sign-up or in their e-mail settings).
     */
    receivesDigest: boolean("receives_digest").notNull().default(false),
    // The other e-mails a person may turn off (domain/email-settings.ts lists them, /dashboard/settings/emails
    // shows them). Receipts, tickets and account e-mails are not optional and have no column.
    /** The day-before reminder of a saved event. */
    emailSavedReminders: boolean("email_saved_reminders").notNull().default(true),
    /** The batched e-mail of new events from organizers they follow. */
    emailFollowedOrganizers: boolean("email_followed_organizers").notNull().default(true),
    /** The e-mail saying they earned a badge. */
    emailBadges: boolean("email_badges").notNull().default(true),
    /** Answers to their reviews, and (for organizers) new reviews of their events. */
    emailReviews: boolean("email_reviews").notNull().default(true),
    /** Promoter news: an invitation to promote an event, and (for organizers) a promoter joining. */
    emailPromoters: boolean("email_promoters").notNull().default(true),
    /** Tasks of a saved event plan that fall due soon (issue 20). */
    emailPlanning: boolean("email_planning").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("profiles_role_check", sql`${t.role} in ('organizer', 'attendee')`),
    check("profiles_language_check", sql`${t.preferredLanguage} in ('en', 'fr', 'ar', 'am')`),
  ],
);

/** The fixed list of 24 interests a signed-in user can pick from. */
export const interests = pgTable("interests", {
  key: text("key").primaryKey(),
  name: text("name").notNull().unique(),
  position: smallint("position").notNull(),
});

export const userInterests = pgTable(
  "user_interests",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    interest: text("interest")
      .notNull()
      .references(() => interests.key),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.interest] })],
);

/**
 * Newsletter subscribers (the weekly digest), double opt-in: `confirmed_at` is set when the link in
 * the confirmation e-mail is followed. `token_hash` is the SHA-256 of the secret in the confirm and
 * unsubscribe links.
 */
export const newsletterSubscriptions = pgTable(
  "newsletter_subscriptions",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    language: text("language", { enum: ["en", "fr", "ar", "am"] })
      .notNull()
      .default("en"),
    tokenHash: text("token_hash").notNull().unique(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("newsletter_subscriptions_email_key").on(sql`lower(${t.email})`),
    check("newsletter_subscriptions_language_check", sql`${t.language} in ('en', 'fr', 'ar', 'am')`),
  ],
);
