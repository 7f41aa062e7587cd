import { sql } from "drizzle-orm";
import { check, index, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./auth";

// Moderation: what people report to staff, and what staff decided.

/**
 * A report about an item of the site (an event today; reviews and photos later, hence the generic
 * subject): why, in the reporter's words, and what staff decided. The reporter is kept when signed in
 * (set null when their account goes); `client_hash` is a keyed hash of the address it came from, never
 * the address, for spotting floods. One open report per person (or, signed out, per address) and item.
 */
export const reports = pgTable(
  "reports",
  {
    id: serial("id").primaryKey(),
    subjectType: text("subject_type", { enum: ["event", "review", "photo"] }).notNull(),
    subjectId: text("subject_id").notNull(),
    reason: text("reason", {
      enum: ["scam", "misleading", "hateful", "spam", "prohibited", "other"],
    }).notNull(),
    details: text("details"),
    reporterId: uuid("reporter_id").references(() => users.id, { onDelete: "set null" }),
    clientHash: text("client_hash").notNull(),
    status: text("status", { enum: ["open", "dismissed", "actioned"] })
      .notNull()
      .default("open"),
    resolvedBy: uuid("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("reports_subject_type_check", sql`${t.subjectType} in ('event', 'review', 'photo')`),
    check("reports_reason_check", sql`${t.reason} in ('scam', 'misleading', 'hateful', 'spam', 'prohibited', 'other')`),
    check("reports_status_check", sql`${t.status} in ('open', 'dismissed', 'actioned')`),
    index("reports_subject_idx").on(t.subjectType, t.subjectId),
    index("reports_status_created_idx").on(t.status, t.createdAt),
    // A repeat while the first is open is acknowledged without a second row: per account when signed in…
    uniqueIndex("reports_open_per_reporter_idx")
      .on(t.subjectType, t.subjectId, t.reporterId)
      .where(sql`${t.status} = 'open' and ${t.reporterId} is not null`),
    // …and per address when not.
    uniqueIndex("reports_open_per_client_idx")
      .on(t.subjectType, t.subjectId, t.clientHash)
      .where(sql`${t.status} = 'open' and ${t.reporterId} is null`),
  ],
);
