import { z } from "zod";
import { CATEGORIES } from "./catalog";
import { DATE_WINDOWS, PLACE_KEYS, PRICE_FILTERS, SORTS } from "./event-search-options";
import { LANGUAGES } from "./language";
import { isWellFormedText } from "./text";
import { localDateTimeIn, parseIsoDay, zonedTimeToUtc } from "./time";

/** The site's home zone: "today" and "this weekend" mean in Washington. */
export const SITE_TIME_ZONE = "America/New_York";
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const MAX_PAGE = 500;
export const MAX_QUERY_LENGTH = 200;
export const DEFAULT_RADIUS_MILES = 10;

const flag = z
  .enum(["1", "true", "on", "0", "false", "off"])
  .transform((value) => value === "1" || value === "true" || value === "on");
/** A day that exists, as YYYY-MM-DD: "2026-13-45" is refused, not rolled over into February 2027. */
const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "a date as YYYY-MM-DD")
  .refine((text) => parseIsoDay(text) !== null, "a date that exists, as YYYY-MM-DD");
/** Empty form fields mean "not set", as a GET form sends every field. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional());

/** One search of events, from the /events form, its URL, or GET /api/v1/events. */
export const eventSearchSchema = z
  .object({
    q: optional(
      z
        .string()
        .max(MAX_QUERY_LENGTH, `at most ${MAX_QUERY_LENGTH} characters`)
        .refine(isWellFormedText, "contains characters that are not text")
        .transform((value) => value.trim().replace(/\s+/g, " ")),
    ),
    category: optional(z.enum(CATEGORIES.map((category) => category.key) as [string, ...string[]])),
    date: optional(z.enum(DATE_WINDOWS)),
    from: optional(isoDay),
    to: optional(isoDay),
    price: optional(z.enum(PRICE_FILTERS)),
    maxPrice: optional(z.coerce.number().min(0).max(100_000)),
    language: optional(z.enum(LANGUAGES)),
    vip: optional(flag),
    featured: optional(flag),
    near: optional(z.enum(PLACE_KEYS)),
    lat: optional(z.coerce.number().min(-90).max(90)),
    lng: optional(z.coerce.number().min(-180).max(180)),
    radius: optional(z.coerce.number().min(1).max(200)),
    past: optional(flag),
    sort: optional(z.enum(SORTS)),
    page: optional(z.coerce.number().int().min(1).max(MAX_PAGE)),
    limit: optional(z.coerce.number().int().min(1).max(MAX_PAGE_SIZE)),
  })
  .strict()
  .superRefine((search, context) => {
    if (search.date === "custom" && !search.from && !search.to) {
      context.addIssue({ code: "custom", path: ["from"], message: "a custom date range needs a start or an end" });
    }
    if (search.from && search.to && search.from > search.to) {
      context.addIssue({ code: "custom", path: ["to"], message: "the end is before the start" });
    }
    if ((search.lat === undefined) !== (search.lng === undefined)) {
      context.addIssue({ code: "custom", path: ["lat"], message: "give both lat and lng" });
    }
    if (search.sort === "relevance" && !search.q) {
      context.addIssue({ code: "custom", path: ["sort"], message: "relevance needs a search query" });
    }
  });

export type EventSearchInput = z.input<typeof eventSearchSchema>;
export type EventSearch = z.output<typeof eventSearchSchema>;

/**
 * The search as the page and the API read it from a URL. Repeated keys take the last value; `lang`
 * chooses the page's language, not events. Object.fromEntries makes own properties even of
 * "__proto__", so strict parsing rejects it.
 */
export function parseEventSearch(params: URLSearchParams) {
  const { lang: _pageLanguage, ...search } = Object.fromEntries(params);
  return eventSearchSchema.safeParse(search);
}

function startOfLocalDay(now: Date, days: number): Date {
  const today = localDateTimeIn(now, SITE_TIME_ZONE);
  const day = new Date(Date.UTC(today.year, today.month - 1, today.day + days));
  return zonedTimeToUtc(
    { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), hour: 0, minute: 0 },
    SITE_TIME_ZONE,
  );
}

function dayToUtc(isoDate: string, extraDays = 0): Date {
  const [year, month, day] = isoDate.split("-").map(Number) as [number, number, number];
  const shifted = new Date(Date.UTC(year, month - 1, day + extraDays));
  return zonedTimeToUtc(
    { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate(), hour: 0, minute: 0 },
    SITE_TIME_ZONE,
  );
}

/**
 * The instants [from, to) an event must overlap to match a date filter, in Washington's calendar.
 * Weekend: Saturday and Sunday (from now, when it is already the weekend). Week: until next Monday.
 */
export function dateWindow(search: EventSearch, now: Date): { from: Date | null; to: Date | null } | null {
  switch (search.date) {
    case undefined:
      return null;
    case "today":
      return { from: now, to: startOfLocalDay(now, 1) };
    case "weekend": {
      const weekday = new Date(startOfLocalDay(now, 0).getTime() + 12 * 3_600_000).getUTCDay(); // 0 = Sunday
      const daysToSaturday = weekday === 0 ? -1 : 6 - weekday;
      const saturday = startOfLocalDay(now, daysToSaturday);
      return { from: saturday > now ? saturday : now, to: startOfLocalDay(now, daysToSaturday + 2) };
    }
    case "week": {
      const weekday = new Date(startOfLocalDay(now, 0).getTime() + 12 * 3_600_000).getUTCDay();
      return { from: now, to: startOfLocalDay(now, weekday === 0 ? 1 : 8 - weekday) };
    }
    case "month": {
      const today = localDateTimeIn(now, SITE_TIME_ZONE);
      const firstOfNext = zonedTimeToUtc(
        {
          year: today.month === 12 ? today.year + 1 : today.year,
          month: (today.month % 12) + 1,
          day: 1,
          hour: 0,
          minute: 0,
        },
        SITE_TIME_ZONE,
      );
      return { from: now, to: firstOfNext };
    }
    case "custom":
      return {
        from: search.from ? dayToUtc(search.from) : null,
        to: search.to ? dayToUtc(search.to, 1) : null,
      };
  }
}

/** Great-circle distance in miles between two points. */
export function distanceMiles(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = radians(b.latitude - a.latitude);
  const dLng = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 3958.8 * 2 * Math.asin(Math.min(1, Math.sqrt(h)));
}
