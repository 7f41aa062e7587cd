import { data, Form, Link, redirect } from "react-router";
import { AuthCard } from "#app/components/auth-card";
import { photoPagePath } from "#app/components/gallery/gallery-photo";
import { SubmitButton } from "#app/components/ui/submit-button";
import { TextField } from "#app/components/ui/text-field";
import { TEXT_LINK } from "#app/components/ui/text-link";
import { formatCount } from "#app/i18n/format";
import { metaTranslator } from "#app/i18n/meta";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { useTranslation } from "#app/i18n/use-translation";
import { requireViewer } from "#app/require-viewer";
import { privatePageMeta } from "#app/seo";
import {
  GALLERY_UPLOADS_PER_HOUR,
  MAX_GALLERY_ALT_LENGTH,
  MAX_GALLERY_PHOTO_BYTES,
  MAX_PHOTOS_PER_PERSON_PER_EVENT,
} from "#domain/gallery";
import type { Language } from "#domain/language";
import { parseRecordId } from "#domain/record-id";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import { formPageStatusOf } from "#server/http/error-response";
import { readFormWithin } from "#server/http/read-form";
import { addGalleryPhoto, galleryEventOf, galleryRightsOf, type GalleryUploadProblem } from "#server/services/gallery";
import { NO_STORE } from "./gallery.server";
import type { Route } from "./+types/event-photo-new";

const PROBLEM_ID = "photo-problem";
/** Room for the description and the multipart framing beside the largest accepted photo. */
const MAX_FORM_BYTES = MAX_GALLERY_PHOTO_BYTES + 64 * 1024;

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  if (!loaderData) return [];
  return privatePageMeta(matches, `${t("gallery.uploadTitle")} | ${t("app.name")}`);
}

async function galleryOf(params: { id?: string }, context: Route.LoaderArgs["context"], viewer: { userId: string }) {
  const id = parseRecordId(params.id ?? "");
  if (id === null) throw data(null, { status: 404 });
  const event = await galleryEventOf(context.db, id).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "not_found") throw data(null, { status: 404 });
    throw error;
  });
  const rights = await galleryRightsOf(context.db, viewer, event, currentTime());
  const refusal: "not_allowed" | "not_open" | "photo_limit" | null = !rights.contributor
    ? "not_allowed"
    : !rights.isOpen
      ? "not_open"
      : rights.photosLeft <= 0
        ? "photo_limit"
        : null;
  return {
    event: { id: event.id, title: event.title, language: event.language },
    refusal,
    photosLeft: rights.photosLeft,
  };
}

/**
 * `/events/{id}/photos/new`: the form that adds a photo to an event's gallery, for the people who hold a
 * ticket for it and its organizers, once it has started. Others are told why there is no form (403).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const gallery = await galleryOf(params, context, viewer);
  return data(
    { ...gallery, pageMessages: await pageMessages(negotiateLanguage(request), ["gallery"]) },
    { status: gallery.refusal === "not_allowed" ? 403 : 200, headers: NO_STORE },
  );
}

type ActionResult = { problem: GalleryUploadProblem | "invalid"; alt: string };

export async function action({ params, request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const { event, refusal } = await galleryOf(params, context, viewer);
  if (refusal === "not_allowed") throw data(null, { status: 403 });
  const form = await readFormWithin(request, MAX_FORM_BYTES);
  if (form === "too_large") return answer({ problem: "photo_too_large", alt: "" }, 413);
  const file = form?.get("file");
  const alt = form?.get("alt");
  const altText = typeof alt === "string" ? alt.slice(0, MAX_GALLERY_ALT_LENGTH * 2) : "";
  if (!form || !(file instanceof File)) return answer({ problem: "photo_type", alt: altText }, 400);
  try {
    const photo = await addGalleryPhoto(
      context.db,
      viewer,
      event.id,
      { bytes: new Uint8Array(await file.arrayBuffer()), alt },
      { now: currentTime(), uploadsDir: context.config.uploadsDir },
    );
    return redirect(photoPagePath(event.id, photo.id), { headers: NO_STORE });
  } catch (error) {
    if (!(error instanceof AppError) || error.code === "forbidden" || error.code === "not_found") throw error;
    const problem = (error.fields?.file ??
      error.fields?.alt ??
      error.fields?._ ??
      "invalid") as ActionResult["problem"];
    return answer({ problem, alt: altText }, formPageStatusOf(error));
  }
}

function answer(result: ActionResult, status: number) {
  return data(result, { status, headers: NO_STORE });
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export default function NewEventPhotoPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const { event, refusal, photosLeft } = loaderData;
  const problem = actionData?.problem ?? null;
  const back = (
    <Link to={`/events/${event.id}`} className={TEXT_LINK}>
      {t("gallery.backToEvent")}
    </Link>
  );
  const description = (
    <bdi dir="auto" lang={event.language} className="block font-semibold text-foreground">
      {event.title}
    </bdi>
  );
  if (refusal) {
    return (
      <AuthCard title={t("gallery.uploadTitle")} description={description} footer={back}>
        <p role="status" className="rounded-md bg-muted p-3 text-sm">
          {t(`gallery.refusal.${refusal}`, { max: MAX_PHOTOS_PER_PERSON_PER_EVENT })}
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("gallery.uploadTitle")} description={description} footer={back}>
      {problem && (
        <p
          id={PROBLEM_ID}
          role="alert"
          className="rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100"
        >
          {t(`gallery.errors.${problem}`, {
            max: formatCount(MAX_GALLERY_PHOTO_BYTES / 1024 / 1024, language),
            limit: MAX_PHOTOS_PER_PERSON_PER_EVENT,
          })}
        </p>
      )}
      <Form method="post" encType="multipart/form-data" className="flex flex-col gap-5">
        <div className="flex flex-col gap-1">
          <label htmlFor="photo-file" className="text-sm font-medium">
            {t("gallery.fileLabel")}
          </label>
          <input
            id="photo-file"
            name="file"
            type="file"
            required
            accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
            aria-describedby="photo-file-hint"
            aria-invalid={problem?.startsWith("photo_") ? true : undefined}
            className="text-sm file:me-3 file:rounded-md file:border file:border-border file:bg-muted file:px-3 file:py-2 file:text-sm file:font-semibold file:text-foreground"
          />
          <p id="photo-file-hint" className="text-xs text-muted-foreground">
            {t("gallery.fileHint", { max: formatCount(MAX_GALLERY_PHOTO_BYTES / 1024 / 1024, language) })}
          </p>
        </div>
        <TextField
          id="photo-alt"
          name="alt"
          label={t("gallery.altLabel")}
          hint={t("gallery.altHint", { max: formatCount(MAX_GALLERY_ALT_LENGTH, language) })}
          required
          maxLength={MAX_GALLERY_ALT_LENGTH}
          defaultValue={actionData?.alt ?? ""}
          errorId={problem?.startsWith("alt_") ? PROBLEM_ID : undefined}
        />
        <ul className="list-disc ps-5 text-sm text-muted-foreground">
          <li>{t("gallery.rules.photosOnly")}</li>
          <li>{t("gallery.rules.metadata")}</li>
          <li>
            {t("gallery.rules.limit", {
              max: MAX_PHOTOS_PER_PERSON_PER_EVENT,
              left: photosLeft,
              perHour: GALLERY_UPLOADS_PER_HOUR,
            })}
          </li>
          <li>
            {t("gallery.rules.guidelines")}{" "}
            <Link to="/community-guidelines" className={TEXT_LINK}>
              {t("gallery.rules.guidelinesLink")}
            </Link>
          </li>
        </ul>
        <SubmitButton className="w-full" pendingLabel={t("gallery.uploading")}>
          {t("gallery.upload")}
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
