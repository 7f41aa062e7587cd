import { data, Form, Link } from "react-router";
import { photoPagePath, photoUrl } from "#app/components/gallery/gallery-photo";
import { buttonClasses } from "#app/components/ui/button";
import { SubmitButton } from "#app/components/ui/submit-button";
import { TEXT_LINK } from "#app/components/ui/text-link";
import { metaTranslator } from "#app/i18n/meta";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { useTranslation } from "#app/i18n/use-translation";
import { pageMeta } from "#app/seo";
import { GALLERY_PAGE_SIZE } from "#domain/gallery";
import { parseRecordId } from "#domain/record-id";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import { galleryEventOf, galleryRightsOf, listEventPhotos, removableBy } from "#server/services/gallery";
import { canUploadNow, removePhotoAction } from "./gallery.server";
import type { Route } from "./+types/event-photos";

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = metaTranslator(matches);
  const { event, page } = loaderData;
  return pageMeta(matches, {
    title: `${t("gallery.pageTitle", { title: event.title })} | ${t("app.name")}`,
    description: t("gallery.pageDescription", { title: event.title }),
    path: `/events/${event.id}/photos${page > 1 ? `?page=${page}` : ""}`,
  });
}

/** `/events/{id}/photos`: the whole gallery of a public event, newest first, a page at a time. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = parseRecordId(params.id ?? "");
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  if (id === null || !Number.isInteger(page) || page < 1 || page > 10_000) throw data(null, { status: 404 });
  const now = currentTime();
  const event = await galleryEventOf(context.db, id).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found") throw data(null, { status: 404 });
    throw error;
  });
  const [{ photos, total }, rights] = await Promise.all([
    listEventPhotos(context.db, id, { limit: GALLERY_PAGE_SIZE, offset: (page - 1) * GALLERY_PAGE_SIZE }),
    galleryRightsOf(context.db, context.viewer, event, now),
  ]);
  if (page > 1 && photos.length === 0) throw data(null, { status: 404 });
  return {
    event: { id: event.id, title: event.title, language: event.language },
    photos,
    total,
    page,
    pages: Math.max(1, Math.ceil(total / GALLERY_PAGE_SIZE)),
    canUpload: canUploadNow(rights),
    removable: removableBy(rights, context.viewer, photos),
    pageMessages: await pageMessages(negotiateLanguage(request), ["gallery"]),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  return removePhotoAction(request, context, `/events/${params.id}/photos`);
}

export default function EventPhotosPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { event, photos, total, page, pages, canUpload, removable } = loaderData;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-col gap-2">
        <Link to={`/events/${event.id}`} className={`self-start text-sm ${TEXT_LINK}`}>
          {t("gallery.backToEvent")}
        </Link>
        <h1 className="text-3xl font-extrabold tracking-tight">
          {t("gallery.pageHeading")}{" "}
          <bdi dir="auto" lang={event.language}>
            {event.title}
          </bdi>
        </h1>
        <p className="text-muted-foreground">{t("gallery.count", { count: total })}</p>
        {canUpload && (
          <Link to={`/events/${event.id}/photos/new`} className={buttonClasses("primary", "md", "self-start")}>
            {t("gallery.addPhotos")}
          </Link>
        )}
      </header>
      {photos.length === 0 ? (
        <p className="text-muted-foreground">{t("gallery.empty")}</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {photos.map((photo) => (
            <li key={photo.id} className="flex flex-col gap-1">
              <Link
                to={photoPagePath(event.id, photo.id)}
                className="block overflow-hidden rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
              >
                <img
                  src={photoUrl(photo, "thumbnail")}
                  alt={photo.alt}
                  width={photo.width}
                  height={photo.height}
                  loading="lazy"
                  decoding="async"
                  className="aspect-square w-full object-cover"
                />
              </Link>
              <p className="text-xs text-muted-foreground">
                {t("gallery.by")} <bdi>{photo.author.name}</bdi>
              </p>
              {removable.includes(photo.id) && (
                <Form method="post">
                  <input type="hidden" name="photoId" value={photo.id} />
                  <SubmitButton
                    variant="ghost"
                    size="sm"
                    aria-label={t("gallery.removeNamed", { alt: photo.alt })}
                    pendingLabel={t("gallery.removing")}
                  >
                    {t("gallery.remove")}
                  </SubmitButton>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav aria-label={t("gallery.pagesLabel")} className="flex items-center gap-4">
          {page > 1 && (
            <Link to={`/events/${event.id}/photos?page=${page - 1}`} className={TEXT_LINK}>
              {t("gallery.newerPage")}
            </Link>
          )}
          <span className="text-sm text-muted-foreground">{t("gallery.pageOf", { page, pages })}</span>
          {page < pages && (
            <Link to={`/events/${event.id}/photos?page=${page + 1}`} className={TEXT_LINK}>
              {t("gallery.olderPage")}
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
