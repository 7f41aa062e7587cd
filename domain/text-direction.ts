import { LOCALE_TAGS, type Language } from "./language";

// Built once per language: every card and e-mail line formats a price.
const formatters = new Map<string, Intl.NumberFormat>();

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
  let formatter = formatters.get(key);
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
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    formatters.set(key, formatter);
  }
  return formatter;
}

// Hebrew, Arabic, Syriac, Thaana, N'Ko… and their presentation forms: the right-to-left letters.
const RIGHT_TO_LEFT_LETTER = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;
const ANY_LETTER = /\p{L}/u;

/**
 * The direction of someone's words as `dir="auto"` finds it: that of their first letter; left to right
 * when there is none. For places HTML cannot help, as the share picture's SVG.
 */
export function directionOfText(text: string): "ltr" | "rtl" {
  for (const character of text) {
    if (RIGHT_TO_LEFT_LETTER.test(character)) return "rtl";
    if (ANY_LETTER.test(character)) return "ltr";
  }
  return "ltr";
}

/**
 * Someone's own words (a venue, a name, a title) set inside a translated sentence: isolated so they keep
 * their own direction ("9:30 Club" stays so in an Arabic line) and do not reorder the sentence around
 * them. First-strong isolate: the words' first letter decides their direction.
 */
export function isolateUserText(text: string): string {
  return `\u2068${text}${POP_DIRECTIONAL_ISOLATE}`;
}
