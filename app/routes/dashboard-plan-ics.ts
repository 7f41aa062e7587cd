import { requireViewer } from "#app/require-viewer";
import { loadOwnPlan, planIdOf } from "./dashboard-plan.server";
import { planTimelineResponse } from "./dashboard-plan-exports.server";
import type { Route } from "./+types/dashboard-plan-ics";

/** /dashboard/plans/:id/timeline.ics: the owner's plan's tasks as all-day calendar entries. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const plan = await loadOwnPlan(context.db, viewer, planIdOf(params.id));
  return planTimelineResponse(request, plan, context.config.publicUrl);
}
