import {
  BUDGET_CATEGORIES,
  budgetLinesSchema,
  planInputSchema,
  type BudgetCategory,
  type BudgetLine,
  type PlanInput,
} from "./event-plan-input";

/**
 * The planning tools' questions as they travel in an address (/event-planning/planner?eventType=…): a plain
 * GET form fills them in, so a plan can be shared, bookmarked and kept across a sign-in. Reading them gives
 * the values as typed (to show the form again), the problems by field (word keys of planning.errors), and
 * the input once every field is good.
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

export interface PlanQuery {
  values: PlanFormValues;
  /** Empty when the address asks nothing yet (the first visit): then there are no problems either. */
  isAsked: boolean;
  problems: PlanProblems;
  input: PlanInput | null;
}

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

function emptyValues(language: string): PlanFormValues {
  return {
    eventType: "",
    attendance: "",
    date: "",
    budget: "",
    setting: "indoor",
    language,
    area: "dc",
    title: "",
    description: "",
  };
}

/**
 * The questions in `params`. `today` (YYYY-MM-DD, the region's day) refuses a date already past;
 * `language` is the page's, the default event language. Unknown parameters are ignored.
 */
export function readPlanQuery(params: URLSearchParams, today: string, language: string): PlanQuery {
  const values = emptyValues(language);
  const isAsked = PLAN_FIELDS.some((field) => params.has(field));
  for (const field of PLAN_FIELDS) {
    const value = params.get(field);
    if (value !== null) values[field] = value.slice(0, 4_000);
  }
  if (!isAsked) return { values, isAsked, problems: {}, input: null };

  const problems: PlanProblems = {};
  const attendanceText = values.attendance.trim().replace(/,(?=\d{3}(\D|$))/g, "");
  const budgetText = values.budget.trim();
  const budgetCents = budgetText === "" ? null : centsOfDollars(budgetText);
  if (budgetText !== "" && budgetCents === null) problems.budget = "budget_invalid";
  const parsed = planInputSchema.safeParse({
    eventType: values.eventType,
    attendance: /^\d{1,9}$/.test(attendanceText) ? Number(attendanceText) : Number.NaN,
    date: values.date.trim(),
    budgetCents: budgetCents ?? null,
    setting: values.setting,
    language: values.language,
    area: values.area,
    title: values.title,
    description: values.description,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      const field: PlanField | null =
        key === "budgetCents" ? "budget" : PLAN_FIELDS.includes(key as PlanField) ? (key as PlanField) : null;
      if (field && !problems[field]) problems[field] = issue.message;
    }
  }
  if (!problems.date && values.date.trim() < today) problems.date = "date_past";
  const input = parsed.success && Object.keys(problems).length === 0 ? parsed.data : null;
  return { values, isAsked, problems, input };
}

/** The address's query (without "?") for a plan's input: what the form would send. */
export function planQueryOf(input: PlanInput): URLSearchParams {
  const params = new URLSearchParams({
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
  return params;
}

/** The budgeting tool's own fields: per category, an amount in dollars and whether it is per attendee. */
export const lineAmountField = (category: BudgetCategory) => `${category}.amount`;
export const linePerAttendeeField = (category: BudgetCategory) => `${category}.per`;

export interface BudgetLineValues {
  category: BudgetCategory;
  amount: string;
  perAttendee: boolean;
}

export interface BudgetQuery {
  /** Null when the address carries no lines (then the defaults apply). */
  values: BudgetLineValues[] | null;
  problems: Partial<Record<BudgetCategory, string>>;
  lines: BudgetLine[] | null;
}

/** The lines as a form shows them. */
export function budgetLineValuesOf(lines: readonly BudgetLine[]): BudgetLineValues[] {
  return lines.map((line) => ({
    category: line.category,
    amount: dollarsOfCents(line.perAttendeeCents ?? line.amountCents),
    perAttendee: line.perAttendeeCents !== null,
  }));
}

/**
 * The budget lines the tool's form sent, for `attendance` people (a per-attendee line's total follows
 * it). A line left empty counts as nothing spent; a line that is not an amount is a problem of its own.
 */
export function readBudgetQuery(params: URLSearchParams, attendance: number): BudgetQuery {
  const sent = BUDGET_CATEGORIES.filter((category) => params.has(lineAmountField(category)));
  if (sent.length === 0) return { values: null, problems: {}, lines: null };
  const problems: Partial<Record<BudgetCategory, string>> = {};
  const values: BudgetLineValues[] = [];
  const lines: BudgetLine[] = [];
  for (const category of sent) {
    const amount = (params.get(lineAmountField(category)) ?? "").slice(0, 40);
    const perAttendee = params.get(linePerAttendeeField(category)) === "person";
    values.push({ category, amount, perAttendee });
    const cents = amount.trim() === "" ? 0 : centsOfDollars(amount);
    if (cents === null) {
      problems[category] = "budget_line_invalid";
      continue;
    }
    lines.push({
      category,
      perAttendeeCents: perAttendee ? cents : null,
      amountCents: perAttendee ? cents * attendance : cents,
    });
  }
  const checked = budgetLinesSchema.safeParse(lines);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const index = issue.path[0];
      const category = typeof index === "number" ? lines[index]?.category : undefined;
      if (category && !problems[category]) problems[category] = "budget_line_invalid";
    }
  }
  const isGood = Object.keys(problems).length === 0 && checked.success;
  return { values, problems, lines: isGood ? lines : null };
}

/** The lines as query parameters, after a plan's input (the budgeting tool's address with these lines). */
export function appendBudgetLines(params: URLSearchParams, lines: readonly BudgetLine[]): URLSearchParams {
  for (const line of lines) {
    params.set(lineAmountField(line.category), dollarsOfCents(line.perAttendeeCents ?? line.amountCents));
    params.set(linePerAttendeeField(line.category), line.perAttendeeCents !== null ? "person" : "total");
  }
  return params;
}
