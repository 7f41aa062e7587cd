import { EyeOff, Flag, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { useTranslation } from "#app/i18n/use-translation";
import { formatDate } from "#app/i18n/format";
import type { Language } from "#domain/language";
import { TEXT_LINK } from "#app/components/ui/text-link";

/**
 * The banner of an event staff hid (moderation), which only its organizers and staff are shown: when,
 * why, and how to appeal.
 */
export function HiddenNotice({ hidden, timeZone }: { hidden: { at: Date; reason: string | null }; timeZone: string }) {
  const { t, i18n } = useTranslation();
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-md border border-amber-700 bg-amber-50 p-4 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50"
    >
      <p className="flex items-center gap-2 font-semibold">
        <EyeOff aria-hidden="true" className="h-4 w-4 shrink-0" />
        {t("moderation.hiddenTitle")}
      </p>
      <p className="text-sm">
        {t("moderation.hiddenNotice", { date: formatDate(hidden.at, timeZone, i18n.language as Language) })}
      </p>
      {hidden.reason && (
        <p className="text-sm">
          <span className="font-semibold">{t("moderation.hiddenReason")}:</span>{" "}
          <bdi dir="auto" className="whitespace-pre-line">
            {hidden.reason}
          </bdi>
        </p>
      )}
      <p className="text-sm">
        {t("moderation.hiddenAppeal")}{" "}
        <Link to="/community-guidelines" className={TEXT_LINK}>
          {t("moderation.guidelinesLink")}
        </Link>
        {" · "}
        <Link to="/contact" className={TEXT_LINK}>
          {t("moderation.contactLink")}
        </Link>
      </p>
    </div>
  );
}

/** Beside the event: anyone may report it; staff also get its moderation page. */
export function ModerationLinks({ eventId, isSiteStaff }: { eventId: number; isSiteStaff: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-start gap-2 text-sm">
      <Link
        to={`/events/${eventId}/report`}
        rel="nofollow"
        className="inline-flex items-center gap-1 text-muted-foreground underline underline-offset-2 hover:text-foreground"
      >
        <Flag aria-hidden="true" className="h-4 w-4" />
        {t("moderation.reportLink")}
      </Link>
      {isSiteStaff && (
        <Link
          to={`/admin/events/${eventId}/moderation`}
          className="inline-flex items-center gap-1 text-muted-foreground underline underline-offset-2 hover:text-foreground"
        >
          <ShieldCheck aria-hidden="true" className="h-4 w-4" />
          {t("moderation.moderationLink")}
        </Link>
      )}
    </div>
  );
}
