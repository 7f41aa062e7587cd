import { inArray } from "drizzle-orm";
import { eventImageInputSchema } from "#domain/event-input";
import type { Database } from "#server/db/client";
import { eventImages } from "#server/db/schema";
import { AppError } from "#server/errors";
import {
  deleteEventImageFiles,
  encodeEventImage,
  storeEventImage,
  type EventImageUpload,
} from "#server/images/event-images";

/*
 * The file side of event authoring: uploads checked and encoded before any transaction (a refused
 * picture changes nothing), written under the uploads directory, and removed again when no event
 * shows them (a failed save, a removed picture; duplicated events share files, so they are counted).
 */

/** An event picture as event_images stores it. */
export interface StoredImage {
  storageKey: string;
  widths: number[];
  alt: string;
}

export interface EncodedImage {
  renditions: Map<number, Buffer>;
  alt: string;
}

/** The field a problem of the upload at `index` is reported under: its file or its alt text. */
export type ImageFieldNamer = (index: number, part: "file" | "alt") => string;

export const imageListField: ImageFieldNamer = (index, part) =>
  part === "alt" ? `images.${index}.alt` : `images.${index}`;

/** Every upload's alt text and picture checked; all problems at once, as AppError invalid. */
export async function encodeImages(
  uploads: readonly EventImageUpload[],
  fieldOf: ImageFieldNamer = imageListField,
): Promise<EncodedImage[]> {
  const fields: Record<string, string> = {};
  const encoded: EncodedImage[] = [];
  for (const [index, upload] of uploads.entries()) {
    const alt = eventImageInputSchema.safeParse({ alt: upload.alt });
    if (!alt.success) fields[fieldOf(index, "alt")] = alt.error.issues[0]!.message;
    const picture = await encodeEventImage(upload.bytes);
    if (!picture.ok) fields[fieldOf(index, "file")] = picture.problem;
    if (alt.success && picture.ok) encoded.push({ renditions: picture.renditions, alt: alt.data.alt });
  }
  if (Object.keys(fields).length > 0) throw new AppError("invalid", "A picture cannot be used.", fields);
  return encoded;
}

export async function storeImages(uploadsDir: string, encoded: readonly EncodedImage[]): Promise<StoredImage[]> {
  const stored: StoredImage[] = [];
  for (const image of encoded) {
    stored.push({ ...(await storeEventImage(uploadsDir, image.renditions)), alt: image.alt });
  }
  return stored;
}

/** Deletes the files of these pictures that no event_images row names any more. */
export async function removeUnusedImageFiles(
  db: Database,
  uploadsDir: string,
  images: readonly { storageKey: string; widths: number[] }[],
): Promise<void> {
  if (images.length === 0) return;
  const keys = images.map((image) => image.storageKey);
  const used = await db
    .select({ storageKey: eventImages.storageKey })
    .from(eventImages)
    .where(inArray(eventImages.storageKey, keys));
  const usedKeys = new Set(used.map((row) => row.storageKey));
  for (const image of images) {
    if (!usedKeys.has(image.storageKey)) await deleteEventImageFiles(uploadsDir, image.storageKey, image.widths);
  }
}
