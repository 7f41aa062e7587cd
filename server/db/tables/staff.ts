import { index, jsonb, pgTable, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { users } from "./auth";

// The people who run the marketplace, and what they did.

/** Staff members: the accounts that may open /admin and call /api/v1/staff. */
export const staffMembers = pgTable("staff_members", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  grantedAt: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The audit log: one row per staff action, written in the action's own transaction. `actor_id` is
 * null for actions taken from the command line or the STAFF_EMAILS setting; it is kept (set null)
 * when the staff member's account is deleted, so the history stays whole.
 */
export const staffActions = pgTable(
  "staff_actions",
  {
    id: serial("id").primaryKey(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** A stable word for what was done: "event.feature", "staff.grant", "event.hide"… */
    action: text("action").notNull(),
    /** What it was done to: "event", "user", "sponsor", "report", "message", "blog_post"… and its id. */
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id").notNull(),
    reason: text("reason"),
    before: jsonb("before").$type<unknown>(),
    after: jsonb("after").$type<unknown>(),
    createdAt: createdAt(),
  },
  (t) => [
    index("staff_actions_created_at_idx").on(t.createdAt),
    index("staff_actions_subject_idx").on(t.subjectType, t.subjectId),
  ],
);
