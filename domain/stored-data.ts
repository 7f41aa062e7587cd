/*
 * What the site stores, table by table, as /privacy lists it (app/routes/privacy.tsx) and as the account
 * export gathers it (server/services/account-export.ts). tests/integration/privacy-stored-data.test.ts
 * compares STORED_TABLES with every table of server/db/schema.ts, both ways: a new table fails the
 * tests until it has its line here.
 *
 * Adding a table: one entry below, and one sentence per language under `privacy.tables.<table name>` in
 * app/i18n/locales/pages/{en,fr,ar,am}.json saying what the table holds and why.
 */

/** The page's groups, in the page's order. */
export const STORED_DATA_SECTIONS = [
  "account",
  "profile",
  "buying",
  "organizing",
  "community",
  "site",
  "catalogue",
] as const;
export type StoredDataSection = (typeof STORED_DATA_SECTIONS)[number];

/** How long rows are kept: each kind is one sentence under `privacy.retention.<kind>`. */
export const RETENTION_KINDS = [
  "account",
  "session",
  "withSession",
  "shortLink",
  "flow",
  "throttle",
  "order",
  "orderLink",
  "retry",
  "lookupLink",
  "waitlist",
  "newsletter",
  "invitation",
  "event",
  "derived",
  "promotion",
  "outbox",
  "devMailbox",
  "audit",
  "staff",
  "public",
  "signingKey",
  "correspondence",
  "report",
  "notification",
] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];

/** What deleting an account does to a table's rows about the person: one sentence each under `privacy.onDeletion.<fate>`. */
export const DELETION_FATES = ["deleted", "anonymized", "kept", "expires", "auditKept", "none"] as const;
export type DeletionFate = (typeof DELETION_FATES)[number];

/** The parts of the account export (the keys of its JSON object besides `exportedAt`). */
export const EXPORT_CATEGORIES = [
  "account",
  "identities",
  "sessions",
  "profile",
  "interests",
  "newsletter",
  "orders",
  "waitlist",
  "ticketLookups",
  "events",
  "invitations",
  "reputation",
  "promotions",
  "staff",
  "messages",
  "reports",
  "sponsorships",
  "community",
  "promoters",
  "planning",
] as const;
export type ExportCategory = (typeof EXPORT_CATEGORIES)[number];

export interface StoredTable {
  /** The table's name in the database. */
  table: string;
  section: StoredDataSection;
  retention: RetentionKind;
  onDeletion: DeletionFate;
  /** Where the export carries this table's rows about the person; null when it holds none to give (secrets, other people's, public lists). */
  export: ExportCategory | null;
}

export const STORED_TABLES: readonly StoredTable[] = [
  // Your account and signing in
  { table: "users", section: "account", retention: "account", onDeletion: "anonymized", export: "account" },
  { table: "identities", section: "account", retention: "account", onDeletion: "deleted", export: "identities" },
  { table: "auth_sessions", section: "account", retention: "session", onDeletion: "deleted", export: "sessions" },
  { table: "refresh_tokens", section: "account", retention: "withSession", onDeletion: "deleted", export: null },
  { table: "one_time_tokens", section: "account", retention: "shortLink", onDeletion: "deleted", export: null },
  { table: "otp_codes", section: "account", retention: "shortLink", onDeletion: "deleted", export: null },
  { table: "flow_states", section: "account", retention: "flow", onDeletion: "deleted", export: null },
  { table: "rate_limit_hits", section: "account", retention: "throttle", onDeletion: "deleted", export: null },
  // What you tell us about yourself
  { table: "profiles", section: "profile", retention: "account", onDeletion: "anonymized", export: "profile" },
  { table: "user_interests", section: "profile", retention: "account", onDeletion: "deleted", export: "interests" },
  {
    table: "newsletter_subscriptions",
    section: "profile",
    retention: "newsletter",
    onDeletion: "deleted",
    export: "newsletter",
  },
  // Buying tickets
  { table: "orders", section: "buying", retention: "order", onDeletion: "anonymized", export: "orders" },
  { table: "order_items", section: "buying", retention: "order", onDeletion: "kept", export: "orders" },
  { table: "order_status_changes", section: "buying", retention: "order", onDeletion: "kept", export: "orders" },
  { table: "tickets", section: "buying", retention: "order", onDeletion: "kept", export: "orders" },
  { table: "order_access_tokens", section: "buying", retention: "orderLink", onDeletion: "deleted", export: null },
  { table: "idempotency_keys", section: "buying", retention: "retry", onDeletion: "deleted", export: null },
  {
    table: "ticket_lookup_links",
    section: "buying",
    retention: "lookupLink",
    onDeletion: "deleted",
    export: "ticketLookups",
  },
  { table: "waitlist_entries", section: "buying", retention: "waitlist", onDeletion: "deleted", export: "waitlist" },
  // Organizing and promoting events
  { table: "events", section: "organizing", retention: "event", onDeletion: "kept", export: "events" },
  { table: "event_images", section: "organizing", retention: "event", onDeletion: "kept", export: "events" },
  { table: "ticket_types", section: "organizing", retention: "event", onDeletion: "kept", export: "events" },
  { table: "event_co_organizers", section: "organizing", retention: "event", onDeletion: "deleted", export: "events" },
  {
    table: "co_organizer_invitations",
    section: "organizing",
    retention: "invitation",
    onDeletion: "deleted",
    export: "invitations",
  },
  {
    table: "organizer_reputations",
    section: "organizing",
    retention: "derived",
    onDeletion: "kept",
    export: "reputation",
  },
  {
    table: "promotion_campaigns",
    section: "organizing",
    retention: "promotion",
    onDeletion: "anonymized",
    export: "promotions",
  },
  { table: "promotions", section: "organizing", retention: "promotion", onDeletion: "kept", export: null },
  // Saving, following, reviewing, sharing, photos and badges
  { table: "event_saves", section: "community", retention: "account", onDeletion: "deleted", export: "community" },
  {
    table: "organizer_follows",
    section: "community",
    retention: "account",
    onDeletion: "deleted",
    export: "community",
  },
  { table: "reviews", section: "community", retention: "account", onDeletion: "deleted", export: "community" },
  {
    table: "review_helpful_votes",
    section: "community",
    retention: "account",
    onDeletion: "deleted",
    export: "community",
  },
  { table: "gallery_photos", section: "community", retention: "account", onDeletion: "deleted", export: "community" },
  { table: "share_links", section: "community", retention: "account", onDeletion: "deleted", export: "community" },
  { table: "share_visits", section: "community", retention: "account", onDeletion: "deleted", export: "community" },
  // Promoters (server/db/tables/promoters.ts)
  { table: "promoter_programs", section: "organizing", retention: "event", onDeletion: "none", export: null },
  { table: "event_promoters", section: "organizing", retention: "account", onDeletion: "deleted", export: "promoters" },
  { table: "promoter_clicks", section: "organizing", retention: "account", onDeletion: "deleted", export: "promoters" },
  {
    table: "promoter_listings",
    section: "organizing",
    retention: "account",
    onDeletion: "deleted",
    export: "promoters",
  },
  { table: "order_attributions", section: "buying", retention: "order", onDeletion: "anonymized", export: "promoters" },
  // Planning tools (server/db/tables/planning.ts)
  { table: "event_plans", section: "organizing", retention: "account", onDeletion: "deleted", export: "planning" },
  { table: "event_plan_tasks", section: "organizing", retention: "account", onDeletion: "deleted", export: "planning" },
  { table: "matchmaker_answers", section: "profile", retention: "account", onDeletion: "deleted", export: "planning" },
  { table: "badge_awards", section: "community", retention: "account", onDeletion: "deleted", export: "community" },
  {
    table: "notifications",
    section: "community",
    retention: "notification",
    onDeletion: "deleted",
    export: "community",
  },
  // Running the site
  { table: "jobs", section: "site", retention: "outbox", onDeletion: "deleted", export: null },
  { table: "mailbox_messages", section: "site", retention: "devMailbox", onDeletion: "deleted", export: null },
  { table: "scheduled_tasks", section: "site", retention: "public", onDeletion: "none", export: null },
  { table: "signing_keys", section: "site", retention: "signingKey", onDeletion: "none", export: null },
  { table: "staff_members", section: "site", retention: "staff", onDeletion: "deleted", export: "staff" },
  { table: "staff_actions", section: "site", retention: "audit", onDeletion: "auditKept", export: "staff" },
  { table: "contact_threads", section: "site", retention: "correspondence", onDeletion: "deleted", export: "messages" },
  { table: "contact_entries", section: "site", retention: "correspondence", onDeletion: "deleted", export: "messages" },
  { table: "reports", section: "site", retention: "report", onDeletion: "anonymized", export: "reports" },
  { table: "sponsor_accounts", section: "site", retention: "account", onDeletion: "deleted", export: "sponsorships" },
  { table: "blog_posts", section: "site", retention: "public", onDeletion: "anonymized", export: "staff" },
  { table: "blog_post_versions", section: "catalogue", retention: "public", onDeletion: "none", export: null },
  // Public lists that hold nothing about you
  { table: "categories", section: "catalogue", retention: "public", onDeletion: "none", export: null },
  { table: "interests", section: "catalogue", retention: "public", onDeletion: "none", export: null },
  { table: "venues", section: "catalogue", retention: "public", onDeletion: "none", export: null },
  { table: "sponsors", section: "catalogue", retention: "public", onDeletion: "none", export: null },
  { table: "event_sponsors", section: "catalogue", retention: "public", onDeletion: "none", export: null },
  { table: "major_event_teasers", section: "catalogue", retention: "public", onDeletion: "none", export: null },
];

/** The export categories the page promises, in the export's order. */
export function promisedExportCategories(tables: readonly StoredTable[] = STORED_TABLES): ExportCategory[] {
  const promised = new Set(tables.flatMap((entry) => (entry.export ? [entry.export] : [])));
  return EXPORT_CATEGORIES.filter((category) => promised.has(category));
}

/*
 * The cookies and browser storage keys the site uses, as /privacy lists them: each is one sentence under
 * `privacy.cookies.<name>` / `privacy.storage.<key>`. tests/unit/privacy-cookies.test.ts reads every
 * cookie name the code declares (a `…_COOKIE = "name"` constant) and every storage key it writes, and
 * fails on one missing here or listed here but no longer used.
 */
export const SITE_COOKIES = [
  "session",
  "known_device",
  "oauth_verifier",
  "ticket_lookup",
  "flash",
  "lang",
  "theme",
  "share_ref",
  "promoter_ref",
] as const;
export const SITE_STORAGE_KEYS = ["theme", "language"] as const;
