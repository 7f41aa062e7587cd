import { data, Link } from "react-router";
import { dayAsDate } from "#app/components/event-plans/plan-words";
import { buttonClasses } from "#app/components/ui/button";
import { TEXT_LINK } from "#app/components/ui/text-link";
import { formatCount, formatDate, isolateUserText } from "#app/i18n/format";
import { metaTranslator } from "#app/i18n/meta";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { useTranslation } from "#app/i18n/use-translation";
import { requireViewer } from "#app/require-viewer";
import { privatePageMeta } from "#app/seo";
import type { Language } from "#domain/language";
import { listMyEventPlans } from "#server/services/event-plans";
import type { Route } from "./+types/dashboard-plans";

const PRIVATE = { "Cache-Control": "private, no-store" };

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return privatePageMeta(matches, `${t("eventPlans.metaTitle")} | ${t("app.name")}`);
}

/** /dashboard/plans: the signed-in person's saved event plans, the latest changed first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  return data(
    {
      plans: await listMyEventPlans(context.db, viewer),
      deleted: new URL(request.url).searchParams.has("deleted"),
      pageMessages: await pageMessages(negotiateLanguage(request), ["eventPlans", "eventTypes"]),
    },
    { headers: PRIVATE },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function DashboardPlans({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const { plans, deleted } = loaderData;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">{t("eventPlans.title")}</h1>
        <p className="text-muted-foreground">{t("eventPlans.intro")}</p>
        <p>
          <Link to="/dashboard" className={TEXT_LINK}>
            {t("eventPlans.backToDashboard")}
          </Link>
        </p>
      </header>
      <p role="status" className="empty:hidden font-medium">
        {deleted ? t("eventPlans.deleted") : ""}
      </p>
      {plans.length === 0 ? (
        <div className="flex flex-col items-start gap-3 rounded-xl border border-border p-6">
          <p className="text-muted-foreground">{t("eventPlans.empty")}</p>
          <Link to="/event-planning" className={buttonClasses("primary", "md")}>
            {t("eventPlans.planEvent")}
          </Link>
        </div>
      ) : (
        <>
          <ul className="flex flex-col gap-3">
            {plans.map((plan) => (
              <li key={plan.id} className="flex flex-col gap-1 rounded-xl border border-border p-4">
                <h2 className="text-lg font-semibold">
                  <Link to={`/dashboard/plans/${plan.id}`} className={TEXT_LINK}>
                    {isolateUserText(plan.title)}
                  </Link>
                </h2>
                <p className="text-sm text-muted-foreground">
                  {t("eventPlans.summary", {
                    type: t(`eventTypes.types.${plan.eventType}.name`),
                    date: formatDate(dayAsDate(plan.date), "UTC", language),
                    attendance: formatCount(plan.attendance, language),
                  })}
                </p>
                <p className="text-sm">
                  {t("eventPlans.progress", {
                    done: formatCount(plan.tasksDone, language),
                    total: formatCount(plan.tasksTotal, language),
                  })}
                  {plan.eventId !== null ? ` · ${t("eventPlans.eventMade")}` : ""}
                </p>
              </li>
            ))}
          </ul>
          <p>
            <Link to="/event-planning" className={buttonClasses("outline", "md")}>
              {t("eventPlans.planAnother")}
            </Link>
          </p>
        </>
      )}
    </div>
  );
}
