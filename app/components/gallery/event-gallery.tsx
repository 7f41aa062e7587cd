import type { MouseEvent } from "react";
import { Link } from "react-router";
import { buttonClasses } from "#app/components/ui/button";
import { TEXT_LINK } from "#app/components/ui/text-link";
import { useTranslation } from "#app/i18n/use-translation";

/** A photo as the event page receives it (services/gallery.ts GalleryPhoto). */
export interface EventGalleryPhoto {
  id: number;
  image: string;
  width: number;
  height: number;
  alt: string;
}

export interface EventGalleryData {
  photos: EventGalleryPhoto[];
  total: number;
  /** The viewer may add photos now (ticket holder or organizer, the event has started, under the limit). */
  canUpload: boolean;
}

/**
 * The event page's photo gallery: the newest photos as a grid of thumbnails, each a link to the photo's
 * own page (which works without JavaScript). With JavaScript, a click or Enter opens the photo in a
 * lightbox instead: a native <dialog> whose code (and everything it needs: addresses, labels) is loaded
 * on first use (gallery-lightbox.ts), so that the event page's first load carries as little as possible.
 */
export function EventGallery({ eventId, gallery }: { eventId: number; gallery: EventGalleryData }) {
  const { t, i18n } = useTranslation();
  const { photos, total, canUpload } = gallery;
  if (photos.length === 0 && !canUpload) return null;
  const path = `/events/${eventId}/photos`;

  const open = (event: MouseEvent<HTMLAnchorElement>, index: number) => {
    if (event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const opener = event.currentTarget;
    import("./gallery-lightbox").then(
      ({ openLightbox }) => openLightbox({ path, photos, index, opener, t, rightToLeft: i18n.dir() === "rtl" }),
      // Without the lightbox (a failed download), the link still leads to the photo's page.
      () => location.assign(opener.href),
    );
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
              <a href={`${path}/${photo.id}`} onClick={(event) => open(event, index)} className="block rounded-lg">
                <img
                  src={`/uploads/${photo.image}-480.webp`}
                  alt={photo.alt}
                  width={photo.width}
                  height={photo.height}
                  loading="lazy"
                  className="aspect-square w-full rounded-lg object-cover"
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
          <Link to={path} className={TEXT_LINK}>
            {t("gallery.seeAll", { count: total })}
          </Link>
        )}
        {canUpload && (
          <Link to={`${path}/new`} className={buttonClasses("outline", "sm")}>
            {t("gallery.addPhotos")}
          </Link>
        )}
      </div>
    </section>
  );
}
