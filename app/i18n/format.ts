import { LOCALE_TAGS, type Language } from "#domain/language";

export { LOCALE_TAGS };

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

/** Keeps a run of text in one piece, in its own direction, inside a line of the other direction. */
const LEFT_TO_RIGHT_ISOLATE = "\u2066";
const POP_DIRECTIONAL_ISOLATE = "\u2069";

/**
 * A price. Every price on the site is in US dollars; each language gets one clear form:
 * - en "$12.50", as on every US price tag;
 * - fr "12,50 $US", French usage (amount, then the currency with its country);
 * - ar and am "US$ 12.50": the currency named before Western digits, as dollar prices are written in
 *   Arabic and Amharic media and on the US receipts our DMV readers see daily; "US$" tells the dollar
 *   apart from the other dollars and from the birr. Left to the locale data, Arabic came out as
 *   "18.00 US$" behind a right-to-left mark, and inside an Arabic line the bidirectional algorithm moved
 *   the "$" to the far side of "US" ("$US 18.00"); Amharic as "US$18.00", glued together. In Arabic the
 *   price is wrapped in a left-to-right isolate, so it reads the same in any sentence, page or e-mail.
 * The no-break space keeps the currency and the amount on one line.
 */
export function formatMoney(cents: number, language: Language): string {
  if (language === "en" || language === "fr") return currencyFormat(language).format(cents / 100);
  const price = `US$\u00a0${westernDecimalFormat().format(cents / 100)}`;
  return language === "ar" ? `${LEFT_TO_RIGHT_ISOLATE}${price}${POP_DIRECTIONAL_ISOLATE}` : price;
}

function currencyFormat(language: Language): Intl.NumberFormat {
  const key = `money|${language}`;
  let formatter = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALE_TAGS[language], {
      style: "currency",
      currency: "USD",
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** Always Western digits with a point: the form of the amounts on US receipts and in dollar prices. */
function westernDecimalFormat(): Intl.NumberFormat {
  const key = "amount";
  let formatter = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!formatter) {
    formatter = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Someone's own words (a venue, a name, a title) set inside a translated sentence: isolated so they keep
 * their own direction ("9:30 Club" stays so in an Arabic line) and do not reorder the sentence around
 * them. First-strong isolate: the words' first letter decides their direction.
 */
export function isolateUserText(text: string): string {
  return `\u2068${text}${POP_DIRECTIONAL_ISOLATE}`;
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
