import type { TFunction } from "#app/i18n/translator";
import type { PlanTask } from "#domain/event-plan-input";

/**
 * What a saved plan's task is called: what the site does for it (eventPlans.siteActions), the checklist item's sentence of the /event-types guides, or for a
 * permit task the permit's short name (the guide's words up to their colon) in eventPlans' sentence.
 */
export function taskTitle(t: TFunction, task: Pick<PlanTask, "item" | "permit" | "siteAction">): string {
  if (task.siteAction) return t(`eventPlans.siteActions.${task.siteAction}`);
  if (task.permit) {
    const permit = t(`eventTypes.permits.${task.permit}`)
      .split(/[:：፦]/)[0]!
      .trim();
    return t("eventPlans.tasks.permit", { permit });
  }
  return t(`eventTypes.checklist.${task.item}`);
}

/** A YYYY-MM-DD day as a date in the reader's language. */
export function dayAsDate(day: string): Date {
  return new Date(`${day}T12:00:00Z`);
}
