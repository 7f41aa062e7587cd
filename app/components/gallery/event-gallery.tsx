import { useTranslation } from "#app/i18n/use-translation";

/**
 * The event page's photo gallery. Its markup is rendered on the server (event-gallery-markup.tsx, through
 * the page's loader), so that the event page ships almost no script for it: thumbnails are links to each
 * photo's own page, which work without JavaScript. With JavaScript, a click or Enter on one opens the
 * photo in a lightbox instead: a native <dialog> whose code is loaded on first use (gallery-lightbox.ts).
 */
export function EventGallery({ html }: { html: string | null }) {
  const { t, i18n } = useTranslation();
  if (!html) return null;
  return (
    <section
      id="gallery"
      aria-labelledby="gallery-heading"
      className="scroll-mt-24"
      onClick={(event) => {
        const opener = (event.target as Element).closest<HTMLAnchorElement>("a[data-large]");
        if (!opener || event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        import("./gallery-lightbox").then(
          ({ openLightbox }) => openLightbox({ opener, t, rightToLeft: i18n.dir() === "rtl" }),
          // Without the lightbox (a failed download), the link still leads to the photo's page.
          () => location.assign(opener.href),
        );
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
