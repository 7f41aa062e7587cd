import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

// Work done outside a request: the job queue, scheduled tasks, the development mailbox.

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
    /** The Reply-To address the message was sent with (a relayed contact message answers its writer), if any. */
    replyTo: text("reply_to"),
    /** Files sent with the message (an order's .ics), as the mailer was given them. */
    attachments: jsonb("attachments")
      .$type<{ filename: string; contentType: string; content: string }[]>()
      .notNull()
      .default([]),
    createdAt: createdAt(),
  },
  (t) => [index("mailbox_messages_to_idx").on(sql`lower(${t.toAddress})`, t.createdAt)],
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
