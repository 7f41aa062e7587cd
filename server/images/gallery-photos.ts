/**
 * Photos people add to an event's gallery. Stored like uploaded event pictures: WebP renditions under
 * the uploads directory as `${image}-${width}.webp`, where `image` is `gallery/<24 hex>` (the value of
 * gallery_photos.image). Encoding them (re-encoded by sharp, so no metadata such as GPS survives) is
 * the gallery's upload code's; this module owns where they live and how they go.
 */
import { unlink } from "node:fs/promises";
import path from "node:path";
import { MAX_GALLERY_PHOTO_BYTES } from "#domain/gallery";
import { imageFileName } from "./sample-images";
import { encodeWebpRenditions, storeWebpRenditions, type UploadProblem } from "./webp-renditions";

/** A thumbnail for the grid and a large one for the lightbox. */
export const GALLERY_PHOTO_WIDTHS = [480, 1600] as const;
/** Gallery photos live here, relative to the uploads directory. */
export const GALLERY_PHOTO_FOLDER = "gallery";
const STORED_KEY = new RegExp(`^${GALLERY_PHOTO_FOLDER}/[0-9a-f]{24}$`);

/** Deletes a removed photo's files (a failure only leaves files behind); anything not a gallery key is left alone. */
export async function deleteGalleryPhotoFiles(uploadsDir: string, images: readonly string[]): Promise<void> {
  await Promise.all(
    images
      .filter((image) => STORED_KEY.test(image))
      .flatMap((image) =>
        GALLERY_PHOTO_WIDTHS.map((width) => unlink(path.join(uploadsDir, imageFileName(image, width))).catch(() => {})),
      ),
  );
}

/** A photo ready to store: its WebP renditions by width and the size of the largest. */
export interface EncodedGalleryPhoto {
  renditions: Map<number, Buffer>;
  width: number;
  height: number;
}

/**
 * The WebP renditions of an uploaded photo, or why it cannot be one: checked by its content (JPEG,
 * PNG, WebP, GIF or AVIF; never its name or declared type), at most MAX_GALLERY_PHOTO_BYTES and 50
 * megapixels, turned upright by its EXIF orientation, fitted within each width (never enlarged) and
 * re-encoded, which leaves every byte of the original's metadata behind: EXIF (camera, GPS), XMP, IPTC.
 */
export async function encodeGalleryPhoto(
  bytes: Uint8Array,
): Promise<{ ok: true; photo: EncodedGalleryPhoto } | { ok: false; problem: UploadProblem }> {
  const encoded = await encodeWebpRenditions(bytes, {
    maxBytes: MAX_GALLERY_PHOTO_BYTES,
    maxPixels: 50_000_000,
    widths: GALLERY_PHOTO_WIDTHS,
    quality: 80,
    shape: (image, width) => image.resize(width, width, { fit: "inside", withoutEnlargement: true }),
  });
  if (!encoded.ok) return encoded;
  const largest = encoded.renditions.get(Math.max(...GALLERY_PHOTO_WIDTHS))!;
  const { default: sharp } = await import("sharp");
  const { width = 1, height = 1 } = await sharp(largest).metadata();
  return { ok: true, photo: { renditions: encoded.renditions, width, height } };
}

/** Writes the renditions under a new random key (`gallery/<24 hex>`, the value of gallery_photos.image). */
export function storeGalleryPhoto(uploadsDir: string, photo: EncodedGalleryPhoto): Promise<string> {
  return storeWebpRenditions(uploadsDir, GALLERY_PHOTO_FOLDER, photo.renditions);
}
