import { Link } from "react-router";
import { EMAIL_SETTINGS_PATH, NOTIFICATIONS_PATH } from "#domain/notification-link";
import { buttonClasses } from "#app/components/ui/button";
import { useTranslation } from "#app/i18n/use-translation";

/**
 * The dashboard's way to the person's notifications and to their e-mail settings (every optional e-mail,
 * the weekly digest included, is switched there).
 */
export function NotificationsSection() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="notifications-section-title" className="flex flex-col gap-3">
      <h2 id="notifications-section-title" className="text-xl font-semibold">
        {t("notifications.dashboard.title")}
      </h2>
      <p className="text-sm text-muted-foreground">{t("notifications.dashboard.text")}</p>
      <div className="flex flex-wrap gap-3">
        <Link to={EMAIL_SETTINGS_PATH} className={buttonClasses("outline")}>
          {t("notifications.dashboard.settingsLink")}
        </Link>
        <Link to={NOTIFICATIONS_PATH} className={buttonClasses("outline")}>
          {t("notifications.dashboard.notificationsLink")}
        </Link>
      </div>
    </section>
  );
}
