import { eq } from "drizzle-orm";
import { MAX_HIDE_REASON_LENGTH } from "#domain/report";
import type { Database } from "#server/db/client";
import { galleryPhotos } from "#server/db/schema";

/**
 * Staff hide a reported gallery photo (hidden: { reason }) or restore it (null), in the caller's
 * transaction (the generic report flow records the staff action beside it). A hidden photo leaves every
 * public gallery at once (publicGalleryPhotoCondition in gallery.ts); its author and the event's
 * organizers can still remove it. The caller calls publicContentChanged(db) once the transaction
 * commits, so that no cached page keeps showing it. Returns the photo's event and author, or null when
 * there is no such photo.
 */
export async function setPhotoHidden(
  tx: Pick<Database, "update">,
  photoId: number,
  hidden: { reason: string } | null,
  now: Date = new Date(),
): Promise<{ eventId: number; authorId: string } | null> {
  const [photo] = await tx
    .update(galleryPhotos)
    .set(
      hidden
        ? { hiddenAt: now, hiddenReason: hidden.reason.slice(0, MAX_HIDE_REASON_LENGTH) }
        : { hiddenAt: null, hiddenReason: null },
    )
    .where(eq(galleryPhotos.id, photoId))
    .returning({ eventId: galleryPhotos.eventId, authorId: galleryPhotos.authorId });
  return photo ?? null;
}
