/*
 * The gallery's lightbox: a native modal <dialog> built on first use, loaded with a dynamic import()
 * from event-gallery.tsx so that the event page ships none of it until someone opens a photo.
 * Keyboard: the arrows move to the previous or next photo (mirrored in right-to-left languages),
 * Escape closes (the dialog's own cancel), Tab stays inside the dialog, and closing puts the focus back
 * on the thumbnail that opened it. No React: it is a few elements, and stays small.
 */

import type { TFunction } from "#app/i18n/translator";

const BUTTON =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-md border border-border bg-background px-3 text-sm font-semibold text-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary";

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

export function openLightbox({
  opener,
  t,
  rightToLeft,
}: {
  /** The thumbnail's link that was chosen; its gallery's other links are the lightbox's photos. */
  opener: HTMLAnchorElement;
  t: TFunction;
  rightToLeft: boolean;
}): void {
  const links = [...(opener.closest("section") ?? document).querySelectorAll<HTMLAnchorElement>("a[data-large]")];
  const photos = links.map((link) => {
    const thumbnail = link.querySelector("img");
    return {
      src: link.dataset.large ?? "",
      href: link.href,
      alt: thumbnail?.alt ?? "",
      width: thumbnail?.width ?? 0,
      height: thumbnail?.height ?? 0,
    };
  });
  const startIndex = Math.max(0, links.indexOf(opener));
  let index = startIndex;
  const dialog = element(
    "dialog",
    "m-auto w-[min(64rem,96vw)] max-w-none rounded-xl border border-border bg-background p-0 text-foreground backdrop:bg-black/80",
  );
  dialog.setAttribute("aria-labelledby", "gallery-lightbox-title");
  dialog.setAttribute("data-testid", "gallery-lightbox");
  const body = element("div", "flex flex-col gap-3 p-3 sm:p-4");
  const top = element("div", "flex items-center justify-between gap-3");
  const title = element("h2", "text-base font-semibold");
  title.id = "gallery-lightbox-title";
  const close = element("button", BUTTON, t("gallery.close"));
  close.type = "button";
  top.append(title, close);
  const figure = element("figure", "flex flex-col items-center gap-2");
  const image = element("img", "max-h-[70vh] w-auto max-w-full rounded-md object-contain");
  const caption = element("figcaption", "text-center text-sm");
  caption.dir = "auto";
  figure.append(image, caption);
  const controls = element("div", "flex items-center justify-between gap-3");
  const previous = element("button", BUTTON, t("gallery.previous"));
  previous.type = "button";
  const page = element(
    "a",
    "text-sm font-medium text-primary underline underline-offset-2 hover:no-underline",
    t("gallery.openPhotoPage"),
  );
  const next = element("button", BUTTON, t("gallery.next"));
  next.type = "button";
  controls.append(previous, page, next);
  body.append(top, figure, controls);
  dialog.append(body);

  const show = (to: number) => {
    index = (to + photos.length) % photos.length;
    const photo = photos[index]!;
    title.textContent = `${t("gallery.lightboxLabel")}: ${t("gallery.position", { index: index + 1, total: photos.length })}`;
    image.src = photo.src;
    image.alt = photo.alt;
    image.width = photo.width;
    image.height = photo.height;
    caption.textContent = photo.alt;
    page.href = photo.href;
    const single = photos.length < 2;
    previous.hidden = single;
    next.hidden = single;
  };

  previous.addEventListener("click", () => show(index - 1));
  next.addEventListener("click", () => show(index + 1));
  close.addEventListener("click", () => dialog.close());
  dialog.addEventListener("keydown", (event) => {
    if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      // In a right-to-left page the next photo is to the left.
      const forward = (event.key === "ArrowRight") !== rightToLeft;
      event.preventDefault();
      show(index + (forward ? 1 : -1));
    } else if (event.key === "Tab") {
      // Keep Tab within the dialog: from the last control back to the first, and the other way.
      const focusable = [close, previous, page, next].filter((node) => !node.hidden);
      const first = focusable[0]!;
      const last = focusable[focusable.length - 1]!;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
  });
  // A click on the backdrop (outside the dialog's box) closes it too.
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close();
  });
  dialog.addEventListener("close", () => {
    dialog.remove();
    opener.focus();
  });

  show(index);
  document.body.append(dialog);
  dialog.showModal();
  close.focus();
}
