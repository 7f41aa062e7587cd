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
import { events, ticketTypes } from "./events";

// Buying: orders, their items and history, tickets, idempotency keys, Find My Ticket links, waitlists.

/**
 * An order for tickets to one event, by a signed-in person or a guest. `pending` holds its tickets
 * (counted in ticket_types.sold) until `hold_expires_at` while the buyer pays; `confirmed` has tickets
 * issued; `cancelled` and `refunded` have released them. Every change is also in order_status_changes.
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id),
    /** Who placed it when signed in; orders are also someone's when their confirmed e-mail matches. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    buyerName: text("buyer_name").notNull(),
    buyerEmail: text("buyer_email").notNull(),
    /** The buyer's language when ordering: e-mails about the order are written in it. */
    language: text("language", { enum: ["en", "fr", "ar", "am"] })
      .notNull()
      .default("en"),
    status: text("status", { enum: ["pending", "confirmed", "cancelled", "refunded"] }).notNull(),
    totalCents: integer("total_cents").notNull(),
    /** Pending orders only: when the held tickets go back on sale. */
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    /** "sandbox" or "stripe" once a payment started; the provider's id for it; what may be shown of the card. */
    paymentProvider: text("payment_provider"),
    paymentReference: text("payment_reference"),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    /**
     * While a payment attempt is with the provider: until when it holds the order (services/orders.ts,
     * payOrder). Other attempts meanwhile are refused, so one order reaches the provider once at a time.
     */
    paymentClaimedUntil: timestamp("payment_claimed_until", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("orders_status_check", sql`${t.status} in ('pending', 'confirmed', 'cancelled', 'refunded')`),
    check("orders_total_check", sql`${t.totalCents} >= 0`),
    check("orders_hold_check", sql`${t.status} <> 'pending' or ${t.holdExpiresAt} is not null`),
    index("orders_event_status_idx").on(t.eventId, t.status),
    index("orders_user_idx").on(t.userId),
    index("orders_buyer_email_idx").on(sql`lower(${t.buyerEmail})`),
    // The jobs worker's scan for holds past their time.
    index("orders_pending_hold_idx")
      .on(t.holdExpiresAt)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex("orders_payment_reference_key")
      .on(t.paymentProvider, t.paymentReference)
      .where(sql`${t.paymentReference} is not null`),
  ],
);

/**
 * Secrets that open an order without an account (SHA-256 hashes): one given to the buyer when ordering
 * and one for each e-mail about the order, so a link never has to be stored in the clear.
 */
export const orderAccessTokens = pgTable(
  "order_access_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("order_access_tokens_order_idx").on(t.orderId)],
);

/** How many of each ticket type an order holds, at the price when ordered. */
export const orderItems = pgTable(
  "order_items",
  {
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    ticketTypeId: integer("ticket_type_id")
      .notNull()
      .references(() => ticketTypes.id),
    quantity: smallint("quantity").notNull(),
    unitPriceCents: integer("unit_price_cents").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.ticketTypeId] }),
    check("order_items_quantity_check", sql`${t.quantity} between 1 and 10`),
    check("order_items_price_check", sql`${t.unitPriceCents} >= 0`),
    index("order_items_ticket_type_idx").on(t.ticketTypeId),
  ],
);

/** The history of an order: one row per status it entered, with when, why and by whom. */
export const orderStatusChanges = pgTable(
  "order_status_changes",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["pending", "confirmed", "cancelled", "refunded"] }).notNull(),
    /** Why, as a stable word: placed, paid, hold_expired, cancelled_by_buyer, refunded_by_organizer, ... */
    reason: text("reason").notNull(),
    actorUserId: uuid("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("order_status_changes_order_idx").on(t.orderId, t.at)],
);

/** One admission: issued when its order is confirmed, void when the order is cancelled or refunded. */
export const tickets = pgTable(
  "tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    ticketTypeId: integer("ticket_type_id")
      .notNull()
      .references(() => ticketTypes.id),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id),
    /** The unguessable code in the QR code and under it (domain/ticket-code.ts). */
    code: text("code").notNull().unique(),
    status: text("status", { enum: ["valid", "void"] })
      .notNull()
      .default("valid"),
    checkedInAt: timestamp("checked_in_at", { withTimezone: true }),
    checkedInBy: uuid("checked_in_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    check("tickets_status_check", sql`${t.status} in ('valid', 'void')`),
    index("tickets_event_idx").on(t.eventId, t.status),
    index("tickets_order_idx").on(t.orderId),
  ],
);

/**
 * Answers to POSTs sent with an Idempotency-Key, kept 24 h so a retry gets the first answer. A row
 * without a status is a request still running: a concurrent retry is told so instead of running twice.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    /** What the key is for and whose it is, e.g. "POST /api/v1/orders" and the caller. */
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    /** SHA-256 of the request body: the same key with another body is refused. */
    requestHash: text("request_hash").notNull(),
    statusCode: integer("status_code"),
    responseBody: jsonb("response_body"),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index("idempotency_keys_expires_idx").on(t.expiresAt)],
);

/** Find My Ticket: single-use links to an address's orders, stored hashed; a new one replaces older ones. */
export const ticketLookupLinks = pgTable(
  "ticket_lookup_links",
  {
    id: serial("id").primaryKey(),
    /** Lower-cased. */
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("ticket_lookup_links_email_idx").on(t.email)],
);

/**
 * People waiting for a sold-out ticket type, served in order. An offer is a pending order held for
 * them (`offer_order_id`) that they complete from the e-mailed link before it expires.
 */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: serial("id").primaryKey(),
    ticketTypeId: integer("ticket_type_id")
      .notNull()
      .references(() => ticketTypes.id, { onDelete: "cascade" }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    name: text("name").notNull(),
    language: text("language", { enum: ["en", "fr", "ar", "am"] })
      .notNull()
      .default("en"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    status: text("status", { enum: ["waiting", "offered", "purchased", "expired", "left"] })
      .notNull()
      .default("waiting"),
    offerOrderId: uuid("offer_order_id").references(() => orders.id, { onDelete: "set null" }),
    offeredAt: timestamp("offered_at", { withTimezone: true }),
    /**
     * When the address was confirmed (its owner followed the e-mailed link, or joined signed in with it):
     * only confirmed places are offered tickets. An unconfirmed place lapses at `confirm_expires_at`.
     */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** SHA-256 of the confirmation link's secret, while unconfirmed. */
    confirmTokenHash: text("confirm_token_hash").unique(),
    confirmExpiresAt: timestamp("confirm_expires_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("waitlist_entries_status_check", sql`${t.status} in ('waiting', 'offered', 'purchased', 'expired', 'left')`),
    // One place in line per address and ticket type.
    uniqueIndex("waitlist_entries_active_key")
      .on(t.ticketTypeId, sql`lower(${t.email})`)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    index("waitlist_entries_queue_idx").on(t.ticketTypeId, t.status, t.id),
  ],
);
