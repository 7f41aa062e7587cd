import type { TFunction } from "#app/i18n/translator";
import { buttonClasses } from "#app/components/ui/button";
import { TEXT_LINK } from "#app/components/ui/text-link";

/** A photo as the event page shows it (services/gallery.ts GalleryPhoto). */
export interface EventGalleryPhoto {
  id: number;
  image: string;
  width: number;
  height: number;
  alt: string;
}

/**
 * The inside of the event page's gallery, rendered on the server only (gallery.server.ts): the newest
 * photos as thumbnails, each a link to the photo's own page that works without JavaScript (the lightbox
 * reads `data-large` and the thumbnail when it opens one), "N photos", and the links to the whole gallery
 * and to the upload form. None of this ships as script to the event page.
 */
export function EventGalleryMarkup({
  eventId,
  photos,
  total,
  canUpload,
  t,
}: {
  eventId: number;
  photos: EventGalleryPhoto[];
  total: number;
  canUpload: boolean;
  t: TFunction;
}) {
  const path = `/events/${eventId}/photos`;
  return (
    <>
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="gallery-heading" className="text-xl font-bold">
          {t("gallery.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("gallery.count", { count: total })}</p>
      </div>
      {photos.length > 0 ? (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {photos.map((photo) => (
            <li key={photo.id}>
              <a
                href={`${path}/${photo.id}`}
                data-large={`/uploads/${photo.image}-1600.webp`}
                className="block overflow-hidden rounded-lg"
              >
                <img
                  src={`/uploads/${photo.image}-480.webp`}
                  alt={photo.alt}
                  width={photo.width}
                  height={photo.height}
                  loading="lazy"
                  decoding="async"
                  className="aspect-square w-full object-cover transition-transform hover:scale-105"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted-foreground">{t("gallery.empty")}</p>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-4">
        {total > photos.length && (
          <a href={path} className={TEXT_LINK}>
            {t("gallery.seeAll", { count: total })}
          </a>
        )}
        {canUpload && (
          <a href={`${path}/new`} className={buttonClasses("outline", "sm")}>
            {t("gallery.addPhotos")}
          </a>
        )}
      </div>
    </>
  );
}
