import { data } from "react-router";
import { ReportPage } from "#app/components/report-form";
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
  return (
    <ReportPage
      event={item.event}
      excerpt={item.excerpt}
      title={t(`contentModeration.report.title.${item.type}`)}
      intro={t("contentModeration.report.intro")}
      sentMessage={t(
        actionData?.sent && actionData.repeat ? "contentModeration.report.repeat" : "contentModeration.report.sent",
      )}
      backTo={`/events/${item.event.id}${item.type === "review" ? "#reviews" : ""}`}
      answer={actionData}
    />
  );
}
