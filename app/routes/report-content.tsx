import { data, Link } from "react-router";
import { ReportForm } from "#app/components/report-form";
import { AuthCard, FormSuccess } from "#app/components/auth-card";
import { TEXT_LINK } from "#app/components/ui/text-link";
import { metaTranslator } from "#app/i18n/meta";
import { negotiateLanguage } from "#app/i18n/preferences";
import { pageMessages } from "#app/i18n/page-messages.server";
import { useTranslation } from "#app/i18n/use-translation";
import { privatePageMeta } from "#app/seo";
import { MAX_REPORT_DETAILS_LENGTH } from "#domain/report";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import { formPageStatusOf } from "#server/http/error-response";
import { readSmallForm } from "#server/http/read-form";
import { reportSubject } from "#server/services/reports";
import { reportedContentOf } from "./report-content.server";
import type { Route } from "./+types/report-content";

/** The answer says what happened to one person's report: never kept by a cache. */
const NO_STORE = { "Cache-Control": "private, no-store" };

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
    { headers: NO_STORE },
  );
}

type Problem = "reason_invalid" | "details_too_long" | "details_invalid" | "too_many_reports" | "invalid";
type ActionResult =
  { sent: true; repeat: boolean } | { sent: false; problem: Problem; reason: string; details: string };

/** Stores the report (services/reports.ts); bad input is refused with what to fix, and nothing is stored. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const item = await reportedContentOf(context.db, request, params);
  const form = await readSmallForm(request);
  if (form === "too_large" || !form) {
    return answer({ sent: false, problem: "invalid", reason: "", details: "" }, form ? 413 : 400);
  }
  const reason = String(form.get("reason") ?? "");
  const details = String(form.get("details") ?? "");
  try {
    const receipt = await reportSubject(
      context.db,
      context.viewer && { userId: context.viewer.userId },
      { type: item.type, id: item.id },
      { reason, ...(details.trim() ? { details } : {}) },
      { clientAddress: context.clientAddress, now: currentTime() },
    );
    return answer({ sent: true, repeat: receipt.isRepeat }, 200);
  } catch (error) {
    if (!(error instanceof AppError) || (error.code !== "invalid" && error.code !== "rate_limited")) throw error;
    const problem: Problem =
      error.code === "rate_limited"
        ? "too_many_reports"
        : error.fields?.reason
          ? "reason_invalid"
          : error.fields?.details === "details_too_long"
            ? "details_too_long"
            : error.fields?.details
              ? "details_invalid"
              : "invalid";
    return answer(
      { sent: false, problem, reason, details: details.slice(0, MAX_REPORT_DETAILS_LENGTH * 2) },
      formPageStatusOf(error),
    );
  }
}

function answer(result: ActionResult, status: number) {
  return data(result, { status, headers: NO_STORE });
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
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
