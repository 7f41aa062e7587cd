import { data, Form, Link } from "react-router";
import { photoPagePath, photoUrl } from "#app/components/gallery/gallery-photo";
import { SubmitButton } from "#app/components/ui/submit-button";
import { TEXT_LINK } from "#app/components/ui/text-link";
import { formatDate } from "#app/i18n/format";
import { metaTranslator } from "#app/i18n/meta";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { useTranslation } from "#app/i18n/use-translation";
import { pageMeta } from "#app/seo";
import type { Language } from "#domain/language";
import { parseRecordId } from "#domain/record-id";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import { galleryEventOf, galleryRightsOf, getEventPhoto, removableBy } from "#server/services/gallery";
import { removePhotoAction } from "./gallery.server";
import type { Route } from "./+types/event-photo";

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = metaTranslator(matches);
  const { event, photo } = loaderData;
  return pageMeta(matches, {
    title: `${t("gallery.photoTitle", { title: event.title })} | ${t("app.name")}`,
    description: photo.alt,
    path: photoPagePath(event.id, photo.id),
    image: { url: photoUrl(photo, "large"), alt: photo.alt },
  });
}

/** `/events/{id}/photos/{photoId}`: one photo of the gallery, large, with who added it; works without JavaScript. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const eventId = parseRecordId(params.id ?? "");
  const photoId = parseRecordId(params.photoId ?? "");
  if (eventId === null || photoId === null) throw data(null, { status: 404 });
  const event = await galleryEventOf(context.db, eventId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found") throw data(null, { status: 404 });
    throw error;
  });
  const found = await getEventPhoto(context.db, eventId, photoId);
  if (!found) throw data(null, { status: 404 });
  const rights = await galleryRightsOf(context.db, context.viewer, event, currentTime());
  return {
    event: { id: event.id, title: event.title, language: event.language, timeZone: event.timeZone },
    ...found,
    canRemove: removableBy(rights, context.viewer, [found.photo]).length > 0,
    pageMessages: await pageMessages(negotiateLanguage(request), ["gallery"]),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  return removePhotoAction(request, context, `/events/${params.id}/photos`);
}

export default function EventPhotoPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { event, photo, newerId, olderId, canRemove } = loaderData;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4 px-4 py-8">
      <nav aria-label={t("gallery.photoNavLabel")} className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        <Link to={`/events/${event.id}`} className={TEXT_LINK}>
          {t("gallery.backToEvent")}
        </Link>
        <Link to={`/events/${event.id}/photos`} className={TEXT_LINK}>
          {t("gallery.allPhotos")}
        </Link>
      </nav>
      <h1 className="text-2xl font-bold">
        {t("gallery.pageHeading")}{" "}
        <bdi dir="auto" lang={event.language}>
          {event.title}
        </bdi>
      </h1>
      <figure className="flex flex-col items-center gap-3">
        <img
          src={photoUrl(photo, "large")}
          alt={photo.alt}
          width={photo.width}
          height={photo.height}
          className="h-auto max-h-[75vh] w-auto max-w-full rounded-lg object-contain"
        />
        <figcaption className="flex flex-col items-center gap-1 text-center">
          <span dir="auto">{photo.alt}</span>
          <span className="text-sm text-muted-foreground">
            {t("gallery.addedBy", { date: formatDate(photo.createdAt, event.timeZone, i18n.language as Language) })}{" "}
            <Link to={`/users/${photo.author.id}`} className={TEXT_LINK}>
              <bdi>{photo.author.name}</bdi>
            </Link>
          </span>
        </figcaption>
      </figure>
      <div className="flex flex-wrap items-center justify-between gap-4">
        {newerId !== null ? (
          <Link to={photoPagePath(event.id, newerId)} className={TEXT_LINK} rel="prev">
            {t("gallery.newerPhoto")}
          </Link>
        ) : (
          <span />
        )}
        <div className="flex flex-wrap items-center gap-4">
          <Link
            to={`/photos/${photo.id}/report`}
            className="text-sm text-muted-foreground underline underline-offset-2 hover:no-underline"
          >
            {t("gallery.report")}
          </Link>
          {canRemove && (
            <Form method="post">
              <input type="hidden" name="photoId" value={photo.id} />
              <SubmitButton variant="outline" size="sm" pendingLabel={t("gallery.removing")}>
                {t("gallery.remove")}
              </SubmitButton>
            </Form>
          )}
        </div>
        {olderId !== null ? (
          <Link to={photoPagePath(event.id, olderId)} className={TEXT_LINK} rel="next">
            {t("gallery.olderPhoto")}
          </Link>
        ) : (
          <span />
        )}
      </div>
    </div>
  );
}
