/**
 * Pictures organizers upload for their events: checked by content (not by name or declared type),
 * cropped to 16:9 and re-encoded with sharp to WebP in the widths the sample artwork has, which drops
 * every byte of the original's metadata (camera, GPS) and anything hidden in it. Stored under the
 * uploads directory as `${storageKey}-${width}.webp`, the way event pages and cards read event_images.
 */
import { unlink } from "node:fs/promises";
import path from "node:path";
import { EVENT_IMAGE_WIDTHS, imageFileName } from "./sample-images";
import { encodeWebpRenditions, storeWebpRenditions } from "./webp-renditions";

/** Larger files are refused before decoding; a camera photo is 3–8 MB. */
export const MAX_EVENT_IMAGE_BYTES = 10 * 1024 * 1024;
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
  const encoded = await encodeWebpRenditions(bytes, {
    maxBytes: MAX_EVENT_IMAGE_BYTES,
    maxPixels: 60_000_000,
    widths: EVENT_IMAGE_WIDTHS,
    quality: 78,
    // The "attention" crop keeps the busiest part of the picture rather than always its middle.
    shape: (image, width, sharp) =>
      image.resize(width, Math.round((width * 9) / 16), { fit: "cover", position: sharp.strategy.attention }),
  });
  if (encoded.ok) return encoded;
  return { ok: false, problem: encoded.problem === "too_large" ? "image_too_large" : "image_type" };
}

/**
 * Writes the renditions under a new random key (stored files never change, so they can be cached
 * forever) and returns the key and widths, as event_images stores them.
 */
export async function storeEventImage(
  uploadsDir: string,
  renditions: Map<number, Buffer>,
): Promise<{ storageKey: string; widths: number[] }> {
  const storageKey = await storeWebpRenditions(uploadsDir, EVENT_IMAGE_FOLDER, renditions);
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
