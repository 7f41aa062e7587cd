import type { BudgetCategory, BudgetLine, PlanInput } from "./event-plan-input";

/**
 * The planning tools' answers as they travel in an address (/event-planning/planner?eventType=…): the field
 * names, dollars as typed, and an input or budget written back as query parameters. No schema here (the
 * reading and checking is plan-query.ts, on the server), so the pages' scripts stay small.
 */

export const PLAN_FIELDS = [
  "eventType",
  "attendance",
  "date",
  "budget",
  "setting",
  "language",
  "area",
  "title",
  "description",
] as const;
export type PlanField = (typeof PLAN_FIELDS)[number];
export type PlanFormValues = Record<PlanField, string>;
export type PlanProblems = Partial<Record<PlanField, string>>;

/** Whole dollars or dollars and cents, with or without thousands commas: "5000", "5,000", "12.50". */
export function centsOfDollars(text: string): number | null {
  const plain = text
    .trim()
    .replace(/^\$/, "")
    .replace(/,(?=\d{3}(\D|$))/g, "");
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(plain)) return null;
  return Math.round(Number(plain) * 100);
}

/** Cents as a form shows dollars: "5000", "12.50". */
export function dollarsOfCents(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** The address's query (without "?") for a plan's input: what the form would send. */
export function planQueryOf(input: PlanInput): URLSearchParams {
  return new URLSearchParams({
    eventType: input.eventType,
    attendance: String(input.attendance),
    date: input.date,
    budget: input.budgetCents === null ? "" : dollarsOfCents(input.budgetCents),
    setting: input.setting,
    language: input.language,
    area: input.area,
    title: input.title,
    description: input.description,
  });
}

/** The budgeting tool's own fields: per category, an amount in dollars and whether it is per attendee. */
export const lineAmountField = (category: BudgetCategory) => `${category}.amount`;
export const linePerAttendeeField = (category: BudgetCategory) => `${category}.per`;

export interface BudgetLineValues {
  category: BudgetCategory;
  amount: string;
  perAttendee: boolean;
}

/** The lines as a form shows them. */
export function budgetLineValuesOf(lines: readonly BudgetLine[]): BudgetLineValues[] {
  return lines.map((line) => ({
    category: line.category,
    amount: dollarsOfCents(line.perAttendeeCents ?? line.amountCents),
    perAttendee: line.perAttendeeCents !== null,
  }));
}

/** The lines as query parameters, after a plan's input (the budgeting tool's address with these lines). */
export function appendBudgetLines(params: URLSearchParams, lines: readonly BudgetLine[]): URLSearchParams {
  for (const line of lines) {
    params.set(lineAmountField(line.category), dollarsOfCents(line.perAttendeeCents ?? line.amountCents));
    params.set(linePerAttendeeField(line.category), line.perAttendeeCents !== null ? "person" : "total");
  }
  return params;
}
