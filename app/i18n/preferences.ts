import { DEFAULT_LANGUAGE, isLanguage, type Language } from "#domain/language";

/** The visitor's interface choices. Kept in local storage (spec) and mirrored to cookies for the server. */
export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];

export const LANGUAGE_STORAGE_KEY = "language";
export const THEME_STORAGE_KEY = "theme";
export const LANGUAGE_COOKIE = "lang";
export const THEME_COOKIE = "theme";
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

export function isTheme(value: unknown): value is Theme {
  return typeof value === "string" && (THEMES as readonly string[]).includes(value);
}

export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join("="));
    } catch {
      return undefined; // A malformed cookie is treated as absent.
    }
  }
  return undefined;
}

export function preferenceCookie(name: string, value: string): string {
  return `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}

/** The language a page's address names with `?lang=`, if it names one this site speaks. */
export function languageInAddress(request: Request): Language | null {
  const fromQuery = new URL(request.url).searchParams.get("lang");
  return isLanguage(fromQuery) ? fromQuery : null;
}

/** Language by priority: `?lang=` (shared links, crawlers), the cookie, the browser's languages, English. */

export function negotiateLanguage(request: Request): Language {
  const fromQuery = languageInAddress(request);
  if (fromQuery) return fromQuery;
  const fromCookie = readCookie(request.headers.get("Cookie"), LANGUAGE_COOKIE);
  if (isLanguage(fromCookie)) return fromCookie;
  const accepted = (request.headers.get("Accept-Language") ?? "")
    .split(",")
    .map((entry) => {
      const [tag = "", ...params] = entry.trim().split(";");
      const quality = Number(
        params
          .find((param) => param.trim().startsWith("q="))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { base: tag.toLowerCase().split("-")[0], quality: Number.isFinite(quality) ? quality : 0 };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality);
  return accepted.map((entry) => entry.base).find(isLanguage) ?? DEFAULT_LANGUAGE;
}

export function themeFromRequest(request: Request): Theme {
  const value = readCookie(request.headers.get("Cookie"), THEME_COOKIE);
  return isTheme(value) ? value : "system";
}
