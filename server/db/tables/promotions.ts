import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./auth";
import { events } from "./events";

// Paid promotion campaigns, advertising placements and the home page's flagship events.

/**
 * A promotion an organizer bought for one of their events: the types chosen, for `days` days from
 * `starts_at`, priced by the rate card (domain/promotion-pricing.ts) within the budget they set. Its
 * placements (homepage, explore) are rows of `promotions` pointing back here; the digest and the
 * share kit read the campaign itself. `paid_at` is null until the payment succeeded; the jobs worker
 * sets `ended_at` at `ends_at`.
 */
export const promotionCampaigns = pgTable(
  "promotion_campaigns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    organizerId: uuid("organizer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** PROMOTION_TYPES words: homepage, search, digest, social. */
    types: text("types").array().notNull(),
    days: smallint("days").notNull(),
    budgetCents: integer("budget_cents").notNull(),
    priceCents: integer("price_cents").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    paymentProvider: text("payment_provider"),
    paymentReference: text("payment_reference"),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    /** The purchase attempt that created it (the /promote form's key, or the API's Idempotency-Key). */
    attemptKey: text("attempt_key"),
    createdAt: createdAt(),
  },
  (t) => [
    check("promotion_campaigns_time_order_check", sql`${t.endsAt} > ${t.startsAt}`),
    check("promotion_campaigns_days_check", sql`${t.days} between 1 and 90`),
    check("promotion_campaigns_price_check", sql`${t.priceCents} >= 0 and ${t.priceCents} <= ${t.budgetCents}`),
    index("promotion_campaigns_organizer_idx").on(t.organizerId, t.createdAt),
    index("promotion_campaigns_event_idx").on(t.eventId),
    // One campaign per purchase attempt: a form sent twice pays once.
    uniqueIndex("promotion_campaigns_attempt_key").on(t.organizerId, t.attemptKey),
    // The payment webhook finds a campaign by its provider's reference.
    index("promotion_campaigns_payment_idx").on(t.paymentProvider, t.paymentReference),
  ],
);

/** Advertising placements: the sample ads, and the placements of paid promotion campaigns. */
export const promotions = pgTable(
  "promotions",
  {
    id: serial("id").primaryKey(),
    eventId: integer("event_id").references(() => events.id, { onDelete: "cascade" }),
    /** The paid campaign this placement belongs to; null for the sample ads. */
    campaignId: uuid("campaign_id").references(() => promotionCampaigns.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    description: text("description").notNull(),
    imageUrl: text("image_url").notNull(),
    linkUrl: text("link_url").notNull(),
    callToAction: text("call_to_action").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    placement: text("placement", { enum: ["homepage", "explore", "category", "sidebar"] }).notNull(),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    check("promotions_time_order_check", sql`${t.endsAt} > ${t.startsAt}`),
    check("promotions_placement_check", sql`${t.placement} in ('homepage', 'explore', 'category', 'sidebar')`),
    index("promotions_placement_idx").on(t.placement, t.startsAt),
    index("promotions_campaign_idx").on(t.campaignId),
  ],
);

/** The three flagship events on the home page; title, date and place come from the event itself. */
export const majorEventTeasers = pgTable("major_event_teasers", {
  id: serial("id").primaryKey(),
  eventId: integer("event_id")
    .notNull()
    .unique()
    .references(() => events.id, { onDelete: "cascade" }),
  position: smallint("position").notNull().unique(),
  tagline: text("tagline").notNull(),
  /** Optional promo video, a path under /assets or /uploads. */
  videoUrl: text("video_url"),
});
