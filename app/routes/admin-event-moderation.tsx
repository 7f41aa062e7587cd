import { Form, Link, data } from "react-router";
import { SubjectReports } from "#app/components/admin/subject-reports";
import { adminPageMeta } from "#app/components/admin/admin-meta";
import { SubmitButton } from "#app/components/ui/submit-button";
import { formatDate, formatTime } from "#app/i18n/format";
import { metaTranslator } from "#app/i18n/meta";
import { useTranslation } from "#app/i18n/use-translation";
import type { Language } from "#domain/language";
import { parseRecordId } from "#domain/record-id";
import { MAX_HIDE_REASON_LENGTH } from "#domain/report";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import { readSmallForm } from "#server/http/read-form";
import { hideEvent, restoreEvent } from "#server/services/event-moderation";
import { dismissReport, getModeratedEvent, listReports } from "#server/services/report-queue";
import { listModerationHistory, type ModerationAction } from "#server/services/moderation-history";
import { ADMIN_PAGE_HEADERS, requireStaffViewer } from "./admin.server";
import type { Route } from "./+types/admin-event-moderation";
import { shownName } from "#domain/deleted-account";

const CONSOLE_TIME_ZONE = "America/New_York";
/** The audit log's words for an action, as the console's messages name them (message keys have no dots). */
const ACTION_WORDS: Record<ModerationAction, string> = {
  "event.hide": "hide",
  "event.restore": "restore",
  "report.dismiss": "dismiss",
};
const PROBLEM_ID = "moderation-problem";
const FIELD_CLASSES =
  "w-full rounded-md border border-border bg-background px-3 py-2 text-sm text-foreground aria-invalid:border-red-700 dark:aria-invalid:border-red-400";

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  const title = loaderData ? `${t("admin.moderation.title")}: ${loaderData.event.title}` : t("admin.moderation.title");
  return adminPageMeta(matches, title);
}

export function headers() {
  return ADMIN_PAGE_HEADERS;
}

/** `/admin/events/{id}/moderation`: the event, its reports, hide or restore, and its moderation history. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  await requireStaffViewer(request, context);
  const id = parseRecordId(params.id ?? "");
  const event = id === null ? null : await getModeratedEvent(context.db, id);
  if (!event) throw data(null, { status: 404, headers: ADMIN_PAGE_HEADERS });
  const [reportList, history] = await Promise.all([
    listReports(context.db, { subject: { type: "event", id: event.id } }),
    listModerationHistory(context.db, event.id),
  ]);
  return data({ event, reports: reportList.reports, history }, { headers: ADMIN_PAGE_HEADERS });
}

type Problem =
  "reason_required" | "reason_too_long" | "reason_invalid" | "already_hidden" | "not_hidden" | "not_open" | "invalid";
type ActionResult =
  { ok: true; done: "hidden" | "restored" | "dismissed" } | { ok: false; problem: Problem; reason: string };

/** Hide (with a reason), restore, or dismiss one of the event's reports; each audited by its service. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const viewer = await requireStaffViewer(request, context);
  const eventId = parseRecordId(params.id ?? "");
  if (eventId === null) throw data(null, { status: 404, headers: ADMIN_PAGE_HEADERS });
  const form = await readSmallForm(request);
  const answer = (result: ActionResult, status = 200) => data(result, { status, headers: ADMIN_PAGE_HEADERS });
  if (!form || form === "too_large") return answer({ ok: false, problem: "invalid", reason: "" }, 422);
  const actor = { userId: viewer.userId };
  const now = currentTime();
  const intent = form.get("intent");
  const reason = String(form.get("reason") ?? "").slice(0, MAX_HIDE_REASON_LENGTH * 2);
  try {
    if (intent === "hide") {
      await hideEvent(context.db, actor, eventId, reason, now);
      return answer({ ok: true, done: "hidden" });
    }
    if (intent === "restore") {
      await restoreEvent(context.db, actor, eventId, now);
      return answer({ ok: true, done: "restored" });
    }
    if (intent === "dismiss") {
      const reportId = parseRecordId(String(form.get("reportId") ?? ""));
      if (reportId === null) return answer({ ok: false, problem: "invalid", reason }, 422);
      await dismissReport(context.db, actor, reportId, now);
      return answer({ ok: true, done: "dismissed" });
    }
    return answer({ ok: false, problem: "invalid", reason }, 422);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.code === "not_found" && intent !== "dismiss")
      throw data(null, { status: 404, headers: ADMIN_PAGE_HEADERS });
    const field = error.fields?.reason ?? error.fields?.eventId ?? error.fields?.reportId;
    const known: Problem[] = [
      "reason_required",
      "reason_too_long",
      "reason_invalid",
      "already_hidden",
      "not_hidden",
      "not_open",
    ];
    const problem = known.find((word) => word === field) ?? "invalid";
    return answer({ ok: false, problem, reason }, error.code === "conflict" ? 409 : 422);
  }
}

export default function AdminEventModerationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const { event, reports, history } = loaderData;
  const when = (instant: Date) =>
    `${formatDate(instant, CONSOLE_TIME_ZONE, language)} ${formatTime(instant, CONSOLE_TIME_ZONE, language)}`;
  const problem = actionData && !actionData.ok ? actionData : null;
  const reasonProblem = problem?.problem.startsWith("reason_") ? PROBLEM_ID : undefined;

  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-2">
        <p className="text-sm text-muted-foreground">
          <Link to="/admin/reports" className="text-primary underline underline-offset-2 hover:no-underline">
            {t("admin.reports.title")}
          </Link>
        </p>
        <h1 className="text-2xl font-bold">
          {t("admin.moderation.title")}:{" "}
          <bdi dir="auto" className="font-bold">
            {event.title}
          </bdi>
        </h1>
      </header>

      {actionData?.ok && (
        <p
          role="status"
          className="rounded-md border border-green-700 bg-green-50 p-3 text-sm text-green-900 dark:border-green-400 dark:bg-green-950 dark:text-green-100"
        >
          {t(`admin.moderation.done.${actionData.done}`)}
        </p>
      )}
      {problem && (
        <p
          id={PROBLEM_ID}
          role="alert"
          className="rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100"
        >
          {t(`admin.moderation.errors.${problem.problem}`)}
        </p>
      )}

      <section
        aria-labelledby="moderation-summary"
        className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4 text-card-foreground"
      >
        <h2 id="moderation-summary" className="text-lg font-semibold">
          {t("admin.moderation.summary")}
        </h2>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="font-semibold text-muted-foreground">{t("admin.moderation.eventLabel")}</dt>
            <dd>
              <Link to={`/events/${event.id}`} className="text-primary underline underline-offset-2 hover:no-underline">
                <bdi dir="auto">{event.title}</bdi>
              </Link>
            </dd>
          </div>
          <div>
            <dt className="font-semibold text-muted-foreground">{t("admin.moderation.organizer")}</dt>
            <dd>
              <Link
                to={`/users/${event.organizerId}`}
                className="text-primary underline underline-offset-2 hover:no-underline"
              >
                <bdi dir="auto">{shownName(t, event.organizerName)}</bdi>
              </Link>
            </dd>
          </div>
          <div>
            <dt className="font-semibold text-muted-foreground">{t("admin.moderation.starts")}</dt>
            <dd>
              {formatDate(event.startsAt, event.timeZone, language)}{" "}
              {formatTime(event.startsAt, event.timeZone, language)}
            </dd>
          </div>
          <div>
            <dt className="font-semibold text-muted-foreground">{t("admin.moderation.visibility")}</dt>
            <dd>
              {event.hiddenAt
                ? t("admin.moderation.hiddenSince", { when: when(event.hiddenAt) })
                : t(event.status === "cancelled" ? "admin.moderation.visibleCancelled" : "admin.moderation.visible")}
            </dd>
          </div>
          {event.hiddenAt && event.hiddenReason && (
            <div className="sm:col-span-2">
              <dt className="font-semibold text-muted-foreground">{t("admin.moderation.reasonGiven")}</dt>
              <dd dir="auto" className="whitespace-pre-line">
                {event.hiddenReason}
              </dd>
            </div>
          )}
        </dl>
        {event.hiddenAt ? (
          <Form method="post" className="flex flex-col gap-2">
            <input type="hidden" name="intent" value="restore" />
            <p className="text-sm text-muted-foreground">{t("admin.moderation.restoreHint")}</p>
            <SubmitButton className="self-start" pendingLabel={t("admin.moderation.restoring")}>
              {t("admin.moderation.restore")}
            </SubmitButton>
          </Form>
        ) : (
          <Form method="post" className="flex flex-col gap-2">
            <input type="hidden" name="intent" value="hide" />
            <label htmlFor="hide-reason" className="text-sm font-medium">
              {t("admin.moderation.reasonLabel")}
            </label>
            <textarea
              id="hide-reason"
              name="reason"
              rows={4}
              required
              maxLength={MAX_HIDE_REASON_LENGTH}
              defaultValue={problem?.reason ?? ""}
              aria-invalid={reasonProblem ? true : undefined}
              aria-describedby={["hide-reason-hint", reasonProblem].filter(Boolean).join(" ")}
              className={FIELD_CLASSES}
            />
            <p id="hide-reason-hint" className="text-xs text-muted-foreground">
              {t("admin.moderation.reasonHint")}
            </p>
            <SubmitButton className="self-start" pendingLabel={t("admin.moderation.hiding")}>
              {t("admin.moderation.hide")}
            </SubmitButton>
          </Form>
        )}
      </section>

      <SubjectReports
        reports={reports}
        when={when}
        heading={t("admin.moderation.reports")}
        empty={t("admin.moderation.noReports")}
      />

      <section aria-labelledby="moderation-history" className="flex flex-col gap-3">
        <h2 id="moderation-history" className="text-lg font-semibold">
          {t("admin.moderation.history")}
        </h2>
        {history.length === 0 ? (
          <p className="rounded-md bg-muted p-4 text-sm">{t("admin.moderation.noHistory")}</p>
        ) : (
          <ol className="flex flex-col gap-2 text-sm">
            {history.map((entry) => (
              <li key={entry.id} className="flex flex-col gap-1 border-s-2 border-border ps-3">
                <p>
                  <span className="font-semibold">{t(`admin.moderation.actions.${ACTION_WORDS[entry.action]}`)}</span>{" "}
                  <span className="text-muted-foreground">
                    {when(entry.createdAt)} · <bdi dir="auto">{entry.actorName ?? t("admin.moderation.system")}</bdi>
                  </span>
                </p>
                {entry.reason && (
                  <p dir="auto" className="whitespace-pre-line">
                    {entry.reason}
                  </p>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
