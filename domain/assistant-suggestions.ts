import { z } from "zod";
import {
  BUDGET_CATEGORIES,
  budgetLinesSchema,
  MAX_PLAN_BUDGET_CENTS,
  PLAN_PHASES,
  planInputSchema,
  TASK_OWNERS,
  type BudgetLine,
  type PlanInput,
  type PlanTask,
} from "./event-plan-input";
import { PLANNING_ITEMS } from "./event-types";
import { LANGUAGES, type Language } from "./language";

/**
 * The planner's assistant (issue 20, "AI when configured"): what the page may ask it, and the structured
 * suggestions a model may offer. A model's suggestion changes a plan only after it passed
 * `assistantSuggestionSchema` (the domain's own enums and bounds); anything else it writes is text.
 */

export const MAX_ASSISTANT_QUESTION_LENGTH = 1_000;
/** The earlier turns a follow-up question carries (questions and answers), and the length of each. */
export const MAX_ASSISTANT_HISTORY_TURNS = 12;
export const MAX_ASSISTANT_TURN_LENGTH = 6_000;
export const MAX_ASSISTANT_SUGGESTIONS = 5;
/** A task suggested further ahead than this is no plan of ours (the longest lead time is under a year). */
export const MAX_SUGGESTED_DAYS_BEFORE = 365;
const MAX_REASON_LENGTH = 300;

export const ASSISTANT_MODES = ["brief", "question"] as const;
export type AssistantMode = (typeof ASSISTANT_MODES)[number];

const turnSchema = z.object({
  role: z.enum(["user", "assistant"], { message: "history_invalid" }),
  content: z.string({ message: "history_invalid" }).max(MAX_ASSISTANT_TURN_LENGTH, { message: "history_invalid" }),
});
export type AssistantTurn = z.infer<typeof turnSchema>;

/** What the chat panel posts. Error messages are keys of the page's words (assistant.errors.*). */
export const assistantRequestSchema = z
  .object({
    mode: z.enum(ASSISTANT_MODES, { message: "mode_invalid" }),
    question: z
      .string({ message: "question_invalid" })
      .trim()
      .max(MAX_ASSISTANT_QUESTION_LENGTH, { message: "question_too_long" })
      .default(""),
    /** The page's language: the one the answer must be written in. */
    language: z.enum(LANGUAGES as unknown as [Language, ...Language[]], { message: "language_invalid" }),
    plan: planInputSchema,
    budgetLines: budgetLinesSchema,
    history: z.array(turnSchema).max(MAX_ASSISTANT_HISTORY_TURNS, { message: "history_invalid" }).default([]),
  })
  .strict()
  .refine((request) => request.mode === "brief" || request.question.length > 0, {
    message: "question_missing",
    path: ["question"],
  });
export type AssistantRequest = z.infer<typeof assistantRequestSchema>;

const reason = z.string().trim().max(MAX_REASON_LENGTH).default("");

/** An extra task from the engine's own checklist items, due some days before the event. */
const taskSuggestionSchema = z
  .object({
    kind: z.literal("task"),
    item: z.enum(PLANNING_ITEMS),
    phase: z.enum(PLAN_PHASES),
    owner: z.enum(TASK_OWNERS),
    daysBefore: z.number().int().min(0).max(MAX_SUGGESTED_DAYS_BEFORE),
    reason,
  })
  .strict();

/** A new total for one budget line. */
const budgetSuggestionSchema = z
  .object({
    kind: z.literal("budget"),
    category: z.enum(BUDGET_CATEGORIES),
    amountCents: z.number().int().min(0).max(MAX_PLAN_BUDGET_CENTS),
    reason,
  })
  .strict();

export const assistantSuggestionSchema = z.discriminatedUnion("kind", [taskSuggestionSchema, budgetSuggestionSchema]);
export type AssistantSuggestion = z.infer<typeof assistantSuggestionSchema>;
export type TaskSuggestion = z.infer<typeof taskSuggestionSchema>;
export type BudgetSuggestion = z.infer<typeof budgetSuggestionSchema>;

const FENCE = "```";

/**
 * Where the first fenced block of an answer starts, or -1. A stream holds back a tail that may be the
 * start of a fence (one or two backticks), so the block's JSON never reaches the page as text.
 */
export function fenceStart(text: string): number {
  return text.indexOf(FENCE);
}

/**
 * An answer split into what the person reads and the suggestions that passed validation: the first
 * fenced block (```json … ```) holds a JSON array (or `{ "suggestions": [...] }`); each element is
 * checked on its own and dropped when invalid; at most MAX_ASSISTANT_SUGGESTIONS, no duplicates.
 */
export function splitAnswer(answer: string): { text: string; suggestions: AssistantSuggestion[] } {
  const start = fenceStart(answer);
  if (start === -1) return { text: answer.trim(), suggestions: [] };
  const bodyStart = answer.indexOf("\n", start);
  const end = bodyStart === -1 ? -1 : answer.indexOf(FENCE, bodyStart);
  const body = bodyStart === -1 ? "" : answer.slice(bodyStart + 1, end === -1 ? undefined : end);
  const after = end === -1 ? "" : answer.slice(end + FENCE.length);
  const text = `${answer.slice(0, start).trim()}\n\n${after.trim()}`.trim();
  return { text, suggestions: validSuggestions(body) };
}

export function validSuggestions(json: string): AssistantSuggestion[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return [];
  }
  const list = Array.isArray(parsed)
    ? parsed
    : parsed && typeof parsed === "object" && Array.isArray((parsed as { suggestions?: unknown }).suggestions)
      ? (parsed as { suggestions: unknown[] }).suggestions
      : [];
  const kept: AssistantSuggestion[] = [];
  const seen = new Set<string>();
  for (const candidate of list) {
    const result = assistantSuggestionSchema.safeParse(candidate);
    if (!result.success) continue;
    const key = suggestionKey(result.data);
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(result.data);
    if (kept.length === MAX_ASSISTANT_SUGGESTIONS) break;
  }
  return kept;
}

/** One suggestion per task item or budget category. */
export function suggestionKey(suggestion: AssistantSuggestion): string {
  return suggestion.kind === "task" ? `task:${suggestion.item}` : `budget:${suggestion.category}`;
}

function dayBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/**
 * The plan with a suggested task added (or replacing one the assistant added before for the same item):
 * due `daysBefore` the event, never before today nor after the event, in due-day order.
 */
export function withSuggestedTask(
  tasks: readonly PlanTask[],
  suggestion: TaskSuggestion,
  input: Pick<PlanInput, "date">,
  today: string,
): PlanTask[] {
  const checked = assistantSuggestionSchema.parse(suggestion) as TaskSuggestion;
  const due = dayBefore(input.date, checked.daysBefore);
  const dueOn = due < today ? (today > input.date ? input.date : today) : due;
  const task: PlanTask = {
    key: `assistant-${checked.item}`,
    phase: checked.phase,
    item: checked.item,
    permit: null,
    dueOn,
    owner: checked.owner,
    siteAction: null,
  };
  return [...tasks.filter((existing) => existing.key !== task.key), task].sort((a, b) =>
    a.dueOn < b.dueOn ? -1 : a.dueOn > b.dueOn ? 1 : 0,
  );
}

/**
 * The budget with one line set to the suggested total, or added (as a fixed amount) when missing. A line that
 * grows with attendance (catering) stays per attendee: the new total divided by the expected attendance.
 */
export function withSuggestedBudgetLine(
  lines: readonly BudgetLine[],
  suggestion: BudgetSuggestion,
  attendance: number,
): BudgetLine[] {
  const checked = assistantSuggestionSchema.parse(suggestion) as BudgetSuggestion;
  const existing = lines.find((line) => line.category === checked.category);
  const guests = Math.max(1, Math.floor(attendance));
  const perAttendeeCents =
    existing && existing.perAttendeeCents !== null ? Math.round(checked.amountCents / guests) : null;
  const line: BudgetLine = {
    category: checked.category,
    perAttendeeCents,
    amountCents: perAttendeeCents === null ? checked.amountCents : perAttendeeCents * guests,
  };
  const next = existing ? lines.map((entry) => (entry.category === checked.category ? line : entry)) : [...lines, line];
  return BUDGET_CATEGORIES.flatMap((category) => next.filter((entry) => entry.category === category));
}
