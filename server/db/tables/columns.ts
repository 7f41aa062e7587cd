import { timestamp } from "drizzle-orm/pg-core";

/** The creation and last-change instants most tables keep. */
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
