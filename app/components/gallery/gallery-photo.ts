import { GALLERY_WIDTHS } from "#domain/gallery";

/** A gallery photo as pages receive it from their loader. */
export interface GalleryPhotoView {
  id: number;
  image: string;
  width: number;
  height: number;
  alt: string;
  author: { id: string; name: string };
  createdAt: Date;
}

/** The address of a stored photo's thumbnail (480 px) or large (1600 px) rendition. */
export function photoUrl(photo: Pick<GalleryPhotoView, "image">, size: keyof typeof GALLERY_WIDTHS): string {
  return `/uploads/${photo.image}-${GALLERY_WIDTHS[size]}.webp`;
}

/** The photo's own page, which works without JavaScript. */
export function photoPagePath(eventId: number, photoId: number): string {
  return `/events/${eventId}/photos/${photoId}`;
}
