import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { data, redirect, type AppLoadContext } from "react-router";
import { EventGalleryMarkup } from "#app/components/gallery/event-gallery-markup";
import { loadMessages } from "#app/i18n/messages";
import { createTranslator } from "#app/i18n/translator";
import type { Language } from "#domain/language";
import { EVENT_PAGE_PHOTO_COUNT } from "#domain/gallery";
import { parseRecordId } from "#domain/record-id";
import { AppError } from "#server/errors";
import { readSmallForm } from "#server/http/read-form";
import type { Viewer } from "#server/http/app-env";
import { deleteGalleryPhoto, galleryRightsOf, listEventPhotos } from "#server/services/gallery";

/* What the gallery's pages (event page, full gallery, a photo's page, the upload form) share on the server. */

/** Signed-in answers about one person's rights: never kept by a cache. */
export const NO_STORE = { "Cache-Control": "private, no-store" };

/**
 * The event page's gallery as markup (event-gallery-markup.tsx rendered here, on the server, so that the
 * page ships no script for it): its newest photos, how many in all, and the upload link when the viewer
 * may add some. Null when there is nothing to show (no photos, and the viewer may not add any).
 */
export async function loadEventGallery(
  db: AppLoadContext["db"],
  viewer: Viewer | null,
  event: { id: number; organizer: { id: string }; startsAt: Date; status: string },
  now: Date,
  language: Language,
): Promise<string | null> {
  const [{ photos, total }, rights] = await Promise.all([
    listEventPhotos(db, event.id, { limit: EVENT_PAGE_PHOTO_COUNT }),
    galleryRightsOf(db, viewer, { ...event, organizerId: event.organizer.id }, now),
  ]);
  const canUpload = canUploadNow(rights);
  if (photos.length === 0 && !canUpload) return null;
  const { t } = createTranslator(language, (await loadMessages(language)) as never);
  return renderToStaticMarkup(createElement(EventGalleryMarkup, { eventId: event.id, photos, total, canUpload, t }));
}

export function canUploadNow(rights: { contributor: unknown; isOpen: boolean; photosLeft: number }): boolean {
  return rights.contributor !== null && rights.isOpen && rights.photosLeft > 0;
}

/**
 * The remove button of the gallery's pages (`photoId` in a small form): only the photo's author and the
 * event's organizers (services/gallery.ts). Redirects to `after` once removed.
 */
export async function removePhotoAction(request: Request, context: AppLoadContext, after: string) {
  if (!context.viewer) throw data(null, { status: 401 });
  const form = await readSmallForm(request);
  const photoId = form && form !== "too_large" ? parseRecordId(String(form.get("photoId") ?? "")) : null;
  if (photoId === null) throw data(null, { status: 400 });
  try {
    await deleteGalleryPhoto(context.db, context.viewer, photoId, { uploadsDir: context.config.uploadsDir });
  } catch (error) {
    if (error instanceof AppError && error.code === "forbidden") throw data(null, { status: 403 });
    if (error instanceof AppError && error.code === "not_found") throw data(null, { status: 404 });
    throw error;
  }
  return redirect(after, { headers: NO_STORE });
}
