import type { MouseEvent } from "react";
import { Link } from "react-router";
import { buttonClasses } from "#app/components/ui/button";
import { TEXT_LINK } from "#app/components/ui/text-link";
import { useTranslation } from "#app/i18n/use-translation";
import type { LightboxPhoto } from "./gallery-lightbox";
import { photoPagePath, photoUrl, type GalleryPhotoView } from "./gallery-photo";

export interface EventGalleryData {
  photos: GalleryPhotoView[];
  total: number;
  /** The viewer may add photos now (ticket holder or organizer, the event has started, under the limit). */
  canUpload: boolean;
}

/**
 * The event page's photo gallery: the newest photos as a grid of thumbnails, each a link to the photo's
 * own page (which works without JavaScript). With JavaScript, a click or Enter opens the photo in a
 * lightbox instead: a native <dialog> whose code is loaded on first use (gallery-lightbox.ts), so it
 * adds nothing to the page's first load.
 */
export function EventGallery({ eventId, gallery }: { eventId: number; gallery: EventGalleryData }) {
  const { t, i18n } = useTranslation();
  const { photos, total, canUpload } = gallery;
  if (photos.length === 0 && !canUpload) return null;

  const open = (event: MouseEvent<HTMLAnchorElement>, index: number) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const opener = event.currentTarget;
    const items: LightboxPhoto[] = photos.map((photo) => ({
      src: photoUrl(photo, "large"),
      alt: photo.alt,
      width: photo.width,
      height: photo.height,
      href: photoPagePath(eventId, photo.id),
    }));
    void import("./gallery-lightbox")
      .then(({ openLightbox }) =>
        openLightbox({
          photos: items,
          index,
          opener,
          rightToLeft: i18n.dir() === "rtl",
          labels: {
            dialog: t("gallery.lightboxLabel"),
            position: (n) => t("gallery.position", { index: n + 1, total: items.length }),
            previous: t("gallery.previous"),
            next: t("gallery.next"),
            close: t("gallery.close"),
            openPage: t("gallery.openPhotoPage"),
          },
        }),
      )
      // Without the lightbox (a failed download), the link still leads to the photo's page.
      .catch(() => window.location.assign(opener.href));
  };

  return (
    <section id="gallery" aria-labelledby="gallery-heading" className="scroll-mt-24">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="gallery-heading" className="text-xl font-bold">
          {t("gallery.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("gallery.count", { count: total })}</p>
      </div>
      {photos.length > 0 ? (
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {photos.map((photo, index) => (
            <li key={photo.id}>
              <a
                href={photoPagePath(eventId, photo.id)}
                onClick={(event) => open(event, index)}
                className="block overflow-hidden rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
              >
                <img
                  src={photoUrl(photo, "thumbnail")}
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
          <Link to={`/events/${eventId}/photos`} className={TEXT_LINK}>
            {t("gallery.seeAll", { count: total })}
          </Link>
        )}
        {canUpload && (
          <Link to={`/events/${eventId}/photos/new`} className={buttonClasses("outline", "sm")}>
            {t("gallery.addPhotos")}
          </Link>
        )}
      </div>
    </section>
  );
}
