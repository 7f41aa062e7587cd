import { z } from "zod";
import { EVENT_YEARS } from "./event-input";
import { LANGUAGES, type Language } from "./language";
import { isWellFormedText } from "./text";
import { localDateTimeIn, parseIsoDay, zonedTimeToUtc } from "./time";

/*
 * The blog's rules: what a post's address looks like, which posts the public sees, which version a
 * reader gets, and what staff may type. Problems are stable words the console translates (BLOG_PROBLEMS).
 */

export const BLOG_PAGE_SIZE = 10;
export const BLOG_TITLE_MAX = 140;
export const BLOG_SUMMARY_MAX = 300;
export const BLOG_BODY_MAX = 40_000;
export const BLOG_SLUG_MAX = 80;
export const BLOG_TAG_MAX = 32;
export const BLOG_MAX_TAGS = 8;
export const BLOG_COVER_ALT_MAX = 200;

export const BLOG_PROBLEMS = [
  "required",
  "too_long",
  "invalid",
  "slug_invalid",
  "slug_taken",
  "tag_invalid",
  "tags_limit",
  "date_invalid",
  "image_too_large",
  "image_type",
  "language_missing",
  "original_language",
  "no_version",
] as const;
export type BlogProblem = (typeof BLOG_PROBLEMS)[number];

export type BlogStatus = "draft" | "published";

const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const TAG_PATTERN = /^[\p{Ll}\p{Lo}\p{N}]+(?:-[\p{Ll}\p{Lo}\p{N}]+)*$/u;

/**
 * "Your First Event: 7 Tips!" → "your-first-event-7-tips": accents folded, other characters dropped,
 * cut at a hyphen within BLOG_SLUG_MAX. A title with no Latin letters or digits (Arabic, Amharic)
 * gives "" and the caller picks another source (the English title, or "post-{n}").
 */
export function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (slug.length <= BLOG_SLUG_MAX) return slug;
  const cut = slug.slice(0, BLOG_SLUG_MAX + 1);
  const hyphen = cut.lastIndexOf("-");
  return hyphen > 0 ? cut.slice(0, hyphen) : slug.slice(0, BLOG_SLUG_MAX);
}

export function isSlug(value: string): boolean {
  return value.length <= BLOG_SLUG_MAX && SLUG_PATTERN.test(value);
}

/** `base`, or `base-2`, `base-3`… the first that `taken` does not hold. */
export function uniqueSlug(base: string, taken: ReadonlySet<string>): string {
  const start = base || "post";
  if (!taken.has(start)) return start;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${start.slice(0, BLOG_SLUG_MAX - suffix.length).replace(/-+$/, "")}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** A post the public may read: published, and its publishing time has come. */
export function isPublicPost(post: { status: BlogStatus; publishAt: Date | null }, now: Date): boolean {
  return post.status === "published" && post.publishAt !== null && post.publishAt.getTime() <= now.getTime();
}

/** What staff see of a post's state: a draft, scheduled for later, or live. */
export function postState(post: { status: BlogStatus; publishAt: Date | null }, now: Date) {
  if (post.status === "draft") return "draft" as const;
  return isPublicPost(post, now) ? ("published" as const) : ("scheduled" as const);
}

/**
 * The version a reader of `language` gets: theirs when the post has it, else the original (which the
 * page marks with a language badge and a lang attribute), else any.
 */
export function chooseVersion<V extends { language: Language }>(
  versions: readonly V[],
  language: Language,
  originalLanguage: Language,
): { version: V; translated: boolean } | null {
  const own = versions.find((version) => version.language === language);
  if (own) return { version: own, translated: true };
  const original = versions.find((version) => version.language === originalLanguage) ?? versions[0];
  return original ? { version: original, translated: false } : null;
}

/** "DMV, Festivals , festivals" → ["dmv", "festivals"]: lowercase, hyphenated, no repeats. */
export function normalizeTags(input: string | readonly string[]): string[] {
  const parts = typeof input === "string" ? input.split(",") : input;
  const tags = parts.map((tag) => tag.trim().toLowerCase().replace(/\s+/g, "-")).filter((tag) => tag !== "");
  return [...new Set(tags)];
}

export function isTag(value: string): boolean {
  return value.length <= BLOG_TAG_MAX && TAG_PATTERN.test(value);
}

/** The page number a `?page=` holds: a positive integer, else 1. */
export function pageNumber(value: string | null | undefined): number {
  if (!value || !/^[1-9][0-9]{0,5}$/.test(value)) return 1;
  return Number(value);
}

export function pageCount(total: number, pageSize = BLOG_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

const text = (max: number) =>
  z
    .string({ message: "required" })
    .transform((value) => value.trim())
    .refine(isWellFormedText, { message: "invalid" })
    .refine((value) => value.length <= max, { message: "too_long" });

const requiredText = (max: number) => text(max).refine((value) => value !== "", { message: "required" });

/** One language's words of a post. */
export const blogVersionInputSchema = z.object({
  title: requiredText(BLOG_TITLE_MAX),
  summary: requiredText(BLOG_SUMMARY_MAX),
  body: requiredText(BLOG_BODY_MAX),
});
export type BlogVersionInput = z.infer<typeof blogVersionInputSchema>;

/** What a post is beside its words: its address (empty: made from the title), language, tags, cover text. */
export const blogPostInputSchema = z.object({
  slug: text(BLOG_SLUG_MAX + 20).refine((value) => value === "" || isSlug(value), { message: "slug_invalid" }),
  originalLanguage: z.enum(LANGUAGES, { message: "invalid" }),
  tags: z
    .array(z.string())
    .transform((tags) => normalizeTags(tags))
    .refine((tags) => tags.length <= BLOG_MAX_TAGS, { message: "tags_limit" })
    .refine((tags) => tags.every(isTag), { message: "tag_invalid" }),
  coverAlt: text(BLOG_COVER_ALT_MAX),
});
export type BlogPostInput = z.infer<typeof blogPostInputSchema>;

/** Scheduled times are typed on the clocks of the DMV, where the site's readers are. */
export const BLOG_TIME_ZONE = "America/New_York";

const LOCAL_MINUTE = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/;
const ISO_INSTANT = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * When a scheduled post goes live: a form's `datetime-local` value ("2026-12-01T09:00", read on the
 * clocks of `timeZone`) or an ISO instant with its offset (the API). Null when it is no real moment
 * ("2026-02-30T10:00", "tomorrow").
 */
export function parsePublishAt(value: string, timeZone = BLOG_TIME_ZONE): Date | null {
  const moment = momentOf(value.trim(), timeZone);
  if (!moment) return null;
  // A post goes live in the years an event can take place in. Year 0 is a moment to JavaScript but
  // not to PostgreSQL, which has no year 0: it once answered 500.
  const year = moment.getUTCFullYear();
  return year >= EVENT_YEARS.first && year <= EVENT_YEARS.last ? moment : null;
}

function momentOf(trimmed: string, timeZone: string): Date | null {
  const local = LOCAL_MINUTE.exec(trimmed);
  if (local) {
    const day = parseIsoDay(local[1]!);
    const hour = Number(local[2]);
    const minute = Number(local[3]);
    if (!day || hour > 23 || minute > 59) return null;
    return zonedTimeToUtc({ ...day, hour, minute }, timeZone);
  }
  const instant = ISO_INSTANT.exec(trimmed);
  if (!instant || !parseIsoDay(instant[1]!)) return null;
  const date = new Date(trimmed);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A moment as the form's `datetime-local` field shows it, on the clocks of `timeZone`. */
export function toLocalInput(instant: Date, timeZone = BLOG_TIME_ZONE): string {
  const local = localDateTimeIn(instant, timeZone);
  const two = (value: number) => String(value).padStart(2, "0");
  return `${local.year}-${two(local.month)}-${two(local.day)}T${two(local.hour)}:${two(local.minute)}`;
}
