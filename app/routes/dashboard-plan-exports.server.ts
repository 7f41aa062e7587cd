import { taskTitle } from "#app/components/event-plans/plan-words";
import { loadMessages } from "#app/i18n/messages";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { createTranslator } from "#app/i18n/translator";
import { planBudgetCsv, planTimelineCalendar } from "#domain/event-plan-exports";
import { currentTime } from "#server/clock";
import type { EventPlanDetail } from "#server/services/event-plans";

/** The translator of the request's language with the saved plans' and the event type guides' words. */
async function planTranslator(request: Request) {
  const language = negotiateLanguage(request);
  const pages = await pageMessages(language, ["eventPlans", "eventTypes"]);
  return createTranslator(language, { ...(await loadMessages(language)), ...(pages as object) } as never);
}

/** A plan's timeline as an .ics file: its tasks as all-day entries on their due days. */
export async function planTimelineResponse(request: Request, plan: EventPlanDetail, publicUrl: string) {
  const { t } = await planTranslator(request);
  const url = `${publicUrl}/dashboard/plans/${plan.id}`;
  const body = planTimelineCalendar({
    id: plan.id,
    name: t("eventPlans.exports.calendarName", { title: plan.title }),
    url,
    host: new URL(publicUrl).hostname,
    now: currentTime(),
    entries: plan.tasks.map((task) => {
      const title = taskTitle(t, task);
      return {
        key: task.key,
        dueOn: task.dueOn,
        done: task.done,
        summary: task.done ? t("eventPlans.exports.doneSummary", { task: title }) : title,
        description: t("eventPlans.exports.description", { title: plan.title, url }),
      };
    }),
  });
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="plan-${plan.id}-timeline.ics"`,
      "Cache-Control": "private, no-store",
    },
  });
}

/** A plan's budget as a CSV file (with a byte order mark, so spreadsheets read it as UTF-8). */
export async function planBudgetResponse(request: Request, plan: EventPlanDetail) {
  const { t } = await planTranslator(request);
  const csv = planBudgetCsv(plan.budgetLines, plan.budget, {
    header: [
      t("eventPlans.exports.csvCategory"),
      t("eventPlans.exports.csvPerAttendee"),
      t("eventPlans.exports.csvAmount"),
    ],
    category: (category) => t(`eventPlans.budget.categories.${category}`),
    total: t("eventPlans.budget.total"),
    perAttendee: t("eventPlans.budget.perAttendee"),
    breakEven: t("eventPlans.budget.breakEven"),
    fewer: t("eventPlans.exports.csvFewer"),
  });
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="plan-${plan.id}-budget.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
