import { data, Link } from "react-router";
import { ReportForm } from "#app/components/report-form";
import { AuthCard, FormSuccess } from "#app/components/auth-card";
import { TEXT_LINK } from "#app/components/ui/text-link";
import { metaTranslator } from "#app/i18n/meta";
import { negotiateLanguage } from "#app/i18n/preferences";
import { pageMessages } from "#app/i18n/page-messages.server";
import { useTranslation } from "#app/i18n/use-translation";
import { privatePageMeta } from "#app/seo";
import { reportedContentOf } from "./report-content.server";
import { REPORT_PAGE_HEADERS, reportFormAction, reportPageHeaders } from "./report-action.server";
import type { Route } from "./+types/report-content";

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  if (!loaderData) return [];
  return privatePageMeta(
    matches,
    `${t(`contentModeration.report.title.${loaderData.item.type}`)}: ${loaderData.item.event.title} | ${t("app.name")}`,
  );
}

/**
 * `/reviews/{id}/report` and `/photos/{id}/report`: the form that reports a review or a gallery photo the
 * public can see to staff, as `/events/{id}/report` does an event (services/reports.ts, reportSubject).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  return data(
    {
      item: await reportedContentOf(context.db, request, params),
      pageMessages: await pageMessages(negotiateLanguage(request), ["report", "contentModeration"]),
    },
    { headers: REPORT_PAGE_HEADERS },
  );
}

/** Stores the report (report-action.server.ts, services/reports.ts); bad input changes nothing. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const item = await reportedContentOf(context.db, request, params);
  return reportFormAction(request, context, { type: item.type, id: item.id });
}

export function headers(args: Route.HeadersArgs) {
  return reportPageHeaders(args);
}

export default function ReportContentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { item } = loaderData;
  const { event } = item;
  const problem = actionData && !actionData.sent ? actionData : null;
  const backToEvent = (
    <Link to={`/events/${event.id}${item.type === "review" ? "#reviews" : ""}`} className={TEXT_LINK}>
      {t("report.backToEvent")}
    </Link>
  );
  if (actionData?.sent) {
    return (
      <AuthCard title={t("report.sentTitle")} footer={backToEvent}>
        <FormSuccess
          title={t("report.sentTitle")}
          message={t(actionData.repeat ? "contentModeration.report.repeat" : "contentModeration.report.sent")}
          submission={actionData}
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={t(`contentModeration.report.title.${item.type}`)}
      description={
        <>
          <bdi dir="auto" lang={event.language} className="block font-semibold text-foreground">
            {event.title}
          </bdi>
          {item.excerpt && (
            <span dir="auto" className="mt-2 block italic">
              {item.excerpt}
            </span>
          )}
          <span className="mt-2 block">{t("contentModeration.report.intro")}</span>
          <Link to="/community-guidelines" className={`mt-2 inline-block ${TEXT_LINK}`}>
            {t("footer.communityGuidelines")}
          </Link>
        </>
      }
      footer={backToEvent}
    >
      <ReportForm refused={problem} />
    </AuthCard>
  );
}
