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
import {
  getModeratedContent,
  hideSubject,
  isContentSubjectType,
  restoreSubject,
  type ContentSubjectType,
} from "#server/services/content-moderation";
import { dismissReport, listReports } from "#server/services/report-queue";
import { ADMIN_PAGE_HEADERS, adminPageMessages, requireStaffViewer } from "./admin.server";
import type { Route } from "./+types/admin-content-moderation";

const CONSOLE_TIME_ZONE = "America/New_York";
const PROBLEM_ID = "content-moderation-problem";
const FIELD_CLASSES =
  "w-full rounded-md border border-border bg-background px-3 py-2 text-sm text-foreground aria-invalid:border-red-700 dark:aria-invalid:border-red-400";

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return adminPageMeta(
    matches,
    loaderData ? t(`contentModeration.title.${loaderData.item.type}`) : t("admin.moderation.title"),
  );
}

export function headers() {
  return ADMIN_PAGE_HEADERS;
}

function subjectOf(params: { type?: string; id?: string }): { type: ContentSubjectType; id: number } {
  const id = parseRecordId(params.id ?? "");
  if (!isContentSubjectType(params.type) || id === null) throw data(null, { status: 404, headers: ADMIN_PAGE_HEADERS });
  return { type: params.type, id };
}

/** `/admin/reports/{review|photo}/{id}`: one review or gallery photo, its reports, hide or restore it. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  await requireStaffViewer(request, context);
  const subject = subjectOf(params);
  const item = await getModeratedContent(context.db, subject);
  if (!item) throw data(null, { status: 404, headers: ADMIN_PAGE_HEADERS });
  const [reportList, messages] = await Promise.all([
    listReports(context.db, { subject }),
    adminPageMessages(request, ["contentModeration"]),
  ]);
  return data({ item, reports: reportList.reports, pageMessages: messages }, { headers: ADMIN_PAGE_HEADERS });
}

type Problem =
  "reason_required" | "reason_too_long" | "reason_invalid" | "already_hidden" | "not_hidden" | "not_open" | "invalid";
type ActionResult =
  { ok: true; done: "hidden" | "restored" | "dismissed" } | { ok: false; problem: Problem; reason: string };

/** Hide (with a reason), restore, or dismiss one report; each audited by its service. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const viewer = await requireStaffViewer(request, context);
  const subject = subjectOf(params);
  const form = await readSmallForm(request);
  const answer = (result: ActionResult, status = 200) => data(result, { status, headers: ADMIN_PAGE_HEADERS });
  if (!form || form === "too_large") return answer({ ok: false, problem: "invalid", reason: "" }, 422);
  const actor = { userId: viewer.userId };
  const now = currentTime();
  const intent = form.get("intent");
  const reason = String(form.get("reason") ?? "").slice(0, MAX_HIDE_REASON_LENGTH * 2);
  try {
    if (intent === "hide") {
      await hideSubject(context.db, actor, subject, reason, now);
      return answer({ ok: true, done: "hidden" });
    }
    if (intent === "restore") {
      await restoreSubject(context.db, actor, subject, now);
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
    if (error.code === "not_found" && intent !== "dismiss") {
      throw data(null, { status: 404, headers: ADMIN_PAGE_HEADERS });
    }
    const field = error.fields?.reason ?? error.fields?.id ?? error.fields?.reportId;
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

export default function AdminContentModerationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const { item, reports } = loaderData;
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
        <h1 className="text-2xl font-bold">{t(`contentModeration.title.${item.type}`)}</h1>
      </header>

      {actionData?.ok && (
        <p
          role="status"
          className="rounded-md border border-green-700 bg-green-50 p-3 text-sm text-green-900 dark:border-green-400 dark:bg-green-950 dark:text-green-100"
        >
          {t(`contentModeration.done.${actionData.done}`)}
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
        aria-labelledby="content-summary"
        className="flex flex-col gap-4 rounded-lg border border-border bg-card p-4 text-card-foreground"
      >
        <h2 id="content-summary" className="text-lg font-semibold">
          {t(`contentModeration.subjects.${item.type}`)}
        </h2>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="font-semibold text-muted-foreground">{t("contentModeration.event")}</dt>
            <dd>
              <Link
                to={`/events/${item.event.id}`}
                className="text-primary underline underline-offset-2 hover:no-underline"
              >
                <bdi dir="auto">{item.event.title}</bdi>
              </Link>
            </dd>
          </div>
          <div>
            <dt className="font-semibold text-muted-foreground">{t("contentModeration.author")}</dt>
            <dd>
              <Link
                to={`/admin/people/${item.author.id}`}
                className="text-primary underline underline-offset-2 hover:no-underline"
              >
                <bdi dir="auto">{item.author.name}</bdi>
              </Link>
            </dd>
          </div>
          <div>
            <dt className="font-semibold text-muted-foreground">{t("contentModeration.posted")}</dt>
            <dd>{when(item.createdAt)}</dd>
          </div>
          {item.rating !== null && (
            <div>
              <dt className="font-semibold text-muted-foreground">{t("contentModeration.rating")}</dt>
              <dd>{t("contentModeration.stars", { n: item.rating })}</dd>
            </div>
          )}
          {item.image && (
            <div className="sm:col-span-2">
              <dt className="font-semibold text-muted-foreground">{t("contentModeration.photo")}</dt>
              <dd>
                <img
                  src={`/uploads/${item.image}-480.webp`}
                  alt={item.text ?? ""}
                  className="mt-1 max-h-64 rounded-md"
                />
              </dd>
            </div>
          )}
          <div className="sm:col-span-2">
            <dt className="font-semibold text-muted-foreground">{t(`contentModeration.text.${item.type}`)}</dt>
            <dd dir="auto" className="whitespace-pre-line">
              {item.text ?? t("contentModeration.noText")}
            </dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="font-semibold text-muted-foreground">{t("admin.moderation.visibility")}</dt>
            <dd>
              {item.hiddenAt
                ? t("admin.moderation.hiddenSince", { when: when(item.hiddenAt) })
                : t("contentModeration.visible")}
            </dd>
          </div>
          {item.hiddenAt && item.hiddenReason && (
            <div className="sm:col-span-2">
              <dt className="font-semibold text-muted-foreground">{t("admin.moderation.reasonGiven")}</dt>
              <dd dir="auto" className="whitespace-pre-line">
                {item.hiddenReason}
              </dd>
            </div>
          )}
        </dl>
        {item.hiddenAt ? (
          <Form method="post" className="flex flex-col gap-2">
            <input type="hidden" name="intent" value="restore" />
            <SubmitButton className="self-start" pendingLabel={t("admin.moderation.restoring")}>
              {t(`contentModeration.restore.${item.type}`)}
            </SubmitButton>
          </Form>
        ) : (
          <Form method="post" className="flex flex-col gap-2">
            <input type="hidden" name="intent" value="hide" />
            <label htmlFor="hide-reason" className="text-sm font-medium">
              {t("contentModeration.reasonLabel")}
            </label>
            <textarea
              id="hide-reason"
              name="reason"
              rows={4}
              required
              maxLength={MAX_HIDE_REASON_LENGTH}
              defaultValue={problem?.reason ?? ""}
              aria-invalid={reasonProblem ? true : undefined}
              aria-describedby={reasonProblem}
              className={FIELD_CLASSES}
            />
            <SubmitButton className="self-start" pendingLabel={t("admin.moderation.hiding")}>
              {t(`contentModeration.hide.${item.type}`)}
            </SubmitButton>
          </Form>
        )}
      </section>

      <SubjectReports
        reports={reports}
        when={when}
        heading={t(`contentModeration.reports.${item.type}`)}
        empty={t(`contentModeration.noReports.${item.type}`)}
      />
    </div>
  );
}
