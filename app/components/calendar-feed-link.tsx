import { CalendarPlus } from "lucide-react";
import { useLocation } from "react-router";
import { buttonClasses } from "#app/components/ui/button";
import { useTranslation } from "#app/i18n/use-translation";
import { useRootData } from "#app/root-data";

/** Parameters of /events that shape the page, not which events: a feed drops them (events-feed.ts). */
const PAGE_ONLY_PARAMETERS = ["page", "limit", "sort", "past", "lang"];

/**
 * "Subscribe to calendar" for the events the visitor is looking at on /events: a webcal:// link,
 * which calendar apps open as a subscription, and the same feed over https to paste into apps that
 * ask for an address. Both carry the current filters and the page's language (for the calendar's name).
 */
export function CalendarFeedLink() {
  const { t, i18n } = useTranslation();
  const { origin } = useRootData();
  const params = new URLSearchParams(useLocation().search);
  for (const name of PAGE_ONLY_PARAMETERS) params.delete(name);
  // Empty fields of the GET form mean "any": leave them out of the address.
  for (const [name, value] of [...params]) if (value === "") params.delete(name);
  params.set("lang", i18n.language);
  const feedUrl = `${origin}/events.ics?${params}`;
  const webcalUrl = feedUrl.replace(/^https?:\/\//, "webcal://");
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <a href={webcalUrl} className={buttonClasses("outline", "sm")}>
        <CalendarPlus aria-hidden="true" className="h-4 w-4" />
        {t("calendarFeed.subscribe")}
      </a>
      <a href={feedUrl} className="underline underline-offset-4" type="text/calendar">
        {t("calendarFeed.feedAddress")}
      </a>
    </div>
  );
}
