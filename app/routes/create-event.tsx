import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { EventForm } from "#app/components/event-form/event-form";
import { prefilledEventFormValues } from "#app/components/event-form/event-form-prefill";
import { EVENT_FORM_HEADERS, eventFormChoices, readEventForm, refusalOf } from "./event-form-action.server";
import { FIELD, isHelperIntent, newEventFormValues } from "#app/components/event-form/event-form-values";
import { metaTranslator } from "#app/i18n/meta";
import { privatePageMeta } from "#app/seo";
import { useTranslation } from "#app/i18n/use-translation";
import { requireViewer } from "#app/require-viewer";
import { currentTime } from "#server/clock";
import { createEvent } from "#server/services/event-authoring";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import type { Route } from "./+types/create-event";

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return privatePageMeta(matches, `${t("eventForm.createMetaTitle")} | ${t("app.name")}`);
}

/**
 * /create: a new event, for anyone signed in (visitors go to /signin and come back here). The address may
 * fill the form (title, eventType, date, ticketTypes.N.name/price/quantity: the planning tools' "Price my
 * tickets"); a bad part of it is left out.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireViewer(request, context);
  const choices = await eventFormChoices(context);
  const params = new URL(request.url).searchParams;
  return data(
    {
      choices,
      prefill: params.size > 0 ? prefilledEventFormValues(params, choices.categories) : null,
      pageMessages: await pageMessages(negotiateLanguage(request), ["eventForm", "sponsorships"]),
    },
    { headers: EVENT_FORM_HEADERS },
  );
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return isHelperIntent(formData?.get(FIELD.intent)) ? false : defaultShouldRevalidate;
}

/**
 * Creates the event as a draft or published at once. A published event opens on its own page; a
 * draft opens in its edit page, which says it was saved.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const read = await readEventForm(request, context.db, undefined, ["draft", "publish"]);
  if (read.kind === "answer") return data(read.answer, { status: read.status, headers: EVENT_FORM_HEADERS });
  const { ready } = read;
  const uploads = ready.imageSlots.map((slot) => ({
    bytes: ready.files.get(slot) ?? new Uint8Array(),
    alt: ready.values.images[slot]!.alt,
  }));
  const isPublishing = ready.intent === "publish";
  let created: { id: number };
  try {
    created = await createEvent(context.db, viewer, ready.input, uploads, {
      now: currentTime(),
      uploadsDir: context.config.uploadsDir,
      siteUrl: context.config.publicUrl,
      publish: isPublishing,
    });
  } catch (error) {
    const refusal = refusalOf(error, ready);
    if (refusal) return refusal;
    throw error;
  }
  return redirect(isPublishing ? `/events/${created.id}` : `/events/${created.id}/edit?saved=draft`, {
    headers: EVENT_FORM_HEADERS,
  });
}

export default function CreateEventPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">{t("eventForm.createTitle")}</h1>
        <p className="text-muted-foreground">{t("eventForm.createIntro")}</p>
      </div>
      <EventForm
        kind="create"
        isOrganizer
        values={actionData?.values ?? loaderData.prefill ?? newEventFormValues()}
        problems={actionData?.problems ?? {}}
        venueMatches={actionData?.venueMatches ?? null}
        preview={actionData?.preview ?? null}
        sold={{}}
        choices={loaderData.choices}
      />
    </div>
  );
}
