import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
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
import type { SocialLinks } from "#domain/profile";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** The account behind a sign-in (Supabase Auth's `auth.users`, the columns we use). */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Stored lower-case ASCII (see domain/email-address.ts); the index keeps one account per address. */
    email: text("email").notNull(),
    emailConfirmedAt: timestamp("email_confirmed_at", { withTimezone: true }),
    /** Argon2id PHC string; null for accounts that only sign in by link or provider. */
    passwordHash: text("password_hash"),
    /** Supabase's `user_metadata`: what the person supplied at sign-up. Never read for authorization. */
    userMetadata: jsonb("user_metadata").$type<Record<string, unknown>>().notNull().default({}),
    /** Supabase's `app_metadata`: set by the server only ({ provider, providers }). */
    appMetadata: jsonb("app_metadata").$type<Record<string, unknown>>().notNull().default({}),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    bannedUntil: timestamp("banned_until", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`)],
);

/** How a user proves who they are: "email", or a provider ("google", "facebook") and its subject. */
export const identities = pgTable(
  "identities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    /** The provider's stable subject (`sub`); for "email" the user id. */
    providerId: text("provider_id").notNull(),
    identityData: jsonb("identity_data").$type<Record<string, unknown>>().notNull().default({}),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("identities_provider_subject_key").on(t.provider, t.providerId),
    index("identities_user_idx").on(t.userId),
  ],
);

/** A signed-in device. Access tokens name it (`session_id`); deleting it signs that device out. */
export const authSessions = pgTable(
  "auth_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** How the session was started, as the `amr` claim: [{ method, timestamp }]. */
    amr: jsonb("amr").$type<{ method: string; timestamp: number }[]>().notNull().default([]),
    /** Last refresh; a session idle longer than the inactivity limit cannot be refreshed. */
    refreshedAt: timestamp("refreshed_at", { withTimezone: true }).notNull().defaultNow(),
    /** Absolute end of the session, whatever its activity. */
    notAfter: timestamp("not_after", { withTimezone: true }).notNull(),
    userAgent: text("user_agent"),
    ipAddress: text("ip_address"),
    createdAt: createdAt(),
  },
  (t) => [index("auth_sessions_user_idx").on(t.userId)],
);

/**
 * Refresh tokens, stored as SHA-256 hashes. Each refresh revokes the token used and issues its child;
 * reuse outside the grace rules revokes the whole session (see the accounts decision).
 */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: serial("id").primaryKey(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => authSessions.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    parentHash: text("parent_hash"),
    isRevoked: boolean("is_revoked").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("refresh_tokens_session_idx").on(t.sessionId)],
);

/**
 * ES256 keys that sign access tokens. Made on first start when none is configured, so sessions survive
 * restarts with zero set-up and every instance on one database signs with the same key. The newest
 * key signs; older ones stay in the JWKS until their tokens have expired.
 */
export const signingKeys = pgTable("signing_keys", {
  kid: text("kid").primaryKey(),
  privateJwk: jsonb("private_jwk").$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
});

/** Single-use tokens sent by e-mail (sign-up confirmation, magic link, recovery), stored hashed. */
export const oneTimeTokens = pgTable(
  "one_time_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["signup", "magiclink", "recovery"] }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    /** Where the link lands after verification (already checked against the allow-list). */
    redirectTo: text("redirect_to").notNull(),
    /** Set when the link was requested by a PKCE client: verification then answers with a code. */
    codeChallenge: text("code_challenge"),
    codeChallengeMethod: text("code_challenge_method", { enum: ["s256", "plain"] }),
    /**
     * Sign-up links only: the password (Argon2id) and data typed at the sign-up that sent this link.
     * They reach the account only when this very link is followed, so a stranger signing the address
     * up again cannot replace what its owner chose.
     */
    pendingPasswordHash: text("pending_password_hash"),
    pendingUserMetadata: jsonb("pending_user_metadata").$type<Record<string, unknown>>(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("one_time_tokens_kind_check", sql`${t.kind} in ('signup', 'magiclink', 'recovery')`),
    index("one_time_tokens_user_kind_idx").on(t.userId, t.kind),
  ],
);

/**
 * Six-digit codes e-mailed for Supabase's `verifyOtp` (with a link: the one in the same e-mail, and
 * using either spends both, the code by the cascade) and for `reauthenticate()` (a code alone).
 * Stored hashed with a salt of their own; server/auth/otp-codes.ts says what that protects.
 */
export const otpCodes = pgTable(
  "otp_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The link e-mailed with the code; null for a reauthentication code. */
    oneTimeTokenId: uuid("one_time_token_id").references(() => oneTimeTokens.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["signup", "magiclink", "recovery", "reauthentication"] }).notNull(),
    salt: text("salt").notNull(),
    codeHash: text("code_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("otp_codes_kind_check", sql`${t.kind} in ('signup', 'magiclink', 'recovery', 'reauthentication')`),
    index("otp_codes_user_kind_idx").on(t.userId, t.kind),
    // Deleting a link deletes its code: without this every such delete would scan the table.
    index("otp_codes_one_time_token_idx").on(t.oneTimeTokenId),
  ],
);

/**
 * A PKCE or OAuth flow in progress. For OAuth the id is the `state` sent to the provider; once the
 * user is known an auth code (hashed) is issued, exchanged once at /token?grant_type=pkce.
 */
export const flowStates = pgTable(
  "flow_states",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** "google" | "facebook" for OAuth; "email" for e-mail links and "recovery" for password resets. */
    provider: text("provider").notNull(),
    /** What the exchange records in the session's `amr` (password, magiclink, recovery, oauth, ...). */
    authenticationMethod: text("authentication_method").notNull(),
    codeChallenge: text("code_challenge"),
    codeChallengeMethod: text("code_challenge_method", { enum: ["s256", "plain"] }),
    /** The PKCE verifier we sent to the OAuth provider (we are its client). */
    providerCodeVerifier: text("provider_code_verifier"),
    authCodeHash: text("auth_code_hash").unique(),
    redirectTo: text("redirect_to").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("flow_states_expires_idx").on(t.expiresAt)],
);

/**
 * Fixed-window counters for throttles (per account, per address, per IP, e-mails per hour). Kept in
 * the database so several app instances share them; old windows are pruned by a job.
 */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("rate_limit_hits_window_idx").on(t.windowStart)],
);

/**
 * The outbox: work done after the request that asked for it (e-mails first), drained by the
 * in-process worker with FOR UPDATE SKIP LOCKED so several instances never take the same job.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: serial("id").primaryKey(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(8),
    lastError: text("last_error"),
    /** Set when the job succeeded or gave up; pending jobs have neither. */
    doneAt: timestamp("done_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("jobs_pending_idx")
      .on(t.runAt)
      .where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
  ],
);

/** Messages delivered to the development mailbox (/dev/mailbox) when no SMTP server is configured. */
export const mailboxMessages = pgTable(
  "mailbox_messages",
  {
    id: serial("id").primaryKey(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    /** Files sent with the message (an order's .ics), as the mailer was given them. */
    attachments: jsonb("attachments")
      .$type<{ filename: string; contentType: string; content: string }[]>()
      .notNull()
      .default([]),
    createdAt: createdAt(),
  },
  (t) => [index("mailbox_messages_to_idx").on(sql`lower(${t.toAddress})`, t.createdAt)],
);

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
    /** Whether the weekly digest of events matching their interests is sent to them. */
    receivesDigest: boolean("receives_digest").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("profiles_role_check", sql`${t.role} in ('organizer', 'attendee')`),
    check("profiles_language_check", sql`${t.preferredLanguage} in ('en', 'fr', 'ar', 'am')`),
  ],
);

export const categories = pgTable("categories", {
  id: serial("id").primaryKey(),
  key: text("key").notNull().unique(),
  name: text("name").notNull().unique(),
  icon: text("icon").notNull(),
  /** Position among the 8 'top' categories shown on the home page; null when not top. */
  topRank: smallint("top_rank").unique(),
  position: smallint("position").notNull(),
});

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
  },
  (t) => [primaryKey({ columns: [t.eventId, t.sponsorId] })],
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

/**
 * Work that recurs (the weekly digest, reputation updates): one row per task with its next run. The
 * worker claims a due task by moving `next_run_at` forward in one conditional update, so with several
 * app processes each run happens once.
 */
export const scheduledTasks = pgTable("scheduled_tasks", {
  name: text("name").primaryKey(),
  nextRunAt: timestamp("next_run_at", { withTimezone: true }).notNull(),
  lastRunAt: timestamp("last_run_at", { withTimezone: true }),
});
