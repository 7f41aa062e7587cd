import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";

// Accounts and signing in: users, how they prove who they are, sessions, tokens and rate limits.

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
