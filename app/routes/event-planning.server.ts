import { data, redirect, type AppLoadContext } from "react-router";
import { planToday } from "#domain/event-plan-draft";
import { budgetForAttendance, defaultBudgetLines, summarizeBudget } from "#domain/event-budget";
import { buildPlan, planPhases } from "#domain/event-plan";
import { PLAN_AREAS, PLAN_SETTINGS, type BudgetLine, type PlanInput } from "#domain/event-plan-input";
import type { Language } from "#domain/language";
import { readBudgetQuery, readPlanQuery } from "#domain/plan-query";
import { rankVenues } from "#domain/venue-suggestions";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import type { Database } from "#server/db/client";
import { formPageStatusOf } from "#server/http/error-response";
import { readSmallForm } from "#server/http/read-form";
import { createEventPlan } from "#server/services/event-plans";
import { listVenueCandidates } from "#server/services/venue-candidates";

/** The planning pages' answers depend on the viewer (the Save button): never kept by a shared cache. */
export const PLANNING_HEADERS = { "Cache-Control": "private, no-cache" };

/** The form's choices, sent with the page's data so that its script needs no schema module. */
export const PLAN_CHOICES = { areas: PLAN_AREAS, settings: PLAN_SETTINGS };

/** The questions of the page's address, read against today's date in the region. */
export function planQueryOfRequest(request: Request, language: Language) {
  const now = currentTime();
  const today = planToday(now);
  return { now, today, query: readPlanQuery(new URL(request.url).searchParams, today, language) };
}

/** The plan the planner shows: its phases and tasks, venue suggestions and the default budget's summary. */
export async function planOf(db: Database, input: PlanInput, today: string, now: Date) {
  const tasks = buildPlan(input, today);
  const candidates = await listVenueCandidates(db, input, now);
  const lines = budgetForAttendance(defaultBudgetLines(input), input.attendance);
  return {
    phases: planPhases(tasks),
    venues: rankVenues(candidates, input),
    budget: summarizeBudget(lines, input.attendance),
  };
}
export type PlanView = Awaited<ReturnType<typeof planOf>>;

/** The budgeting tool's lines: those of the address when it has good ones, else the defaults. */
export function budgetOf(request: Request, input: PlanInput) {
  const read = readBudgetQuery(new URL(request.url).searchParams, input.attendance);
  const lines = budgetForAttendance(read.lines ?? defaultBudgetLines(input), input.attendance);
  return {
    lineValues: read.values,
    lineProblems: read.problems,
    lines,
    summary: read.values && !read.lines ? null : summarizeBudget(lines, input.attendance),
  };
}

/**
 * "Save this plan": the questions (and the budget's lines) come in the posted form, read like the
 * address. A visitor is sent to sign in and comes back to the same page (`back`); a good plan is saved
 * and opens in the dashboard; a bad one changes nothing and the page says why.
 */
export async function savePlanAction(
  request: Request,
  context: AppLoadContext,
  language: Language,
  withLines: boolean,
): Promise<Response | ReturnType<typeof data<{ saveError: string }>>> {
  const form = await readSmallForm(request);
  if (form === "too_large") return data({ saveError: "save_failed" }, { status: 413, headers: PLANNING_HEADERS });
  const params = new URLSearchParams();
  for (const [name, value] of form ?? []) if (typeof value === "string") params.append(name, value);
  const url = new URL(request.url);
  const back = `${url.pathname}?${params.toString()}`;
  if (!context.viewer) throw redirect(`/signin?next=${encodeURIComponent(back)}`);
  const now = currentTime();
  const query = readPlanQuery(params, planToday(now), language);
  if (!query.input) return data({ saveError: "save_invalid" }, { status: 422, headers: PLANNING_HEADERS });
  let budgetLines: BudgetLine[] = budgetForAttendance(defaultBudgetLines(query.input), query.input.attendance);
  if (withLines) {
    const read = readBudgetQuery(params, query.input.attendance);
    if (read.values && !read.lines) {
      return data({ saveError: "save_invalid" }, { status: 422, headers: PLANNING_HEADERS });
    }
    if (read.lines) budgetLines = read.lines;
  }
  try {
    const plan = await createEventPlan(context.db, context.viewer, { input: query.input, budgetLines }, now);
    throw redirect(`/dashboard/plans/${plan.id}`);
  } catch (error) {
    if (error instanceof AppError) {
      return data({ saveError: "save_failed" }, { status: formPageStatusOf(error), headers: PLANNING_HEADERS });
    }
    throw error;
  }
}
