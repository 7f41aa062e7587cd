import { date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { BudgetLine, PlanInput } from "#domain/event-plan-input";
import type { MatchmakerAnswers } from "#domain/matchmaker-answers";
import { users } from "./auth";
import { createdAt, updatedAt } from "./columns";
import { events } from "./events";

// The planning tools (issue 20): saved event plans with their ticked tasks, and the Event Matchmaker's
// answers a person kept.

/**
 * A plan a person saved: the planner's answers (validated by domain/event-plan-input.ts), the budget as they
 * edited it, and the draft event made from it, if any (its state ticks the site's own tasks).
 */
export const eventPlans = pgTable(
  "event_plans",
  {
    id: serial("id").primaryKey(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    input: jsonb("input").$type<PlanInput>().notNull(),
    budgetLines: jsonb("budget_lines").$type<BudgetLine[]>().notNull(),
    eventId: integer("event_id").references(() => events.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("event_plans_owner_idx").on(t.ownerId)],
);

/**
 * The tasks of a saved plan, one row per task key of the engine's plan, with its due day; `done_at` when
 * the person ticked it, `reminded_at` once the "due soon" e-mail was queued.
 */
export const eventPlanTasks = pgTable(
  "event_plan_tasks",
  {
    planId: integer("plan_id")
      .notNull()
      .references(() => eventPlans.id, { onDelete: "cascade" }),
    taskKey: text("task_key").notNull(),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    doneAt: timestamp("done_at", { withTimezone: true }),
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.planId, t.taskKey] }), index("event_plan_tasks_due_idx").on(t.dueOn)],
);

/** The Event Matchmaker's answers a signed-in person kept (one set per person, the latest). */
export const matchmakerAnswers = pgTable("matchmaker_answers", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  answers: jsonb("answers").$type<MatchmakerAnswers>().notNull(),
  updatedAt: updatedAt(),
});
