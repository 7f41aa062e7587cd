import { data, redirect } from "react-router";
import { BUDGET_CATEGORIES, type BudgetLine } from "#domain/event-plan-input";
import { currentTime } from "#server/clock";
import type { Database } from "#server/db/client";
import { AppError } from "#server/errors";
import { formPageStatusOf } from "#server/http/error-response";
import type { Viewer } from "#server/http/app-env";
import {
  createDraftEventFromPlan,
  deleteEventPlan,
  getMyEventPlan,
  setPlanTaskDone,
  updatePlanBudget,
} from "#server/services/event-plans";

/*
 * The forms of a saved plan's page (/dashboard/plans/:id), each a plain POST that works without scripts:
 * tick or untick a task, save the budget, make the draft event, delete the plan. Another person's plan and
 * an unknown one answer 404.
 */

const PRIVATE = { "Cache-Control": "private, no-store" };

export type PlanFormResult =
  | { ok: true; message: "ticked" | "unticked" | "budgetSaved" }
  | { ok: false; message: "missing" | "budgetInvalid" | "error" };

/** The plan id of the address, or 404. */
export function planIdOf(param: string | undefined): number {
  const id = /^[1-9]\d{0,9}$/.test(param ?? "") ? Number(param) : NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw data(null, { status: 404, headers: PRIVATE });
  return id;
}

/** The plan, or 404 for one that is not the viewer's. */
export async function loadOwnPlan(db: Database, viewer: Viewer, planId: number) {
  try {
    return await getMyEventPlan(db, viewer, planId, currentTime());
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") throw data(null, { status: 404, headers: PRIVATE });
    throw error;
  }
}

/** Dollars as typed ("1,250.50") in cents, or null. */
function centsOf(value: FormDataEntryValue | null): number | null {
  if (typeof value !== "string") return null;
  const text = value.trim().replaceAll(",", "");
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(text)) return null;
  return Math.round(Number(text) * 100);
}

/** The budget form's lines: each category's amount, or its amount per attendee for a per-attendee line. */
function budgetLinesOf(form: FormData, current: readonly BudgetLine[], attendance: number): BudgetLine[] | null {
  const lines: BudgetLine[] = [];
  for (const category of BUDGET_CATEGORIES) {
    const existing = current.find((line) => line.category === category);
    if (!existing) continue;
    const cents = centsOf(form.get(`budget.${category}`));
    if (cents === null) return null;
    lines.push(
      existing.perAttendeeCents === null
        ? { category, perAttendeeCents: null, amountCents: cents }
        : { category, perAttendeeCents: cents, amountCents: cents * attendance },
    );
  }
  return lines;
}

export async function planFormAction(db: Database, viewer: Viewer, planId: number, form: FormData) {
  const now = currentTime();
  const plan = await loadOwnPlan(db, viewer, planId);
  const answer = (result: PlanFormResult, status = 200) => data(result, { status, headers: PRIVATE });
  try {
    switch (form.get("intent")) {
      case "task": {
        const done = form.get("done") === "1";
        await setPlanTaskDone(db, viewer, plan.id, String(form.get("key") ?? ""), done, now);
        return answer({ ok: true, message: done ? "ticked" : "unticked" });
      }
      case "budget": {
        const lines = budgetLinesOf(form, plan.budgetLines, plan.input.attendance);
        if (!lines) return answer({ ok: false, message: "budgetInvalid" }, 422);
        await updatePlanBudget(db, viewer, plan.id, lines, now);
        return answer({ ok: true, message: "budgetSaved" });
      }
      case "create-event": {
        const { id } = await createDraftEventFromPlan(db, viewer, plan.id, now);
        return redirect(`/events/${id}/edit`, { headers: PRIVATE });
      }
      case "delete":
        await deleteEventPlan(db, viewer, plan.id);
        return redirect("/dashboard/plans?deleted", { headers: PRIVATE });
      default:
        return answer({ ok: false, message: "error" }, 400);
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const message = error.code === "not_found" ? "missing" : error.code === "invalid" ? "budgetInvalid" : "error";
    return answer({ ok: false, message }, formPageStatusOf(error));
  }
}
