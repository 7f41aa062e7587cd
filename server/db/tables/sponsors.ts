import { index, integer, pgTable, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { sponsors } from "./events";

// Sponsors' own accounts: who may approve a sponsor's appearances on events besides staff.

/**
 * The account that speaks for a sponsor (at most one per sponsor), linked by staff in the console:
 * its owner approves or declines the events that ask to show the sponsor, from their dashboard.
 */
export const sponsorAccounts = pgTable(
  "sponsor_accounts",
  {
    sponsorId: integer("sponsor_id")
      .primaryKey()
      .references(() => sponsors.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    linkedAt: timestamp("linked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("sponsor_accounts_user_idx").on(t.userId)],
);
