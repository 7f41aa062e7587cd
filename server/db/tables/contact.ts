import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, updatedAt } from "./columns";
import { events } from "./events";

// Messages people send the site's staff (/contact) or an event's organizer (/events/{id}/contact).

/**
 * One conversation: a message sent through /contact (kind "site", answered by staff in /admin/messages)
 * or relayed to an event's organizer (kind "organizer", kept so that abuse can be reviewed). The
 * reference is what the sender is shown and what every e-mail about the thread carries.
 */
export const contactThreads = pgTable(
  "contact_threads",
  {
    id: serial("id").primaryKey(),
    /** Short, unguessable, shown to the sender (e.g. DMV-7KQ2M9XA). */
    reference: text("reference").notNull(),
    kind: text("kind", { enum: ["site", "organizer"] }).notNull(),
    /** The subject chosen on /contact; null for a message to an organizer. */
    topic: text("topic", { enum: ["buyer_help", "organizer_help", "press", "partnership", "problem"] }),
    /** The event whose organizer was written to; null for /contact (set null if the event is deleted). */
    eventId: integer("event_id").references(() => events.id, { onDelete: "set null" }),
    /** An order or event reference the sender typed, as typed (optional). */
    relatedReference: text("related_reference"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** The signed-in sender, if any (the form works for visitors too). */
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The language the sender wrote from: their copy and staff answers are e-mailed in it. */
    language: text("language", { enum: ["en", "fr", "ar", "am"] }).notNull(),
    status: text("status", { enum: ["open", "answered", "closed"] })
      .notNull()
      .default("open"),
    createdAt: createdAt(),
    /** The last message or status change. */
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("contact_threads_reference_key").on(t.reference),
    check("contact_threads_kind_check", sql`${t.kind} in ('site', 'organizer')`),
    check("contact_threads_status_check", sql`${t.status} in ('open', 'answered', 'closed')`),
    check(
      "contact_threads_topic_check",
      sql`${t.topic} is null or ${t.topic} in ('buyer_help', 'organizer_help', 'press', 'partnership', 'problem')`,
    ),
    check("contact_threads_language_check", sql`${t.language} in ('en', 'fr', 'ar', 'am')`),
    index("contact_threads_kind_status_idx").on(t.kind, t.status, t.updatedAt),
    index("contact_threads_email_idx").on(sql`lower(${t.email})`),
    index("contact_threads_event_idx").on(t.eventId),
  ],
);

/** The messages of a thread in order: the sender's first message, staff answers, the sender's later replies. */
export const contactEntries = pgTable(
  "contact_entries",
  {
    id: serial("id").primaryKey(),
    threadId: integer("thread_id")
      .notNull()
      .references(() => contactThreads.id, { onDelete: "cascade" }),
    author: text("author", { enum: ["sender", "staff"] }).notNull(),
    /** The staff member who answered (null for the sender's messages, or once that account is deleted). */
    staffId: uuid("staff_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("contact_entries_author_check", sql`${t.author} in ('sender', 'staff')`),
    index("contact_entries_thread_idx").on(t.threadId, t.createdAt),
  ],
);
