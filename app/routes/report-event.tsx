import { data, Link } from "react-router";
import { ReportForm } from "#app/components/report-form";
import { AuthCard, FormSuccess } from "#app/components/auth-card";
import { TEXT_LINK } from "#app/components/ui/text-link";
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
  const problem = actionData && !actionData.sent ? actionData : null;
  const backToEvent = (
    <Link to={`/events/${event.id}`} className={TEXT_LINK}>
      {t("report.backToEvent")}
    </Link>
  );
  if (actionData?.sent) {
    return (
      <AuthCard title={t("report.sentTitle")} footer={backToEvent}>
        <FormSuccess
          title={t("report.sentTitle")}
          message={t(actionData.repeat ? "report.repeat" : "report.sent")}
          submission={actionData}
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={t("report.title")}
      description={
        <>
          <bdi dir="auto" lang={event.language} className="block font-semibold text-foreground">
            {event.title}
          </bdi>
          <span className="mt-2 block">{t("report.intro")}</span>
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
