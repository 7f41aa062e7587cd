import { data, Form, Link } from "react-router";
import { adminPageMeta } from "#app/components/admin/admin-meta";
import { MajorEventsForm } from "#app/components/admin/major-events-form";
import { StaffEventsTable } from "#app/components/admin/staff-events-table";
import { SubmitButton } from "#app/components/ui/submit-button";
import { metaTranslator } from "#app/i18n/meta";
import { useTranslation } from "#app/i18n/use-translation";
import { currentTime } from "#server/clock";
import {
  isStaffEventFilter,
  STAFF_EVENT_FILTERS,
  STAFF_SEARCH_MAX_LENGTH,
  staffSearchText,
  TAGLINE_MAX_LENGTH,
} from "#domain/staff-console";
import { getMajorEventChoices, listStaffEvents } from "#server/services/staff-events";
import { ADMIN_PAGE_HEADERS, adminPageMessages, requireStaffViewer } from "./admin.server";
import { adminEventsAction } from "./admin-events.server";
import type { Route } from "./+types/admin-events";

/**
 * /admin/events: every event, found by title, organizer or number and filtered by status, a page at
 * a time, each with Feature/Unfeature and a link to its moderation; and the home page's three Major
 * Events. `?q=`, `?status=` (all, published, draft, cancelled, hidden) and `?page=` are the list's.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffViewer(request, context);
  const search = new URL(request.url).searchParams;
  const query = staffSearchText(search.get("q"));
  const status = search.get("status");
  const filter = isStaffEventFilter(status) ? status : "all";
  const pageNumber = Number.parseInt(search.get("page") ?? "1", 10);
  const page = Number.isFinite(pageNumber) && pageNumber >= 1 && pageNumber <= 10_000 ? pageNumber : 1;
  const [list, majors, pageMessages] = await Promise.all([
    listStaffEvents(context.db, { query, filter, page }),
    getMajorEventChoices(context.db, currentTime()),
    adminPageMessages(request),
  ]);
  return data({ query, filter, page, ...list, majors, pageMessages }, { headers: ADMIN_PAGE_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireStaffViewer(request, context);
  return adminEventsAction(request, context, viewer);
}

export function headers() {
  return ADMIN_PAGE_HEADERS;
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return adminPageMeta(matches, `${t("admin.events.title")}`);
}

export default function AdminEvents({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { query, filter, page, events, hasMore, majors } = loaderData;
  const pageLink = (to: number) => {
    const params = new URLSearchParams();
    if (query) params.set("q", query);
    if (filter !== "all") params.set("status", filter);
    if (to > 1) params.set("page", String(to));
    const text = params.toString();
    return text ? `/admin/events?${text}` : "/admin/events";
  };
  const refused =
    actionData && "majorProblems" in actionData
      ? { values: actionData.majorValues, problems: actionData.majorProblems }
      : null;
  const done = actionData && "done" in actionData ? actionData.done : null;
  const problem = actionData && "problem" in actionData ? actionData.problem : null;

  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="admin-events-title" className="flex flex-col gap-4">
        <h1 id="admin-events-title" className="text-2xl font-bold md:text-3xl">
          {t("admin.events.title")}
        </h1>
        <div role="status" aria-live="polite">
          {done && (
            <p className="rounded-md border border-border bg-muted px-3 py-2 text-sm" data-done={done.kind}>
              {done.kind === "major"
                ? t("admin.events.done.major")
                : t(`admin.events.done.${done.kind}`, { title: done.title })}
            </p>
          )}
        </div>
        {problem && (
          <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-400">
            {t(`admin.events.problems.${problem}` as "admin.events.problems.invalid", {
              max: String(TAGLINE_MAX_LENGTH),
            })}
          </p>
        )}
        <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
          <div className="flex min-w-0 flex-1 basis-64 flex-col gap-1">
            <label htmlFor="admin-events-q" className="text-sm font-medium">
              {t("admin.events.search")}
            </label>
            <input
              id="admin-events-q"
              name="q"
              type="search"
              defaultValue={query}
              maxLength={STAFF_SEARCH_MAX_LENGTH}
              aria-describedby="admin-events-q-hint"
              className="h-10 w-full rounded-md border border-border bg-background px-3 text-sm text-foreground"
            />
            <span id="admin-events-q-hint" className="text-xs text-muted-foreground">
              {t("admin.events.searchHint")}
            </span>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="admin-events-status" className="text-sm font-medium">
              {t("admin.events.filter")}
            </label>
            <select
              id="admin-events-status"
              name="status"
              defaultValue={filter}
              className="h-10 rounded-md border border-border bg-background px-3 text-sm text-foreground"
            >
              {STAFF_EVENT_FILTERS.map((value) => (
                <option key={value} value={value}>
                  {t(`admin.events.filters.${value}`)}
                </option>
              ))}
            </select>
          </div>
          <SubmitButton variant="secondary" className="mb-5">
            {t("admin.events.searchSubmit")}
          </SubmitButton>
        </Form>
        {events.length === 0 ? (
          <p className="rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
            {t("admin.events.none")}
          </p>
        ) : (
          <StaffEventsTable events={events} />
        )}
        {(page > 1 || hasMore) && (
          <nav aria-label={t("admin.events.pages")} className="flex items-center justify-between gap-3 text-sm">
            {page > 1 ? (
              <Link to={pageLink(page - 1)} className="font-medium text-primary underline underline-offset-2">
                {t("admin.events.previous")}
              </Link>
            ) : (
              <span />
            )}
            <span className="text-muted-foreground">{t("admin.events.pageNumber", { page: String(page) })}</span>
            {hasMore ? (
              <Link to={pageLink(page + 1)} className="font-medium text-primary underline underline-offset-2">
                {t("admin.events.next")}
              </Link>
            ) : (
              <span />
            )}
          </nav>
        )}
      </section>
      <MajorEventsForm
        key={JSON.stringify(refused ?? majors.current)}
        current={majors.current}
        candidates={majors.candidates}
        refused={refused}
        maxTagline={TAGLINE_MAX_LENGTH}
      />
    </div>
  );
}
