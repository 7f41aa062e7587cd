import { data, Form, Link, redirect } from "react-router";
import { BADGES } from "#domain/badges";
import { sameSitePath } from "#domain/next-path";
import { parseRecordId } from "#domain/record-id";
import { LOCALE_TAGS, type Language } from "#domain/language";
import { EMAIL_SETTINGS_PATH, notificationHref, NOTIFICATIONS_PATH } from "#domain/notification-link";
import { notificationText } from "#app/components/notifications/notification-text";
import { SubmitButton } from "#app/components/ui/submit-button";
import { TEXT_LINK } from "#app/components/ui/text-link";
import { buttonClasses } from "#app/components/ui/button";
import { metaTranslator } from "#app/i18n/meta";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { useTranslation } from "#app/i18n/use-translation";
import { requireViewer } from "#app/require-viewer";
import { privatePageMeta } from "#app/seo";
import { currentTime } from "#server/clock";
import { readSmallForm } from "#server/http/read-form";
import type { Database } from "#server/db/client";
import { AppError } from "#server/errors";
import { markBadgesSeen } from "#server/services/badges";
import type { Actor } from "#server/services/actor";
import {
  listMyNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from "#server/services/notification-inbox";
import type { Route } from "./+types/notifications";

const PRIVATE = { "Cache-Control": "private, no-store" };
/** Notifications are dated in the site's region's time (the DMV). */
const TIME_ZONE = "America/New_York";

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return privatePageMeta(matches, `${t("notifications.metaTitle")} | ${t("app.name")}`);
}

/**
 * /notifications: the signed-in person's notifications, newest first, 20 a page (`?page=`). Each one's
 * link is `?open=<id>`: it is marked read (again: no change) and the person goes on to what it is about;
 * someone else's, or a missing one, is a 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const url = new URL(request.url);
  const open = url.searchParams.get("open");
  if (open !== null) return openNotification(context.db, viewer, open);
  const page = Number(url.searchParams.get("page") ?? "1");
  const inbox = await listMyNotifications(context.db, viewer, Number.isFinite(page) ? page : 1);
  return data(
    {
      ...inbox,
      // Badge notifications name the badge in the badges' words.
      pageMessages: await pageMessages(negotiateLanguage(request), ["notifications", "badges"]),
    },
    { headers: PRIVATE },
  );
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

async function openNotification(db: Database, viewer: Actor, open: string) {
  const id = parseRecordId(open);
  if (id === null) throw data(null, { status: 404 });
  try {
    const notification = await markNotificationRead(db, viewer, id, currentTime());
    return redirect(notificationHref(notification), { headers: PRIVATE });
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") throw data(null, { status: 404 });
    throw error;
  }
}

/**
 * "Mark all as read" (intent readAll; one notification is marked read by following it), and the header's
 * badge notice dismissed on any page (intent badgesSeen: the badges it showed count as seen, and the
 * person is back on the page they were on, without it).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const form = await readSmallForm(request);
  if (form === "too_large") return data({ ok: false }, { status: 413, headers: PRIVATE });
  const intent = form?.get("intent");
  if (intent === "badgesSeen") {
    const badges = form!.getAll("badge").filter((badge): badge is string => typeof badge === "string");
    await markBadgesSeen(context.db, viewer, badges.slice(0, BADGES.length), currentTime());
    return redirect(sameSitePath(form!.get("next"), NOTIFICATIONS_PATH));
  }
  if (intent !== "readAll") return data({ ok: false }, { status: 400, headers: PRIVATE });
  await markAllNotificationsRead(context.db, viewer, currentTime());
  return data({ ok: true }, { headers: PRIVATE });
}

export default function NotificationsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { notifications, page, pageCount, unread } = loaderData;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">{t("notifications.title")}</h1>
        <p className="text-muted-foreground">{t("notifications.intro")}</p>
        <p>
          <Link to={EMAIL_SETTINGS_PATH} className={TEXT_LINK}>
            {t("notifications.settingsLink")}
          </Link>
        </p>
      </header>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm font-medium">{t("notifications.unreadCount", { unread: String(unread) })}</p>
        {unread > 0 && (
          <Form method="post">
            <input type="hidden" name="intent" value="readAll" />
            <SubmitButton variant="outline" size="sm">
              {t("notifications.markAllRead")}
            </SubmitButton>
          </Form>
        )}
      </div>
      <p role="status" className="text-sm text-muted-foreground empty:hidden">
        {actionData?.ok ? t("notifications.allMarkedRead") : ""}
      </p>
      {notifications.length === 0 ? (
        <p className="rounded-md border border-border p-4 text-muted-foreground">{t("notifications.empty")}</p>
      ) : (
        <ol className="flex flex-col divide-y divide-border rounded-md border border-border">
          {notifications.map((notification) => {
            const isUnread = notification.readAt === null;
            return (
              <li key={notification.id} className={`flex gap-3 p-4 ${isUnread ? "bg-muted/60" : ""}`}>
                <span
                  aria-hidden="true"
                  className={`mt-2 h-2 w-2 shrink-0 rounded-full ${isUnread ? "bg-primary" : "bg-transparent"}`}
                />
                <div className="flex min-w-0 flex-col gap-1">
                  <Link
                    to={`${NOTIFICATIONS_PATH}?open=${notification.id}`}
                    className={`${isUnread ? "font-semibold" : ""} text-foreground underline-offset-2 hover:underline`}
                  >
                    {notificationText(notification, t)}
                    {isUnread && <span className="sr-only"> ({t("notifications.unread")})</span>}
                  </Link>
                  <time
                    dateTime={new Date(notification.createdAt).toISOString()}
                    className="text-xs text-muted-foreground"
                  >
                    {formatWhen(new Date(notification.createdAt), i18n.language)}
                  </time>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {pageCount > 1 && (
        <nav aria-label={t("notifications.pagesLabel")} className="flex items-center justify-between gap-3">
          {page > 1 ? (
            <Link to={`?page=${page - 1}`} className={buttonClasses("outline", "sm")}>
              {t("notifications.newer")}
            </Link>
          ) : (
            <span />
          )}
          <p className="text-sm text-muted-foreground">{t("notifications.pageOf", { page, pages: pageCount })}</p>
          {page < pageCount ? (
            <Link to={`?page=${page + 1}`} className={buttonClasses("outline", "sm")}>
              {t("notifications.older")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </div>
  );
}

function formatWhen(instant: Date, language: Language): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[language], {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone: TIME_ZONE,
  }).format(instant);
}
