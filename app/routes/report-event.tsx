import { data } from "react-router";
import { ReportPage } from "#app/components/report-form";
import { metaTranslator } from "#app/i18n/meta";
import { negotiateLanguage } from "#app/i18n/preferences";
import { pageMessages } from "#app/i18n/page-messages.server";
import { useTranslation } from "#app/i18n/use-translation";
import { privatePageMeta } from "#app/seo";
import { parseRecordId } from "#domain/record-id";
import { currentTime } from "#server/clock";
import { getEventDetail } from "#server/services/event-detail";
import { REPORT_PAGE_HEADERS, reportFormAction, reportPageHeaders } from "./report-action.server";
import type { Route } from "./+types/report-event";

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  if (!loaderData) return [];
  return privatePageMeta(matches, `${t("report.metaTitle", { title: loaderData.event.title })} | ${t("app.name")}`);
}

async function eventOf(params: { id?: string }, context: Route.LoaderArgs["context"]) {
  const id = parseRecordId(params.id ?? "");
  const event = id === null ? null : await getEventDetail(context.db, id, currentTime());
  if (!event) throw data(null, { status: 404 });
  return { id: event.id, title: event.title, language: event.language };
}

/** `/events/{id}/report`: the form that reports an event the public can see to staff. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  return data(
    {
      event: await eventOf(params, context),
      pageMessages: await pageMessages(negotiateLanguage(request), ["report", "auth"]),
    },
    { headers: REPORT_PAGE_HEADERS },
  );
}

/** Stores the report (report-action.server.ts, services/reports.ts); bad input changes nothing. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const event = await eventOf(params, context);
  return reportFormAction(request, context, { type: "event", id: event.id });
}

export function headers(args: Route.HeadersArgs) {
  return reportPageHeaders(args);
}

export default function ReportEventPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { event } = loaderData;
  return (
    <ReportPage
      event={event}
      title={t("report.title")}
      intro={t("report.intro")}
      sentMessage={t(actionData?.sent && actionData.repeat ? "report.repeat" : "report.sent")}
      backTo={`/events/${event.id}`}
      answer={actionData}
    />
  );
}
