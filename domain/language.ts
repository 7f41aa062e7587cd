/** The interface and event languages we support, English first (the default). */
export const LANGUAGES = ["en", "fr", "ar", "am"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "en";

const RIGHT_TO_LEFT: ReadonlySet<Language> = new Set(["ar"]);

/** The BCP 47 tag each language is formatted with (dates, numbers, money). */
export const LOCALE_TAGS: Record<Language, string> = { en: "en-US", fr: "fr-FR", ar: "ar", am: "am-ET" };

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

export function textDirection(language: Language): "ltr" | "rtl" {
  return RIGHT_TO_LEFT.has(language) ? "rtl" : "ltr";
}

/** The English name of a language, which is also the interest that matches it (spec §4). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  fr: "French",
  ar: "Arabic",
  am: "Amharic",
};
