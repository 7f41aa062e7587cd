import { LOCALE_TAGS, type Language } from "#domain/language";

export { LOCALE_TAGS };
// Prices and someone's own words inside a sentence are written the same way in pages and in e-mails.
export { formatMoney, isolateUserText } from "#domain/text-direction";

// Formatters are costly to build and formatting happens for every card on every render: keep them.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function dateTimeFormat(language: Language, timeZone: string, options: Intl.DateTimeFormatOptions) {
  const key = `dt|${language}|${timeZone}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(LOCALE_TAGS[language], { ...options, timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** "Fri, Dec 4, 2026" in English: short weekday, short month, day, year — in the event's zone. */
export function formatDate(instant: Date, timeZone: string, language: Language): string {
  return dateTimeFormat(language, timeZone, {
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
  }).format(instant);
}

/** "07:30 PM" in English: 2-digit hour and minute. */
export function formatTime(instant: Date, timeZone: string, language: Language): string {
  return dateTimeFormat(language, timeZone, { hour: "2-digit", minute: "2-digit" }).format(instant);
}

/** True when both instants fall on the same calendar day in `timeZone`. */
export function isSameLocalDay(start: Date, end: Date, timeZone: string): boolean {
  const day = dateTimeFormat("en", timeZone, { year: "numeric", month: "2-digit", day: "2-digit" });
  return day.format(start) === day.format(end);
}

/** "1,234" in English: a whole count in the language's number style. */
export function formatCount(value: number, language: Language): string {
  const key = `count|${language}`;
  let formatter = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALE_TAGS[language], { maximumFractionDigits: 0 });
    formatters.set(key, formatter);
  }
  return formatter.format(value);
}

/**
 * When an event happens, per spec §9: "date, start time - end time" on one day, otherwise
 * "start date - end date". The joining words and punctuation come from the language's messages.
 */
export function formatDateRange(
  start: Date,
  end: Date,
  timeZone: string,
  language: Language,
  t: (key: "dateRange.sameDay" | "dateRange.multiDay", values: Record<string, string>) => string,
): string {
  if (isSameLocalDay(start, end, timeZone)) {
    return t("dateRange.sameDay", {
      date: formatDate(start, timeZone, language),
      start: formatTime(start, timeZone, language),
      end: formatTime(end, timeZone, language),
    });
  }
  return t("dateRange.multiDay", {
    start: formatDate(start, timeZone, language),
    end: formatDate(end, timeZone, language),
  });
}

/** "12.5%" in English, "12,5 %" in French: a share given in basis points (1 % = 100), in the language's style. */
export function formatPercentFromBps(bps: number, language: Language): string {
  const key = `percent|${language}`;
  let formatter = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALE_TAGS[language], { style: "percent", maximumFractionDigits: 2 });
    formatters.set(key, formatter);
  }
  return formatter.format(bps / 10_000);
}

/** "3.1": a distance in miles with one decimal, in the language's digits. */
export function formatDistance(miles: number, language: Language): string {
  return new Intl.NumberFormat(LOCALE_TAGS[language], { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(
    miles,
  );
}

/** "Eastern Standard Time": the zone's name at that instant, in the language. */
export function formatTimeZone(instant: Date, timeZone: string, language: Language): string {
  const parts = dateTimeFormat(language, timeZone, { timeZoneName: "long" }).formatToParts(instant);
  return parts.find((part) => part.type === "timeZoneName")?.value ?? timeZone;
}
