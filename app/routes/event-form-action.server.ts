import { data } from "react-router";
import { EVENT_DESCRIPTION_MAX, MAX_EVENT_IMAGES, type EventInput } from "#domain/event-input";
import type { Database } from "#server/db/client";
import { AppError } from "#server/errors";
import { readFormWithin } from "#server/http/read-form";
import { MAX_EVENT_IMAGE_BYTES } from "#server/images/event-images";
import { renderMarkdown } from "#server/services/markdown";
import { listEventFormOptions } from "#server/services/event-authoring";
import { searchVenues } from "#server/services/venues";
import {
  emptyTicketType,
  eventFormValuesOf,
  FIELD,
  imageFileName,
  INTENTS,
  type EventFormValues,
  type ImageSlotValues,
  type VenueOption,
} from "#app/components/event-form/event-form-values";
import type { EventFormChoices } from "#app/components/event-form/event-form";
import {
  parseEventForm,
  problemsOfServiceFields,
  type ChosenImage,
  type EventFormProblems,
} from "#app/components/event-form/parse-event-form";

/*
 * The server half of the event form, shared by /create and /events/:id/edit: reads the multipart
 * body (files included, within a size limit), answers the form's helper buttons (Markdown preview,
 * venue search, a ticket type row more or less) and checks a submission with the same parser the
 * page runs, so the route only calls the service and decides where to go next.
 */

/** Room for the text fields and multipart framing beside three pictures of the largest size accepted. */
export const EVENT_FORM_MAX_BYTES = MAX_EVENT_IMAGES * MAX_EVENT_IMAGE_BYTES + 256 * 1024;
export const EVENT_FORM_HEADERS = { "Cache-Control": "private, no-store" };

/** A submission that asks to save: draft, publish, or save a published event's changes. */
export type SaveIntent = typeof INTENTS.draft | typeof INTENTS.publish | typeof INTENTS.save;

/** What the page shows again after a helper button or a refusal (nothing typed is lost). */
export interface EventFormAnswer {
  values: EventFormValues;
  problems: EventFormProblems;
  venueMatches: VenueOption[] | null;
  preview: string | null;
}

export interface ReadySubmission {
  intent: SaveIntent;
  input: EventInput;
  values: EventFormValues;
  /** The image places (0–2) the event will have, in order. */
  imageSlots: number[];
  /** New files by image place. */
  files: Map<number, Uint8Array>;
}

export type ReadEventForm =
  { kind: "answer"; answer: EventFormAnswer; status: number } | { kind: "save"; ready: ReadySubmission };

const SAVE_INTENTS: readonly string[] = [INTENTS.draft, INTENTS.publish, INTENTS.save];

/** Files chosen in the image places: a place left empty still sends a nameless, empty part. */
function chosenFiles(form: FormData): Map<number, File> {
  const files = new Map<number, File>();
  for (let slot = 0; slot < MAX_EVENT_IMAGES; slot += 1) {
    const value = form.get(imageFileName(slot));
    if (value instanceof File && value.size > 0) files.set(slot, value);
  }
  return files;
}

export function venueOptionOf(venue: { id: number; name: string; address: string; city: string }): VenueOption {
  return { id: venue.id, name: venue.name, address: venue.address, city: venue.city };
}

async function findVenues(db: Database, query: string): Promise<VenueOption[]> {
  return (await searchVenues(db, query)).map(venueOptionOf);
}

function previewOf(description: string): string | null {
  const text = description.slice(0, EVENT_DESCRIPTION_MAX);
  return text.trim() === "" ? null : renderMarkdown(text);
}

/**
 * Reads a post of the event form. `stored` are the event's pictures by place (edit), which the form
 * only names. Helper buttons and refused submissions come back as an answer to show.
 */
export async function readEventForm(
  request: Request,
  db: Database,
  stored: ImageSlotValues[] | undefined,
  allowedIntents: readonly SaveIntent[],
): Promise<ReadEventForm> {
  const form = await readFormWithin(request, EVENT_FORM_MAX_BYTES);
  if (!(form instanceof FormData)) {
    const values = eventFormValuesOf(new FormData(), stored);
    const problem = form === "too_large" ? "form_too_large" : "unexpected";
    return { kind: "answer", status: form === "too_large" ? 413 : 400, answer: answerOf(values, { form: problem }) };
  }
  const values = eventFormValuesOf(form, stored);
  const intent = String(form.get(FIELD.intent) ?? "");

  if (intent === INTENTS.preview) {
    return { kind: "answer", status: 200, answer: { ...answerOf(values), preview: previewOf(values.description) } };
  }
  if (intent === INTENTS.findVenue) {
    const venueMatches = values.venueQuery.trim() === "" ? [] : await findVenues(db, values.venueQuery);
    return { kind: "answer", status: 200, answer: { ...answerOf(values), venueMatches } };
  }
  if (intent === INTENTS.addTicketType) {
    values.ticketTypes.push(emptyTicketType());
    return { kind: "answer", status: 200, answer: answerOf(values) };
  }
  if (intent.startsWith(`${INTENTS.removeTicketType}:`)) {
    const index = Number(intent.slice(INTENTS.removeTicketType.length + 1));
    if (Number.isInteger(index) && values.ticketTypes.length > 1) values.ticketTypes.splice(index, 1);
    return { kind: "answer", status: 200, answer: answerOf(values) };
  }
  if (!SAVE_INTENTS.includes(intent) || !allowedIntents.includes(intent as SaveIntent)) {
    return { kind: "answer", status: 400, answer: answerOf(values, { form: "unexpected" }) };
  }

  const files = chosenFiles(form);
  const chosen: ChosenImage[] = [...files].map(([slot, file]) => ({ slot, size: file.size, type: file.type }));
  const parsed = parseEventForm(values, chosen, { maxImageBytes: MAX_EVENT_IMAGE_BYTES });
  if (!parsed.ok) return { kind: "answer", status: 400, answer: answerOf(values, parsed.problems) };
  const bytes = new Map<number, Uint8Array>();
  for (const [slot, file] of files) {
    if (parsed.imageSlots.includes(slot)) bytes.set(slot, new Uint8Array(await file.arrayBuffer()));
  }
  return {
    kind: "save",
    ready: { intent: intent as SaveIntent, input: parsed.input, values, imageSlots: parsed.imageSlots, files: bytes },
  };
}

function answerOf(values: EventFormValues, problems: EventFormProblems = {}): EventFormAnswer {
  return { values, problems, venueMatches: null, preview: null };
}

/** The page again with the problems a service found (or the form's own), as the action's answer. */
export function refusedAnswer(values: EventFormValues, problems: EventFormProblems, status = 400) {
  return data(answerOf(values, problems), { status, headers: EVENT_FORM_HEADERS });
}

/**
 * A service's refusal as the page's answer: field problems under their fields, a cancelled event as
 * a problem of the whole form. Other errors are not the organizer's to fix and go on up.
 */
export function refusalOf(error: unknown, ready: ReadySubmission) {
  if (error instanceof AppError && error.code === "invalid") {
    return refusedAnswer(ready.values, problemsOfServiceFields(error.fields, ready.imageSlots));
  }
  // Too many co-organizer invitations today: the list's box says so, and nothing was saved.
  if (error instanceof AppError && error.code === "rate_limited") {
    return refusedAnswer(ready.values, problemsOfServiceFields(error.fields, ready.imageSlots), 429);
  }
  if (error instanceof AppError && error.code === "conflict") {
    return refusedAnswer(ready.values, { form: "cancelled" }, 409);
  }
  return null;
}

/** Every IANA zone the runtime knows, once: the time zone select's options. */
let timeZones: readonly string[] | null = null;
function knownTimeZones(): readonly string[] {
  timeZones ??= Intl.supportedValuesOf("timeZone");
  return timeZones;
}

/** What the form offers to choose from: categories, sponsors, zones, the map's tiles and the size limit. */
export async function eventFormChoices(context: {
  db: Database;
  config: { mapTiles: { url: string; attribution: string } | null };
}): Promise<EventFormChoices> {
  const options = await listEventFormOptions(context.db);
  const tiles = context.config.mapTiles;
  return {
    categories: options.categories,
    sponsors: options.sponsors,
    timeZones: knownTimeZones(),
    tiles: tiles && { url: tiles.url, attribution: tiles.attribution },
    maxImageBytes: MAX_EVENT_IMAGE_BYTES,
  };
}
