import { budgetForAttendance, summarizeBudget } from "#domain/event-budget";
import { buildPlan } from "#domain/event-plan";
import type { BudgetLine, PlanInput } from "#domain/event-plan-input";
import type { AssistantPlanData } from "#server/services/assistant";
import { readBodyWithin } from "#server/http/read-form";
import { planToday } from "#domain/event-plan-draft";

/**
 * What the model is given for the page's answers: the engine's plan and budget for them, computed again on the
 * server from the validated input (the page's own copy of the plan is never taken as data).
 */
export function assistantPlanData(input: PlanInput, budgetLines: BudgetLine[], now: Date): AssistantPlanData {
  const today = planToday(now);
  const lines = budgetForAttendance(budgetLines, input.attendance);
  return {
    input,
    today,
    tasks: buildPlan(input, today),
    budgetLines: lines,
    budgetSummary: summarizeBudget(lines, input.attendance),
  };
}
/** A JSON body read only up to `maxBytes`: `{ tooLarge: true }` for a bigger one, `{ json: undefined }` when it is no JSON. */
export async function readJsonWithin(
  request: Request,
  maxBytes: number,
): Promise<{ tooLarge: true } | { tooLarge: false; json: unknown }> {
  const body = await readBodyWithin(request, maxBytes);
  if (body === "too_large") return { tooLarge: true };
  try {
    return { tooLarge: false, json: body === null ? undefined : (JSON.parse(body.toString("utf8")) as unknown) };
  } catch {
    return { tooLarge: false, json: undefined };
  }
}
