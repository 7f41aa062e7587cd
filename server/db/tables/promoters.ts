import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./auth";
import { events } from "./events";
import { orders } from "./orders";
import { shareLinks } from "./community";

// Promoters (affiliates): people an event's organizer invites to sell its tickets through a tracked
// link (`?ref=CODE`), for an optional commission; and which share link or promoter brought each order.

/**
 * An event's promoter programme: the join code anyone signed in may apply with, and the commission
 * (basis points, 0–10000) a promoter who joins with it gets. One per event, made when the organizer
 * first opens the programme.
 */
export const promoterPrograms = pgTable(
  "promoter_programs",
  {
    eventId: integer("event_id")
      .primaryKey()
      .references(() => events.id, { onDelete: "cascade" }),
    joinCode: text("join_code").notNull(),
    commissionBps: integer("commission_bps").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("promoter_programs_join_code_key").on(t.joinCode),
    check("promoter_programs_commission_check", sql`${t.commissionBps} between 0 and 10000`),
  ],
);

/**
 * A promoter of one event: invited by e-mail (`invited_email`, no person until they accept) or joined
 * with the programme's code. `code` is their tracked link's `?ref=`; `commission_bps` their rate.
 */
export const eventPromoters = pgTable(
  "event_promoters",
  {
    id: serial("id").primaryKey(),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    invitedEmail: text("invited_email"),
    code: text("code").notNull(),
    commissionBps: integer("commission_bps").notNull().default(0),
    status: text("status", { enum: ["invited", "active"] }).notNull(),
    createdAt: createdAt(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("event_promoters_code_key").on(t.code),
    uniqueIndex("event_promoters_event_user_key").on(t.eventId, t.userId),
    uniqueIndex("event_promoters_event_email_key").on(t.eventId, t.invitedEmail),
    index("event_promoters_user_idx").on(t.userId),
    check("event_promoters_status_check", sql`${t.status} in ('invited', 'active')`),
    check("event_promoters_commission_check", sql`${t.commissionBps} between 0 and 10000`),
    check("event_promoters_active_check", sql`${t.status} = 'invited' or ${t.userId} is not null`),
  ],
);

/**
 * A visit through a promoter's link, once per visitor (a keyed hash of address and browser, never the
 * address) and promoter, like share_visits.
 */
export const promoterClicks = pgTable(
  "promoter_clicks",
  {
    id: serial("id").primaryKey(),
    promoterId: integer("promoter_id")
      .notNull()
      .references(() => eventPromoters.id, { onDelete: "cascade" }),
    visitorHash: text("visitor_hash").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("promoter_clicks_promoter_visitor_key").on(t.promoterId, t.visitorHash)],
);

/** The people who chose to be named among the month's top promoters on /promoters. */
export const promoterListings = pgTable("promoter_listings", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  createdAt: createdAt(),
});

/**
 * What brought an order, written in the order's own transaction: the share link (a referral for its
 * sharer) and/or the promoter whose link the buyer came through, with the commission rate of that
 * moment (a later change of rate does not rewrite what was earned).
 */
export const orderAttributions = pgTable(
  "order_attributions",
  {
    orderId: uuid("order_id")
      .primaryKey()
      .references(() => orders.id, { onDelete: "cascade" }),
    shareCode: text("share_code").references(() => shareLinks.code, { onDelete: "set null" }),
    promoterId: integer("promoter_id").references(() => eventPromoters.id, { onDelete: "set null" }),
    commissionBps: integer("commission_bps").notNull().default(0),
  },
  (t) => [
    index("order_attributions_share_idx").on(t.shareCode),
    index("order_attributions_promoter_idx").on(t.promoterId),
  ],
);
