import { SITE_TIME_ZONE } from "#domain/event-search";
import { formatDate, formatTime, formatTimeZone } from "#app/i18n/format";
import { useTranslation } from "#app/i18n/use-translation";

/**
 * An instant as the console shows it: in the reader's language and the site's time zone (Washington),
 * with the zone named when the time is shown, in a <time> element that holds the exact instant.
 */
export function StaffDate({ instant, withTime = true }: { instant: Date | string; withTime?: boolean }) {
  const { i18n } = useTranslation();
  const date = typeof instant === "string" ? new Date(instant) : instant;
  const language = i18n.language;
  const text = withTime
    ? `${formatDate(date, SITE_TIME_ZONE, language)} ${formatTime(date, SITE_TIME_ZONE, language)} ${formatTimeZone(date, SITE_TIME_ZONE, language)}`
    : formatDate(date, SITE_TIME_ZONE, language);
  return <time dateTime={date.toISOString()}>{text}</time>;
}
