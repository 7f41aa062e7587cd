import { data, Form, Link } from "react-router";
import { adminPageMeta } from "#app/components/admin/admin-meta";
import { buttonClasses } from "#app/components/ui/button";
import { ScrollableTable } from "#app/components/ui/scrollable-table";
import { formatDate, formatTime } from "#app/i18n/format";
import { metaTranslator } from "#app/i18n/meta";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { useTranslation } from "#app/i18n/use-translation";
import { CONTACT_STATUSES, CONTACT_TOPICS } from "#domain/contact-message";
import { CONTACT_STATUS_STYLES } from "#app/components/admin/contact-status";
import type { Language } from "#domain/language";
import { contactFilterOf, listContactThreads } from "#server/services/contact-staff";
import type { Route } from "./+types/admin-messages";
import { ADMIN_PAGE_HEADERS, requireStaffViewer } from "./admin.server";

const SITE_TIME_ZONE = "America/New_York";
const FIELD = "h-10 rounded-md border border-border bg-background px-3 text-sm text-foreground";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireStaffViewer(request, context);
  const filter = contactFilterOf(new URL(request.url).searchParams);
  const [list, messages] = await Promise.all([
    listContactThreads(context.db, { userId: viewer.userId }, filter),
    pageMessages(negotiateLanguage(request), ["admin", "contact"]),
  ]);
  return data({ ...list, filter, pageMessages: messages }, { headers: ADMIN_PAGE_HEADERS });
}

export function headers() {
  return ADMIN_PAGE_HEADERS;
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return adminPageMeta(matches, `${t("admin.messages.title")}`);
}

/** /admin/messages: every thread, latest activity first, filtered by status and topic, searched. */
export default function AdminMessagesPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const { threads, filter, hasMore, total } = loaderData;
  const page = filter.page ?? 1;
  const pageLink = (to: number) => {
    const params = new URLSearchParams();
    if (filter.status) params.set("status", filter.status);
    if (filter.topic) params.set("topic", filter.topic);
    if (filter.search) params.set("q", filter.search);
    params.set("page", String(to));
    return `/admin/messages?${params.toString()}`;
  };
  return (
    <section aria-labelledby="admin-messages-title" className="flex flex-col gap-5">
      <header className="flex flex-col gap-1">
        <h1 id="admin-messages-title" className="text-2xl font-bold">
          {t("admin.messages.title")}
        </h1>
        <p className="text-sm text-muted-foreground">{t("admin.messages.intro")}</p>
      </header>
      <Form
        method="get"
        aria-label={t("admin.messages.filters")}
        className="flex flex-wrap items-end gap-3 rounded-xl border border-border p-4"
      >
        <div className="flex flex-col gap-1">
          <label htmlFor="messages-status" className="text-sm font-medium">
            {t("admin.messages.status")}
          </label>
          <select id="messages-status" name="status" defaultValue={filter.status ?? ""} className={FIELD}>
            <option value="">{t("admin.messages.anyStatus")}</option>
            {CONTACT_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`admin.messages.statuses.${status}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="messages-topic" className="text-sm font-medium">
            {t("admin.messages.topic")}
          </label>
          <select id="messages-topic" name="topic" defaultValue={filter.topic ?? ""} className={FIELD}>
            <option value="">{t("admin.messages.anyTopic")}</option>
            {CONTACT_TOPICS.map((topic) => (
              <option key={topic} value={topic}>
                {t(`contact.topics.${topic}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex min-w-56 flex-1 flex-col gap-1">
          <label htmlFor="messages-search" className="text-sm font-medium">
            {t("admin.messages.search")}
          </label>
          <input
            id="messages-search"
            name="q"
            type="search"
            defaultValue={filter.search ?? ""}
            placeholder={t("admin.messages.searchHint")}
            maxLength={200}
            className={FIELD}
          />
        </div>
        <button type="submit" className={buttonClasses("outline")}>
          {t("admin.messages.apply")}
        </button>
      </Form>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {t("admin.messages.total", { count: total })}
      </p>
      {threads.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border p-6 text-center">{t("admin.messages.none")}</p>
      ) : (
        <ScrollableTable captionId="admin-messages-caption" caption={t("admin.messages.tableCaption")}>
          <thead className="bg-muted/50 text-start">
            <tr>
              <th scope="col" className="px-3 py-2 text-start">
                {t("admin.messages.reference")}
              </th>
              <th scope="col" className="px-3 py-2 text-start">
                {t("admin.messages.from")}
              </th>
              <th scope="col" className="px-3 py-2 text-start">
                {t("admin.messages.about")}
              </th>
              <th scope="col" className="px-3 py-2 text-start">
                {t("admin.messages.status")}
              </th>
              <th scope="col" className="px-3 py-2 text-end">
                {t("admin.messages.messagesCount")}
              </th>
              <th scope="col" className="px-3 py-2 text-start">
                {t("admin.messages.lastActivity")}
              </th>
            </tr>
          </thead>
          <tbody>
            {threads.map((thread) => (
              <tr key={thread.id} className="border-t border-border align-top">
                <td className="px-3 py-2">
                  <Link
                    to={`/admin/messages/${thread.id}`}
                    dir="ltr"
                    className="font-mono font-semibold text-primary underline underline-offset-2"
                  >
                    {thread.reference}
                  </Link>
                </td>
                <td className="px-3 py-2">
                  <span dir="auto" className="block font-medium">
                    {thread.name}
                  </span>
                  <span dir="ltr" className="block text-xs text-muted-foreground">
                    {thread.email}
                  </span>
                </td>
                <td className="px-3 py-2">
                  {thread.kind === "site" && thread.topic
                    ? t(`contact.topics.${thread.topic}`)
                    : thread.eventTitle
                      ? t("admin.messages.toOrganizer", { event: thread.eventTitle })
                      : t("admin.messages.toOrganizerNoEvent")}
                </td>
                <td className="px-3 py-2">
                  <span
                    className={`rounded-full border px-2 py-0.5 text-xs font-semibold ${CONTACT_STATUS_STYLES[thread.status]}`}
                  >
                    {t(`admin.messages.statuses.${thread.status}`)}
                  </span>
                </td>
                <td className="px-3 py-2 text-end">{thread.messages}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  <time dateTime={thread.updatedAt.toISOString()}>
                    {formatDate(thread.updatedAt, SITE_TIME_ZONE, language)}{" "}
                    {formatTime(thread.updatedAt, SITE_TIME_ZONE, language)}
                  </time>
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollableTable>
      )}
      {(page > 1 || hasMore) && (
        <nav aria-label={t("admin.messages.title")} className="flex gap-3">
          {page > 1 && (
            <Link to={pageLink(page - 1)} className={buttonClasses("outline", "sm")}>
              {t("admin.messages.previous")}
            </Link>
          )}
          {hasMore && (
            <Link to={pageLink(page + 1)} className={buttonClasses("outline", "sm")}>
              {t("admin.messages.next")}
            </Link>
          )}
        </nav>
      )}
    </section>
  );
}
