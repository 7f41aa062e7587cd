/**
 * Sample images (event artwork, avatars, sponsor logos) addressed by storage keys and rendered
 * to WebP on first request, then served from the uploads directory like any uploaded file.
 *
 * Everything a picture needs is in its key, so the files are a pure cache: deleting them is safe
 * and any machine regenerates byte-identical artwork offline.
 */
import { mkdir, rename, stat, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { CATEGORIES, type CategoryKey } from "#domain/catalog";
import { avatarSvgForInitials, eventArtworkSvg, nameInitials, sponsorLogoSvg } from "./sample-artwork";

export const EVENT_IMAGE_WIDTHS = [480, 960, 1440] as const;
export const AVATAR_WIDTHS = [96, 192] as const;
export const SPONSOR_LOGO_WIDTHS = [160, 320] as const;
/** gallery-photos.ts's GALLERY_PHOTO_WIDTHS (that module imports this one, so they are written twice). */
export const SAMPLE_GALLERY_WIDTHS = [480, 1600] as const;

export type SampleImage =
  | { kind: "event"; categoryKey: CategoryKey; seed: number; variant: 0 | 1 | 2 }
  /** initials is "" for a person whose name has no letters: the avatar shows a person glyph. */
  | { kind: "avatar"; seed: number; initials: string }
  | { kind: "sponsor"; seed: number; slug: string }
  /** Stand-ins for photos people added to a past sample event's gallery: the event's artwork, other seeds. */
  | { kind: "gallery"; categoryKey: CategoryKey; seed: number; variant: 0 | 1 | 2 };

type SampleKind = SampleImage["kind"];

const WIDTHS: Record<SampleKind, readonly number[]> = {
  event: EVENT_IMAGE_WIDTHS,
  avatar: AVATAR_WIDTHS,
  sponsor: SPONSOR_LOGO_WIDTHS,
  gallery: SAMPLE_GALLERY_WIDTHS,
};

/** Height over width for each kind, matching the SVG viewBoxes. */
const ASPECT: Record<SampleKind, number> = { event: 9 / 16, avatar: 1, sponsor: 1 / 2, gallery: 9 / 16 };

const WEBP_OPTIONS = { quality: 72, effort: 4 } as const;
/** Slugs longer than this are cut at a hyphen; the logo could not show more text legibly anyway. */
const MAX_SLUG_LENGTH = 48;
/** Canonical non-negative integers only ("7", not "07" or "7.0"), so one image has one key and one file. */
const SEED_PATTERN = /^(0|[1-9][0-9]{0,8})$/;
const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const CATEGORY_KEYS: ReadonlySet<string> = new Set(CATEGORIES.map((category) => category.key));

// ---------------------------------------------------------------------------------------------
// Keys

export function eventImageKey(categoryKey: CategoryKey, seed: number, variant: 0 | 1 | 2): string {
  return `sample/event/${categoryKey}/${seedSegment(seed)}/${variant}`;
}

/** A sample gallery photo: drawn like event artwork of the category, from its own seed. */
export function galleryImageKey(categoryKey: CategoryKey, seed: number, variant: 0 | 1 | 2): string {
  return `sample/gallery/${categoryKey}/${seedSegment(seed)}/${variant}`;
}

/**
 * The key carries the initials, not the name: names are personal data and may hold characters
 * that are unsafe in paths. A name without letters gets the glyph avatar (`sample/avatar/{seed}`).
 */
export function avatarImageKey(name: string, seed: number): string {
  const initials = nameInitials(name);
  return initials ? `sample/avatar/${seedSegment(seed)}/${initials}` : `sample/avatar/${seedSegment(seed)}`;
}

/** The logo shows the slug turned back into title-cased words, so punctuation in the name is lost. */
export function sponsorLogoKey(name: string, seed: number): string {
  return `sample/sponsor/${seedSegment(seed)}/${sponsorSlug(name)}`;
}

/** Lowercase ASCII words joined by hyphens; accents are folded and other characters dropped. */
export function sponsorSlug(name: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return truncateSlug(slug) || "sponsor";
}

function truncateSlug(slug: string): string {
  if (slug.length <= MAX_SLUG_LENGTH) return slug;
  const cut = slug.slice(0, MAX_SLUG_LENGTH + 1);
  const lastHyphen = cut.lastIndexOf("-");
  const words = lastHyphen > 0 ? cut.slice(0, lastHyphen) : cut.slice(0, MAX_SLUG_LENGTH);
  // "...chamber-of" reads as broken on a logo; end on a content word instead.
  return words.replace(/(-(of|and|the|for|at|in|on|to|a|an|&))+$/, "").replace(/-+$/, "");
}

function seedSegment(seed: number): string {
  if (!Number.isInteger(seed) || seed < 0 || seed > 999_999_999) {
    throw new RangeError(`sample image seed must be an integer from 0 to 999999999, got ${seed}`);
  }
  return String(seed);
}

/** The file for a key at one width, relative to the uploads directory. */
export function imageFileName(key: string, width: number): string {
  return `${key}-${width}.webp`;
}

export function sampleImageWidths(kind: SampleKind): readonly number[] {
  return WIDTHS[kind];
}

// ---------------------------------------------------------------------------------------------
// Parsing

/**
 * Strictly parses a storage key. Every segment is matched against a whitelist, which is also what
 * keeps "..", slashes and odd characters out of file paths built from keys.
 */
export function parseSampleImageKey(key: string): SampleImage | null {
  const parts = key.split("/");
  if (parts[0] !== "sample") return null;
  const [, kind, ...rest] = parts;
  if (kind === "event") return parseEventParts(rest);
  if (kind === "avatar") return parseAvatarParts(rest);
  if (kind === "sponsor") return parseSponsorParts(rest);
  if (kind === "gallery") {
    const image = parseEventParts(rest);
    return image?.kind === "event" ? { ...image, kind: "gallery" } : null;
  }
  return null;
}

function parseEventParts(parts: string[]): SampleImage | null {
  const [categoryKey, seedText, variantText] = parts;
  if (parts.length !== 3 || categoryKey === undefined || !CATEGORY_KEYS.has(categoryKey)) return null;
  const seed = parseSeed(seedText);
  const variant = variantText === "0" ? 0 : variantText === "1" ? 1 : variantText === "2" ? 2 : null;
  if (seed === null || variant === null) return null;
  return { kind: "event", categoryKey: categoryKey as CategoryKey, seed, variant };
}

function parseAvatarParts(parts: string[]): SampleImage | null {
  const [seedText, initials = ""] = parts;
  const seed = parseSeed(seedText);
  if (seed === null || parts.length > 2 || (parts.length === 2 && !isCanonicalInitials(initials))) return null;
  return { kind: "avatar", seed, initials };
}

function parseSponsorParts(parts: string[]): SampleImage | null {
  const [seedText, slug] = parts;
  const seed = parseSeed(seedText);
  if (seed === null || parts.length !== 2 || slug === undefined) return null;
  if (slug.length > MAX_SLUG_LENGTH || !SLUG_PATTERN.test(slug)) return null;
  return { kind: "sponsor", seed, slug };
}

function parseSeed(text: string | undefined): number | null {
  return text !== undefined && SEED_PATTERN.test(text) ? Number(text) : null;
}

/**
 * One or two letters of any script, in the exact form avatarImageKey produces (NFC, upper case
 * where the script has case). Anything else, including digits, punctuation and "%", is refused.
 */
function isCanonicalInitials(initials: string): boolean {
  if (!/^\p{L}{1,2}$/u.test(initials) || initials.normalize("NFC") !== initials) return false;
  return nameInitials([...initials].join(" ")) === initials;
}

// ---------------------------------------------------------------------------------------------
// Rendering

/** In-flight renders by absolute file path, so concurrent requests for one file share one render. */
const inFlight = new Map<string, Promise<string>>();

/**
 * Returns the absolute path of the WebP for a sample key at a width, rendering it first when the
 * file is missing. Returns null when the key is not a valid sample key or the width is not one
 * of that kind's widths, so callers can answer 404 without touching the disk.
 */
export async function ensureSampleImage(uploadsDir: string, key: string, width: number): Promise<string | null> {
  const image = parseSampleImageKey(key);
  if (!image || !WIDTHS[image.kind].includes(width)) return null;
  const file = path.resolve(uploadsDir, imageFileName(key, width));
  const pending = inFlight.get(file);
  if (pending) return pending;
  // Registered synchronously, before any await, so a second caller in the same tick finds it.
  const job = ensureFile(file, image, width).finally(() => inFlight.delete(file));
  inFlight.set(file, job);
  return job;
}

async function ensureFile(file: string, image: SampleImage, width: number): Promise<string> {
  if (await fileExists(file)) return file;
  const webp = await renderSampleImage(image, width);
  await writeAtomically(file, webp);
  return file;
}

/** Renders one sample image as WebP bytes at exactly the given width. */
export async function renderSampleImage(image: SampleImage, width: number): Promise<Buffer> {
  const height = Math.round(width * ASPECT[image.kind]);
  // Setting the pixel size on the root element makes librsvg rasterise the vectors at the
  // target size, instead of rendering at the viewBox size and resampling.
  const svg = sampleSvg(image).replace("<svg ", `<svg width="${width}" height="${height}" `);
  // Loaded on first use: the native image library adds about 100 ms to every server start.
  const { default: sharp } = await import("sharp");
  // Every sample image paints an opaque background, so the alpha plane would only cost bytes.
  return sharp(Buffer.from(svg)).removeAlpha().webp(WEBP_OPTIONS).toBuffer();
}

export function sampleSvg(image: SampleImage): string {
  switch (image.kind) {
    case "event":
    case "gallery":
      return eventArtworkSvg(image.categoryKey, image.seed, image.variant);
    case "avatar":
      return avatarSvgForInitials(image.initials, image.seed);
    case "sponsor":
      return sponsorLogoSvg(slugToWords(image.slug), image.seed);
  }
}

function slugToWords(slug: string): string {
  return slug
    .split("-")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}

async function fileExists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** Temp file plus rename, so a reader (or a crash) never sees a half-written image. */
async function writeAtomically(file: string, bytes: Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    await writeFile(temp, bytes);
    await rename(temp, file);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}
