import { Bell } from "lucide-react";
import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation";

/**
 * The header's bell: a link to /notifications named with the unread count ("Notifications, 3 unread"),
 * the count drawn on it. Rendered from the root loader's data, so it is right from the first byte and
 * costs no request of its own; it changes when a page loads (no polling).
 */
export function NotificationBell({ unread }: { unread: number }) {
  const { t } = useTranslation();
  const shown = unread > 99 ? "99+" : String(unread);
  return (
    <Link
      // NOTIFICATIONS_PATH, written out: an import would put a chunk of its own on every page.
      to="/notifications"
      aria-label={unread > 0 ? t("bell.unread", { unread: shown }) : t("bell.label")}
      className="relative inline-flex h-10 w-10 items-center justify-center rounded-full hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <Bell aria-hidden="true" className="h-5 w-5" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="absolute -end-0.5 top-0 rounded-full bg-primary px-1.5 text-xs font-semibold text-primary-foreground"
        >
          {shown}
        </span>
      )}
    </Link>
  );
}
