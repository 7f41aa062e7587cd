import { ArrowLeft } from "lucide-react";
import { data, Link, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { EventForm, type EventFormKind } from "#app/components/event-form/event-form";
import {
  EVENT_FORM_HEADERS,
  eventFormChoices,
  readEventForm,
  refusalOf,
  refusedAnswer,
  type SaveIntent,
} from "./event-form-action.server";
import { FIELD, isHelperIntent } from "#app/components/event-form/event-form-values";
import { editableFormValues, storedImageSlots, ticketTypeSalesOf } from "#app/components/event-form/editable-values";
import { asEventStaff, staffEventId } from "./event-staff-page.server";
import { metaTranslator } from "#app/i18n/meta";
import { privatePageMeta } from "#app/seo";
import { useTranslation } from "#app/i18n/use-translation";
import { requireViewer } from "#app/require-viewer";
import { currentTime } from "#server/clock";
import {
  getEventForEditing,
  updateEvent,
  type EditableEvent,
  type EventImageChange,
} from "#server/services/event-authoring";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import type { Route } from "./+types/edit-event";

/** What `?saved=` may say after a redirect here: the notice the page shows once. */
const SAVED_NOTICES = ["draft", "changes", "duplicated"] as const;
type SavedNotice = (typeof SAVED_NOTICES)[number];

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return privatePageMeta(matches, `${t("eventForm.editMetaTitle")} | ${t("app.name")}`);
}

/** The buttons an event's form ends with, and so the saves its action accepts. */
function saveIntentsOf(event: Pick<EditableEvent, "status">): SaveIntent[] {
  if (event.status === "published") return ["save"];
  if (event.status === "draft") return ["draft", "publish"];
  return [];
}

function formKindOf(event: Pick<EditableEvent, "status">): EventFormKind {
  return event.status === "published" ? "editPublished" : "editDraft";
}

/**
 * /events/:id/edit: the event's form for its organizer and co-organizers, with what each ticket type
 * has sold. Anyone else gets the same 404 as for an event that does not exist.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const eventId = staffEventId(params);
  const event = await asEventStaff(() => getEventForEditing(context.db, viewer, eventId, currentTime()));
  const saved = new URL(request.url).searchParams.get("saved");
  return data(
    {
      event: { id: event.id, title: event.title, status: event.status, role: event.role },
      values: editableFormValues(event),
      pendingInvitations: event.coOrganizerInvitations.map(({ email, expiresAt }) => ({
        email,
        expiresAt: expiresAt.toISOString(),
      })),
      sold: ticketTypeSalesOf(event),
      sponsorApprovals: event.sponsorApprovals,
      saved: (SAVED_NOTICES as readonly string[]).includes(saved ?? "") ? (saved as SavedNotice) : null,
      choices: await eventFormChoices(context),
      // New after every load: a saved form starts again from what was stored (new rows get their ids).
      formKey: crypto.randomUUID(),
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
 * Saves the form over the event (and puts a draft on sale when asked). A ticket type's quantity below
 * what it has sold or held, or its price below what a holder paid, comes back as that field's problem;
 * a published event's holders hear of a new date or venue from the service.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const eventId = staffEventId(params);
  const event = await asEventStaff(() => getEventForEditing(context.db, viewer, eventId));
  const read = await readEventForm(request, context.db, storedImageSlots(event), saveIntentsOf(event));
  if (read.kind === "answer") return data(read.answer, { status: read.status, headers: EVENT_FORM_HEADERS });
  const { ready } = read;
  const now = currentTime();
  const isPublishing = ready.intent === "publish";
  if (isPublishing && ready.input.endsAt.getTime() <= now.getTime()) {
    return refusedAnswer(ready.values, { endsAt: "in_the_past" });
  }
  const images: EventImageChange = ready.imageSlots.map((slot) => {
    const alt = ready.values.images[slot]!.alt;
    const bytes = ready.files.get(slot);
    return bytes ? { bytes, alt } : { position: event.images[slot]!.position, alt };
  });
  try {
    await asEventStaff(() =>
      updateEvent(context.db, viewer, eventId, ready.input, images, {
        now,
        uploadsDir: context.config.uploadsDir,
        siteUrl: context.config.publicUrl,
        publish: isPublishing,
      }),
    );
  } catch (error) {
    const refusal = refusalOf(error, ready);
    if (refusal) return refusal;
    throw error;
  }
  const next = isPublishing
    ? `/events/${eventId}`
    : `/events/${eventId}/edit?saved=${ready.intent === "draft" ? "draft" : "changes"}`;
  return redirect(next, { headers: EVENT_FORM_HEADERS });
}

export default function EditEventPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { event, values, sold, saved, choices, formKey, pendingInvitations } = loaderData;
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8">
      <div className="flex flex-col gap-2">
        <Link
          to={`/events/${event.id}`}
          className="inline-flex items-center gap-1 self-start text-sm underline-offset-4 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="h-4 w-4 rtl:rotate-180" />
          {t("eventForm.backToEvent")}
        </Link>
        <h1 className="text-3xl font-bold">{t("eventForm.editTitle")}</h1>
        <p className="text-lg">{event.title}</p>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span>{t("eventForm.statusLine", { status: t(`myEvents.status.${event.status}`) })}</span>
          <Link to={`/events/${event.id}/orders`} className="underline underline-offset-2">
            {t("myEvents.orders")}
          </Link>
        </p>
      </div>
      {/* Once the form is sent again, its answer replaces the notice of the last save. */}
      {saved && !actionData && (
        <p role="status" className="rounded-md border border-border bg-muted p-4 text-sm">
          {t(`eventForm.saved.${saved}`)}
        </p>
      )}
      {event.status === "cancelled" ? (
        <p className="rounded-md border border-border p-4">{t("eventForm.cancelledNote")}</p>
      ) : (
        <EventForm
          key={formKey}
          kind={formKindOf(event)}
          isOrganizer={event.role === "organizer"}
          values={actionData?.values ?? values}
          problems={actionData?.problems ?? {}}
          venueMatches={actionData?.venueMatches ?? null}
          preview={actionData?.preview ?? null}
          sold={sold}
          choices={choices}
          pendingInvitations={pendingInvitations}
          sponsorApprovals={loaderData.sponsorApprovals}
        />
      )}
    </div>
  );
}
