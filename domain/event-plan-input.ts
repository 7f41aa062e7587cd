import { z } from "zod";
import { EVENT_TYPES, type PermitTopic, type PlanningItem } from "./event-types";
import { LANGUAGES, type Language } from "./language";

/**
 * What the planning tools (/event-planning, issue 20) are asked, and the shapes of what they answer: the
 * contract the planning engine (event-plan.ts), the budget (event-budget.ts), the saved plans, the pages and
 * the optional language model share. The rules themselves live in those modules.
 */

/** Where in the region the event happens: permits and venue suggestions depend on it. */
export const PLAN_AREAS = ["dc", "md", "va", "elsewhere"] as const;
export type PlanArea = (typeof PLAN_AREAS)[number];

export const PLAN_SETTINGS = ["indoor", "outdoor"] as const;
export type PlanSetting = (typeof PLAN_SETTINGS)[number];

export const MAX_PLAN_ATTENDANCE = 100_000;
export const MAX_PLAN_TITLE_LENGTH = 120;
export const MAX_PLAN_DESCRIPTION_LENGTH = 2_000;
/** A budget above this is a typo more often than a plan: $10 million. */
export const MAX_PLAN_BUDGET_CENTS = 1_000_000_000;

const EVENT_TYPE_SLUGS = EVENT_TYPES.map((type) => type.slug) as [string, ...string[]];

/** A calendar day, YYYY-MM-DD, in the event's time zone. */
const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: "date_invalid" })
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    {
      message: "date_invalid",
    },
  );

/** The planner's questions. Error messages are keys of the page's words (planning.errors.*). */
export const planInputSchema = z.object({
  eventType: z.enum(EVENT_TYPE_SLUGS, { message: "event_type_invalid" }),
  attendance: z
    .number({ message: "attendance_invalid" })
    .int({ message: "attendance_invalid" })
    .min(1, { message: "attendance_invalid" })
    .max(MAX_PLAN_ATTENDANCE, { message: "attendance_invalid" }),
  /** The day of the event, in its time zone (the region's: America/New_York). */
  date: calendarDay,
  /** What the organizer can spend in all, or null when they have no budget yet. */
  budgetCents: z
    .number({ message: "budget_invalid" })
    .int({ message: "budget_invalid" })
    .min(0, { message: "budget_invalid" })
    .max(MAX_PLAN_BUDGET_CENTS, { message: "budget_invalid" })
    .nullable(),
  setting: z.enum(PLAN_SETTINGS, { message: "setting_invalid" }),
  language: z.enum(LANGUAGES as unknown as [Language, ...Language[]], { message: "language_invalid" }),
  area: z.enum(PLAN_AREAS, { message: "area_invalid" }),
  title: z.string().trim().max(MAX_PLAN_TITLE_LENGTH, { message: "title_too_long" }).default(""),
  description: z.string().trim().max(MAX_PLAN_DESCRIPTION_LENGTH, { message: "description_too_long" }).default(""),
});
export type PlanInput = z.infer<typeof planInputSchema>;

/** The phases of a plan, in order. */
export const PLAN_PHASES = [
  "foundations",
  "venue-and-permits",
  "vendors-and-program",
  "tickets-and-promotion",
  "final-week",
  "event-day",
  "follow-up",
] as const;
export type PlanPhase = (typeof PLAN_PHASES)[number];

/** Who usually does a task. */
export const TASK_OWNERS = ["organizer", "venue", "vendors", "volunteers", "site"] as const;
export type TaskOwner = (typeof TASK_OWNERS)[number];

/**
 * What this site does for a task, so the task ticks itself once the plan's draft event reaches that state
 * (for example `tickets-on-sale` when the event is published with ticket types).
 */
export const SITE_ACTIONS = ["create-event", "tickets-on-sale", "reminders", "check-in", "follow-up"] as const;
export type SiteAction = (typeof SITE_ACTIONS)[number];

export interface PlanTask {
  /** Stable within a plan (the same input gives the same keys): saved ticks are kept by it. */
  key: string;
  phase: PlanPhase;
  /** The checklist item it comes from, or the permit it is about (then item is "check-permits"). */
  item: PlanningItem;
  permit: PermitTopic | null;
  /** YYYY-MM-DD, never after the event day and never before today. */
  dueOn: string;
  owner: TaskOwner;
  siteAction: SiteAction | null;
}

export const BUDGET_CATEGORIES = [
  "venue",
  "catering",
  "av",
  "staff",
  "security",
  "insurance",
  "marketing",
  "decoration",
  "fees",
  "contingency",
] as const;
export type BudgetCategory = (typeof BUDGET_CATEGORIES)[number];

/** One line of a budget: a total, or an amount per attendee (then the total follows the attendance). */
export interface BudgetLine {
  category: BudgetCategory;
  /** Cents per attendee when the line grows with attendance (catering), else null. */
  perAttendeeCents: number | null;
  /** Cents in all; for a per-attendee line, perAttendeeCents × attendance. */
  amountCents: number;
}

export const budgetLineSchema = z.object({
  category: z.enum(BUDGET_CATEGORIES, { message: "budget_line_invalid" }),
  perAttendeeCents: z.number().int().min(0).max(MAX_PLAN_BUDGET_CENTS).nullable(),
  amountCents: z.number().int().min(0).max(MAX_PLAN_BUDGET_CENTS),
});
export const budgetLinesSchema = z
  .array(budgetLineSchema)
  .max(BUDGET_CATEGORIES.length, { message: "budget_line_invalid" })
  .refine((lines) => new Set(lines.map((line) => line.category)).size === lines.length, {
    message: "budget_line_invalid",
  });
