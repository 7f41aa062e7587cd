import { requireViewer } from "#app/require-viewer";
import { loadOwnPlan, planIdOf } from "./dashboard-plan.server";
import { planBudgetResponse } from "./dashboard-plan-exports.server";
import type { Route } from "./+types/dashboard-plan-csv";

/** /dashboard/plans/:id/budget.csv: the owner's plan's budget lines, totals, break-even and sensitivity. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const plan = await loadOwnPlan(context.db, viewer, planIdOf(params.id));
  return planBudgetResponse(request, plan);
}
