import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { users } from "./auth";

// Events and what they are made of: categories, venues, images, ticket types, sponsors, co-organizers.

export const categories = pgTable("categories", {
  id: serial("id").primaryKey(),
  key: text("key").notNull().unique(),
  name: text("name").notNull().unique(),
  icon: text("icon").notNull(),
  /** Position among the 8 'top' categories shown on the home page; null when not top. */
  topRank: smallint("top_rank").unique(),
  position: smallint("position").notNull(),
});

export const venues = pgTable("venues", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  address: text("address").notNull(),
  city: text("city").notNull(),
  state: text("state").notNull(),
  country: text("country").notNull(),
  zipCode: text("zip_code").notNull(),
  latitude: doublePrecision("latitude").notNull(),
  longitude: doublePrecision("longitude").notNull(),
});

export const events = pgTable(
  "events",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** IANA zone the event happens in; instants are stored in UTC. */
    timeZone: text("time_zone").notNull().default("America/New_York"),
    venueId: integer("venue_id")
      .notNull()
      .references(() => venues.id),
    categoryId: integer("category_id")
      .notNull()
      .references(() => categories.id),
    organizerId: uuid("organizer_id")
      .notNull()
      .references(() => users.id),
    language: text("language", { enum: ["en", "fr", "ar", "am"] })
      .notNull()
      .default("en"),
    isPublic: boolean("is_public").notNull().default(true),
    isFeatured: boolean("is_featured").notNull().default(false),
    status: text("status", { enum: ["draft", "published", "cancelled"] })
      .notNull()
      .default("draft"),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /**
     * Set when staff hide the event (moderation): it leaves every public list, search, feed and API
     * answer without being deleted; its organizers still see it, with the reason.
     */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenReason: text("hidden_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("events_time_order_check", sql`${t.endsAt} > ${t.startsAt}`),
    check("events_status_check", sql`${t.status} in ('draft', 'published', 'cancelled')`),
    check("events_language_check", sql`${t.language} in ('en', 'fr', 'ar', 'am')`),
    index("events_status_starts_at_idx").on(t.status, t.startsAt),
    // Lists filtered by category, language or place read one of these in date order and stop at a page.
    index("events_category_starts_at_idx").on(t.categoryId, t.startsAt),
    index("events_language_starts_at_idx").on(t.language, t.startsAt),
    index("events_venue_starts_at_idx").on(t.venueId, t.startsAt),
    index("events_organizer_idx").on(t.organizerId),
    // Events under way at an instant (started, not yet ended), which a date-ordered scan from that
    // instant would otherwise find only by reading every past event: see event-search.ts.
    index("events_published_period_idx")
      .using("gist", sql`tstzrange(${t.startsAt}, ${t.endsAt})`)
      .where(sql`${t.status} = 'published'`),
  ],
);

/** Up to three pictures per event, each stored as WebP in the widths listed. */
export const eventImages = pgTable(
  "event_images",
  {
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    /** Storage key under the uploads folder; files are `${key}-${width}.webp`. */
    storageKey: text("storage_key").notNull(),
    widths: integer("widths").array().notNull(),
    alt: text("alt").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.position] }),
    check("event_images_position_check", sql`${t.position} between 0 and 2`),
  ],
);

export const ticketTypes = pgTable(
  "ticket_types",
  {
    id: serial("id").primaryKey(),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    priceCents: integer("price_cents").notNull(),
    quantity: integer("quantity").notNull(),
    sold: integer("sold").notNull().default(0),
    position: smallint("position").notNull().default(0),
    /** When this type goes on sale and stops selling; null: from publication, until the event ends. */
    salesStartAt: timestamp("sales_start_at", { withTimezone: true }),
    salesEndAt: timestamp("sales_end_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("ticket_types_price_check", sql`${t.priceCents} >= 0`),
    check(
      "ticket_types_sales_window_check",
      sql`${t.salesStartAt} is null or ${t.salesEndAt} is null or ${t.salesEndAt} > ${t.salesStartAt}`,
    ),
    check("ticket_types_quantity_check", sql`${t.quantity} >= 0`),
    // The backstop against overselling: whatever the code does, the row cannot hold more sold than exist.
    check("ticket_types_sold_check", sql`${t.sold} >= 0 and ${t.sold} <= ${t.quantity}`),
    index("ticket_types_event_idx").on(t.eventId),
  ],
);

export const sponsors = pgTable(
  "sponsors",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    logo: text("logo").notNull(),
    website: text("website").notNull(),
    tier: text("tier", { enum: ["gold", "silver", "bronze"] }).notNull(),
    description: text("description").notNull(),
    industry: text("industry").notNull(),
    contactEmail: text("contact_email").notNull(),
  },
  (t) => [check("sponsors_tier_check", sql`${t.tier} in ('gold', 'silver', 'bronze')`)],
);

export const eventSponsors = pgTable(
  "event_sponsors",
  {
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    sponsorId: integer("sponsor_id")
      .notNull()
      .references(() => sponsors.id, { onDelete: "cascade" }),
    /**
     * A sponsor appears on an event only once approved, by staff or by the sponsor's own account
     * (sponsor_accounts): an organizer's choice is "pending" until then. The default keeps the links
     * that existed before approvals were asked for as they were (shown); the code always says which.
     */
    status: text("status", { enum: ["pending", "approved", "declined"] })
      .notNull()
      .default("approved"),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    decidedBy: uuid("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.sponsorId] }),
    check("event_sponsors_status_check", sql`${t.status} in ('pending', 'approved', 'declined')`),
    index("event_sponsors_sponsor_status_idx").on(t.sponsorId, t.status),
  ],
);

export const eventCoOrganizers = pgTable(
  "event_co_organizers",
  {
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] })],
);

/**
 * An invitation to co-organize an event, sent by e-mail to an address (issue 16): nobody becomes a
 * co-organizer (event_co_organizers) until the holder of that address, signed in with it, accepts.
 * Pending while neither accepted nor withdrawn and not past `expires_at`; rows stay after that so the
 * per-organizer limit counts every invitation sent (server/services/co-organizer-invitations.ts).
 */
export const coOrganizerInvitations = pgTable(
  "co_organizer_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    /** Lower case, as the event form normalises it. */
    email: text("email").notNull(),
    invitedBy: uuid("invited_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The e-mail's language: the inviting organizer's at the time. */
    language: text("language", { enum: ["en", "fr", "ar", "am"] })
      .notNull()
      .default("en"),
    /** SHA-256 of the link's secret; the secret itself is only in the e-mail. */
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
  },
  (t) => [
    index("co_organizer_invitations_event_idx").on(t.eventId),
    index("co_organizer_invitations_inviter_idx").on(t.invitedBy, t.createdAt),
    check("co_organizer_invitations_language_check", sql`${t.language} in ('en', 'fr', 'ar', 'am')`),
  ],
);

export const organizerReputations = pgTable(
  "organizer_reputations",
  {
    organizerId: uuid("organizer_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    score: integer("score").notNull().default(0),
    level: text("level", { enum: ["bronze", "silver", "gold", "elite"] })
      .notNull()
      .default("bronze"),
    /** The activity the score was computed from (domain/reputation.ts), as of updated_at. */
    eventsHeld: integer("events_held").notNull().default(0),
    ticketsSold: integer("tickets_sold").notNull().default(0),
    ticketsCheckedIn: integer("tickets_checked_in").notNull().default(0),
    eventsCancelled: integer("events_cancelled").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [check("organizer_reputations_level_check", sql`${t.level} in ('bronze', 'silver', 'gold', 'elite')`)],
);
