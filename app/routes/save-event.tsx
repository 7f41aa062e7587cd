import { data, Form, redirect } from "react-router";
import { SubmitButton } from "#app/components/ui/submit-button";
import { metaTranslator } from "#app/i18n/meta";
import { useTranslation } from "#app/i18n/use-translation";
import { requireViewer } from "#app/require-viewer";
import { privatePageMeta } from "#app/seo";
import { sameSitePath } from "#domain/next-path";
import { parseRecordId } from "#domain/record-id";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import { readSmallForm } from "#server/http/read-form";
import { saveEvent, unsaveEvent } from "#server/services/saves-follows";
import { getEventDetail } from "#server/services/event-detail";
import { isSameSiteNavigation, PRIVATE, savesFollowsMessages } from "./saves-follows.server";
import type { Route } from "./+types/save-event";

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return privatePageMeta(matches, `${t("savesFollows.confirmSaveHeading")} | ${t("app.name")}`);
}

function eventIdOf(params: { id: string }): number {
  const id = parseRecordId(params.id);
  if (id === null) throw data(null, { status: 404 });
  return id;
}

/**
 * The heart's form (intent save or unsave, and the page to come back to). A visitor is sent to sign in
 * and brought back here (the loader) to finish saving. With `respond=data` the answer is data, not a
 * redirect (for a script that sends it itself).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const eventId = eventIdOf(params);
  const form = await readSmallForm(request);
  if (form === "too_large") return data({ saved: null }, { status: 413 });
  const intent = form?.get("intent");
  if (intent !== "save" && intent !== "unsave") return data({ saved: null }, { status: 400 });
  const back = sameSitePath(form?.get("back"), `/events/${eventId}`);
  if (!context.viewer) {
    const finish = intent === "save" ? `/events/${eventId}/save?back=${encodeURIComponent(back)}` : back;
    throw redirect(`/signin?next=${encodeURIComponent(finish)}`);
  }
  try {
    if (intent === "save") await saveEvent(context.db, context.viewer, eventId, currentTime());
    else await unsaveEvent(context.db, context.viewer, eventId);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") throw data(null, { status: 404 });
    throw error;
  }
  if (form?.get("respond") === "data") return data({ saved: intent === "save" }, { headers: PRIVATE });
  throw redirect(back);
}

/**
 * Where sign-in brings a visitor who clicked a heart: the save is finished and they go back to the
 * page they were on. Reached from another site (a link someone sent), it asks first, so no other
 * site can make a signed-in person save something.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const eventId = eventIdOf(params);
  const viewer = requireViewer(request, context);
  const back = sameSitePath(new URL(request.url).searchParams.get("back"), `/events/${eventId}`);
  const now = currentTime();
  if (isSameSiteNavigation(request)) {
    try {
      await saveEvent(context.db, viewer, eventId, now);
    } catch (error) {
      if (error instanceof AppError && error.code === "not_found") throw data(null, { status: 404 });
      throw error;
    }
    throw redirect(back);
  }
  const event = await getEventDetail(context.db, eventId, now);
  if (!event) throw data(null, { status: 404 });
  return data(
    { eventId, title: event.title, back, pageMessages: await savesFollowsMessages(request) },
    { headers: PRIVATE },
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export default function SaveEventPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-12">
      <h1 className="text-2xl font-bold">{t("savesFollows.confirmSaveHeading")}</h1>
      <p dir="auto" className="text-lg">
        {loaderData.title}
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="back" value={loaderData.back} />
        <SubmitButton>{t("savesFollows.confirmSave")}</SubmitButton>
      </Form>
    </div>
  );
}
