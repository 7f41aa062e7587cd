import { DEFAULT_LANGUAGE, isLanguage, type Language } from "#domain/language";
import { parseEventSearch, DEFAULT_RADIUS_MILES, type EventSearch } from "#domain/event-search";
import { PLACES } from "#domain/event-search-options";
import { toICalendar } from "#domain/icalendar";
import { formatMoney } from "#app/i18n/format";
import { loadMessages } from "#app/i18n/messages";
import { translatorFor, type TFunction } from "#app/i18n/translator";
import { currentTime } from "#server/clock";
import { calendarEntryOf } from "#server/services/calendar-entries";
import { FEED_DESCRIPTION_LENGTH, listFeedEvents } from "#server/services/event-feed";
import type { Route } from "./+types/events-feed";

/** Calendar apps fetch a feed again about this often (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const REFRESH_INTERVAL = "PT1H";
/** Shared caches may keep a feed this long: a new event shows up in subscribers' calendars soon enough. */
const CACHE_CONTROL = "public, max-age=600";
/**
 * Parameters of an /events address that mean nothing to a feed, dropped so that any /events link
 * works: a feed is always the upcoming events, soonest first, all of them (up to FEED_MAX_EVENTS).
 */
const PAGE_ONLY_PARAMETERS = ["page", "limit", "sort", "past", "lang"];

/**
 * /events.ics: the upcoming events matching an /events search (category, place and radius, language,
 * price, VIP, words, dates) as a calendar to subscribe to. The calendar's name says what it holds,
 * in the language of `?lang=` (English without it; a calendar app sends no language of its own, and
 * the answer must be the same for everyone so that shared caches may keep it).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const language: Language = isLanguage(params.get("lang")) ? (params.get("lang") as Language) : DEFAULT_LANGUAGE;
  for (const name of PAGE_ONLY_PARAMETERS) params.delete(name);
  const parsed = parseEventSearch(params);
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join(".") || "query"))];
    return new Response(`Not a valid events filter: ${fields.join(", ")}.\n`, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE_CONTROL },
    });
  }
  const now = currentTime();
  const { t } = translatorFor(language, await loadMessages(language));
  const events = await listFeedEvents(context.db, parsed.data, now);
  const origin = context.config.publicUrl;
  const body = toICalendar(
    events.map((event) => calendarEntryOf(event, origin, now, { descriptionLength: FEED_DESCRIPTION_LENGTH })),
    calendarNameOf(parsed.data, t, language),
    { refreshInterval: REFRESH_INTERVAL, description: t("calendarFeed.description") },
  );
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="dmv-events.ics"',
      "Cache-Control": CACHE_CONTROL,
    },
  });
}

/** "DMV Events: Music · Within 10 miles of Arlington, VA": the filters, in words, in `language`. */
function calendarNameOf(search: EventSearch, t: TFunction, language: Language): string {
  const miles = search.radius ?? DEFAULT_RADIUS_MILES;
  const parts = [
    search.q && t("calendarFeed.matching", { query: search.q }),
    search.category && t(`category.${search.category}`),
    search.date && search.date !== "custom" && t(`search.${search.date}`),
    (search.from || search.to) && [search.from, search.to].filter(Boolean).join(" – "),
    search.price === "free" && t("calendarFeed.free"),
    search.price === "under30" && t("search.under30"),
    search.maxPrice !== undefined &&
      t("calendarFeed.maxPrice", { price: formatMoney(search.maxPrice * 100, language) }),
    search.language && t("calendarFeed.inLanguage", { language: t(`eventLanguage.${search.language}`) }),
    search.lat !== undefined && search.lng !== undefined
      ? t("calendarFeed.near", { miles, place: `${search.lat.toFixed(3)}, ${search.lng.toFixed(3)}` })
      : search.near && t("calendarFeed.near", { miles, place: PLACES[search.near].name }),
    search.vip && t("calendarFeed.vip"),
    search.featured && t("calendarFeed.featured"),
  ].filter((part): part is string => typeof part === "string" && part !== "");
  return parts.length === 0
    ? t("calendarFeed.allEvents")
    : t("calendarFeed.calendarName", { filters: parts.join(" · ") });
}
