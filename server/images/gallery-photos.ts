/**
 * Photos people add to an event's gallery. Stored like uploaded event pictures: WebP renditions under
 * the uploads directory as `${image}-${width}.webp`, where `image` is `gallery/<24 hex>` (the value of
 * gallery_photos.image). Encoding them (re-encoded by sharp, so no metadata such as GPS survives) is
 * the gallery's upload code's; this module owns where they live and how they go.
 */
import { unlink } from "node:fs/promises";
import path from "node:path";
import { imageFileName } from "./sample-images";

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
