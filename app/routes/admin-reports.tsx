import { Form, Link, data } from "react-router";
import { adminPageMeta } from "#app/components/admin/admin-meta";
import { SubmitButton } from "#app/components/ui/submit-button";
import { buttonClasses } from "#app/components/ui/button";
import { formatCount, formatDate, formatTime } from "#app/i18n/format";
import { metaTranslator } from "#app/i18n/meta";
import { useTranslation } from "#app/i18n/use-translation";
import type { Language } from "#domain/language";
import { REPORT_STATUSES, type ReportStatus } from "#domain/report";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import { readSmallForm } from "#server/http/read-form";
import { dismissOpenReportsOn, listReportQueue } from "#server/services/report-queue";
import { isContentSubjectType } from "#server/services/content-moderation";
import { ADMIN_PAGE_HEADERS, adminPageMessages, requireStaffViewer } from "./admin.server";
import type { Route } from "./+types/admin-reports";

/** Times in the console are the DMV's. */
const CONSOLE_TIME_ZONE = "America/New_York";
const PROBLEM_ID = "admin-reports-problem";

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return adminPageMeta(matches, `${t("admin.reports.title")}`);
}

export function headers() {
  return ADMIN_PAGE_HEADERS;
}

/** Where staff decide about an item: an event's moderation page, or a review's or photo's. */
function moderationPath(item: { subjectType: string; subjectId: string }): string {
  return item.subjectType === "event"
    ? `/admin/events/${item.subjectId}/moderation`
    : `/admin/reports/${item.subjectType}/${item.subjectId}`;
}

function statusOf(value: string | null): ReportStatus | null {
  return (REPORT_STATUSES as readonly string[]).includes(value ?? "") ? (value as ReportStatus) : null;
}

/** `/admin/reports`: the reported items, open ones first, with their counts and reasons. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffViewer(request, context);
  const params = new URL(request.url).searchParams;
  const status = statusOf(params.get("status"));
  const pageText = params.get("page") ?? "1";
  const page = /^\d{1,4}$/.test(pageText) && Number(pageText) >= 1 ? Number(pageText) : 1;
  const [queue, messages] = await Promise.all([
    listReportQueue(context.db, { ...(status ? { status } : {}), page }),
    adminPageMessages(request, ["contentModeration"]),
  ]);
  return data({ status, page, ...queue, pageMessages: messages }, { headers: ADMIN_PAGE_HEADERS });
}

type ActionResult = { ok: true; dismissed: number } | { ok: false; problem: "invalid" };

/** Dismisses the open reports on one item (audited, services/report-queue.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireStaffViewer(request, context);
  const form = await readSmallForm(request);
  const refuse = () =>
    data<ActionResult>({ ok: false, problem: "invalid" }, { status: 422, headers: ADMIN_PAGE_HEADERS });
  if (!form || form === "too_large") return refuse();
  const subjectId = String(form.get("subjectId") ?? "");
  const subjectType = form.get("subjectType");
  if (
    form.get("intent") !== "dismiss" ||
    (subjectType !== "event" && !isContentSubjectType(subjectType)) ||
    !/^\d{1,10}$/.test(subjectId)
  ) {
    return refuse();
  }
  try {
    const dismissed = await dismissOpenReportsOn(
      context.db,
      { userId: viewer.userId },
      { type: subjectType, id: subjectId },
      currentTime(),
    );
    return data<ActionResult>({ ok: true, dismissed }, { headers: ADMIN_PAGE_HEADERS });
  } catch (error) {
    if (error instanceof AppError && error.code === "invalid") return refuse();
    throw error;
  }
}

export default function AdminReportsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const { items, status, page, hasMore } = loaderData;
  const filters: (ReportStatus | null)[] = [null, ...REPORT_STATUSES];
  const when = (instant: Date) =>
    `${formatDate(instant, CONSOLE_TIME_ZONE, language)} ${formatTime(instant, CONSOLE_TIME_ZONE, language)}`;
  const query = (next: { status?: ReportStatus | null; page?: number }) => {
    const params = new URLSearchParams();
    const nextStatus = next.status === undefined ? status : next.status;
    if (nextStatus) params.set("status", nextStatus);
    if (next.page && next.page > 1) params.set("page", String(next.page));
    const text = params.toString();
    return text ? `?${text}` : "";
  };

  return (
    <section aria-labelledby="admin-reports-title" className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 id="admin-reports-title" className="text-2xl font-bold">
          {t("admin.reports.title")}
        </h1>
        <p className="text-sm text-muted-foreground">{t("admin.reports.intro")}</p>
      </header>
      {actionData?.ok && (
        <p
          role="status"
          className="rounded-md border border-green-700 bg-green-50 p-3 text-sm text-green-900 dark:border-green-400 dark:bg-green-950 dark:text-green-100"
        >
          {t("admin.reports.dismissed", { n: formatCount(actionData.dismissed, language) })}
        </p>
      )}
      {actionData && !actionData.ok && (
        <p
          id={PROBLEM_ID}
          role="alert"
          className="rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100"
        >
          {t("admin.reports.invalid")}
        </p>
      )}
      <nav aria-label={t("admin.reports.filterLabel")}>
        <ul className="flex flex-wrap gap-2">
          {filters.map((filter) => (
            <li key={filter ?? "all"}>
              <Link
                to={query({ status: filter, page: 1 })}
                aria-current={filter === status ? "page" : undefined}
                className={buttonClasses(filter === status ? "primary" : "outline", "sm")}
              >
                {t(`admin.reports.filters.${filter ?? "all"}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {items.length === 0 ? (
        <p className="rounded-md bg-muted p-4 text-sm">{t("admin.reports.empty")}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {items.map((item) => (
            <li
              key={`${item.subjectType}:${item.subjectId}`}
              className="flex flex-col gap-3 rounded-lg border border-border bg-card p-4 text-card-foreground sm:flex-row sm:items-start sm:justify-between"
            >
              <div className="flex min-w-0 flex-col gap-2">
                <h2 className="text-base font-semibold">
                  <Link
                    to={moderationPath(item)}
                    className="text-primary underline underline-offset-2 hover:no-underline"
                  >
                    {item.subjectType !== "event" && (
                      <span className="me-2 rounded-full bg-muted px-2 text-xs font-semibold no-underline">
                        {t(`contentModeration.subjects.${item.subjectType}`)}
                      </span>
                    )}
                    <bdi dir="auto">{item.title ?? t("admin.reports.missingItem", { id: item.subjectId })}</bdi>
                  </Link>
                </h2>
                <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm">
                  <span className={item.openCount > 0 ? "font-semibold" : "text-muted-foreground"}>
                    {t("admin.reports.openCount", { n: formatCount(item.openCount, language) })}
                  </span>
                  <span className="text-muted-foreground">
                    {t("admin.reports.totalCount", { n: formatCount(item.totalCount, language) })}
                  </span>
                  <span className="text-muted-foreground">
                    {t("admin.reports.lastReported", { when: when(item.lastReportedAt) })}
                  </span>
                  {item.isHidden && (
                    <span className="rounded-full bg-amber-100 px-2 text-xs font-semibold leading-5 text-amber-950 dark:bg-amber-900 dark:text-amber-50">
                      {t("admin.moderation.hiddenBadge")}
                    </span>
                  )}
                </p>
                <ul aria-label={t("admin.reports.reasonsLabel")} className="flex flex-wrap gap-2">
                  {item.reasons.map(({ reason, count }) => (
                    <li key={reason} className="rounded-full bg-muted px-3 py-0.5 text-xs font-medium">
                      {t(`admin.reasons.${reason}`)} × {formatCount(count, language)}
                    </li>
                  ))}
                </ul>
              </div>
              <div className="flex shrink-0 flex-wrap gap-2">
                <Link to={moderationPath(item)} className={buttonClasses("outline", "sm")}>
                  {t("admin.reports.open")}
                </Link>
                {item.openCount > 0 && (
                  <Form method="post">
                    <input type="hidden" name="intent" value="dismiss" />
                    <input type="hidden" name="subjectType" value={item.subjectType} />
                    <input type="hidden" name="subjectId" value={item.subjectId} />
                    <SubmitButton variant="ghost" size="sm" pendingLabel={t("admin.reports.dismissing")}>
                      {t("admin.reports.dismissAll")}
                    </SubmitButton>
                  </Form>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {(page > 1 || hasMore) && (
        <nav aria-label={t("admin.reports.pagesLabel")} className="flex gap-2">
          {page > 1 && (
            <Link to={query({ page: page - 1 })} className={buttonClasses("outline", "sm")}>
              {t("admin.reports.previous")}
            </Link>
          )}
          {hasMore && (
            <Link to={query({ page: page + 1 })} className={buttonClasses("outline", "sm")}>
              {t("admin.reports.next")}
            </Link>
          )}
        </nav>
      )}
    </section>
  );
}
