import {
  BUDGET_CATEGORIES,
  budgetLinesSchema,
  planInputSchema,
  type BudgetCategory,
  type BudgetLine,
  type PlanInput,
} from "./event-plan-input";
import {
  centsOfDollars,
  lineAmountField,
  linePerAttendeeField,
  PLAN_FIELDS,
  type BudgetLineValues,
  type PlanField,
  type PlanFormValues,
  type PlanProblems,
} from "./plan-address";

export * from "./plan-address";

/**
 * The planning tools' questions as they travel in an address (/event-planning/planner?eventType=…): a plain
 * GET form fills them in, so a plan can be shared, bookmarked and kept across a sign-in. Reading them gives
 * the values as typed (to show the form again), the problems by field (word keys of planning.errors), and
 * the input once every field is good.
 */

export interface PlanQuery {
  values: PlanFormValues;
  /** Empty when the address asks nothing yet (the first visit): then there are no problems either. */
  isAsked: boolean;
  problems: PlanProblems;
  input: PlanInput | null;
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

export interface BudgetQuery {
  /** Null when the address carries no lines (then the defaults apply). */
  values: BudgetLineValues[] | null;
  problems: Partial<Record<BudgetCategory, string>>;
  lines: BudgetLine[] | null;
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
