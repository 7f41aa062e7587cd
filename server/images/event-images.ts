/**
 * Pictures organizers upload for their events: checked by content (not by name or declared type),
 * cropped to 16:9 and re-encoded with sharp to WebP in the widths the sample artwork has, which drops
 * every byte of the original's metadata (camera, GPS) and anything hidden in it. Stored under the
 * uploads directory as `${storageKey}-${width}.webp`, the way event pages and cards read event_images.
 */
import { randomBytes } from "node:crypto";
import { mkdir, rename, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { EVENT_IMAGE_WIDTHS, imageFileName } from "./sample-images";

/** Larger files are refused before decoding; a camera photo is 3–8 MB. */
export const MAX_EVENT_IMAGE_BYTES = 10 * 1024 * 1024;
/** Decoding is refused past this many pixels, so a small file cannot unpack into gigabytes (a "bomb"). */
const MAX_INPUT_PIXELS = 60_000_000;
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif", "avif"]);
const WEBP_OPTIONS = { quality: 78, effort: 4 } as const;
/** Uploaded event pictures live here, relative to the uploads directory; sample artwork never does. */
const EVENT_IMAGE_FOLDER = "events";
const STORED_KEY = new RegExp(`^${EVENT_IMAGE_FOLDER}/[0-9a-f]{24}$`);

/** One picture as uploaded, with the alt text its organizer wrote for it. */
export interface EventImageUpload {
  bytes: Uint8Array;
  alt: string;
}

/** Why a picture was refused; the form translates these words (EVENT_PROBLEMS). */
export type EventImageProblem = "image_too_large" | "image_type";

export type EncodedEventImage =
  { ok: true; renditions: Map<number, Buffer> } | { ok: false; problem: EventImageProblem };

/** 16:9 WebP renditions of an uploaded picture, by width, or why it cannot be one. */
export async function encodeEventImage(bytes: Uint8Array): Promise<EncodedEventImage> {
  if (bytes.byteLength > MAX_EVENT_IMAGE_BYTES) return { ok: false, problem: "image_too_large" };
  if (bytes.byteLength === 0) return { ok: false, problem: "image_type" };
  // Loaded on first use: the native image library adds about 100 ms to every server start.
  const { default: sharp } = await import("sharp");
  const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
  let format: string | undefined;
  try {
    format = (await input().metadata()).format;
  } catch {
    return { ok: false, problem: "image_type" };
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) return { ok: false, problem: "image_type" };
  const renditions = new Map<number, Buffer>();
  try {
    for (const width of EVENT_IMAGE_WIDTHS) {
      // rotate() applies the EXIF orientation before the metadata is dropped, so photos stay upright;
      // the "attention" crop keeps the busiest part of the picture rather than always its middle.
      const webp = await input()
        .rotate()
        .resize(width, Math.round((width * 9) / 16), { fit: "cover", position: sharp.strategy.attention })
        .webp(WEBP_OPTIONS)
        .toBuffer();
      renditions.set(width, webp);
    }
  } catch {
    // A header that parses over a body that does not (truncated or crafted files).
    return { ok: false, problem: "image_type" };
  }
  return { ok: true, renditions };
}

/**
 * Writes the renditions under a new random key (stored files never change, so they can be cached
 * forever) and returns the key and widths, as event_images stores them.
 */
export async function storeEventImage(
  uploadsDir: string,
  renditions: Map<number, Buffer>,
): Promise<{ storageKey: string; widths: number[] }> {
  const storageKey = `${EVENT_IMAGE_FOLDER}/${randomBytes(12).toString("hex")}`;
  for (const [width, webp] of renditions) {
    const file = path.join(uploadsDir, imageFileName(storageKey, width));
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${randomBytes(6).toString("hex")}.tmp`;
    await writeFile(temporary, webp);
    await rename(temporary, file);
  }
  return { storageKey, widths: [...renditions.keys()].sort((a, b) => a - b) };
}

/**
 * Deletes the files of an uploaded picture no event shows any more (or one never saved). Keys of
 * sample artwork are left alone; a failure only leaves files behind.
 */
export async function deleteEventImageFiles(uploadsDir: string, storageKey: string, widths: readonly number[]) {
  if (!STORED_KEY.test(storageKey)) return;
  await Promise.all(
    widths.map((width) => unlink(path.join(uploadsDir, imageFileName(storageKey, width))).catch(() => {})),
  );
}
