import { budgetForAttendance, summarizeBudget } from "#domain/event-budget";
import { buildPlan } from "#domain/event-plan";
import type { BudgetLine, PlanInput } from "#domain/event-plan-input";
import type { AssistantPlanData } from "#server/services/assistant";
import { todayInRegion } from "./event-planning.server";

/**
 * What the model is given for the page's answers: the engine's plan and budget for them, computed again on the
 * server from the validated input (the page's own copy of the plan is never taken as data).
 */
export function assistantPlanData(input: PlanInput, budgetLines: BudgetLine[], now: Date): AssistantPlanData {
  const today = todayInRegion(now);
  const lines = budgetForAttendance(budgetLines, input.attendance);
  return {
    input,
    today,
    tasks: buildPlan(input, today),
    budgetLines: lines,
    budgetSummary: summarizeBudget(lines, input.attendance),
  };
}
/** A JSON body read only up to `maxBytes`: "too_large" for a bigger one, undefined when it is no JSON. */
export async function readJsonWithin(request: Request, maxBytes: number): Promise<unknown> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > maxBytes) return "too_large";
  if (!request.body) return undefined;
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      return "too_large";
    }
    chunks.push(value);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown;
  } catch {
    return undefined;
  }
}
