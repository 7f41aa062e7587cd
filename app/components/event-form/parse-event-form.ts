import {
  defaultEventEnd,
  DEFAULT_EVENT_TIME_ZONE,
  EVENT_PROBLEMS,
  eventInputSchema,
  isTimeZone,
  localDateTimeToUtc,
  venueInputSchema,
  type EventInput,
  type EventInputDraft,
  type EventProblem,
} from "#domain/event-input";
import type { EventFormValues, TicketTypeValues } from "./event-form-values";

/*
 * The event form's values as eventInputSchema's input, checked by that schema: the page runs this
 * before sending (with JavaScript) and the action runs it again, so both refuse with the same words.
 * Problems are keyed by the form's own field names ("ticketTypes.1.quantity", "venue.city",
 * "images.0.alt"), so each message lands under its field.
 */

/** Problem words beyond the schema's: the whole form could not be taken. */
export const FORM_PROBLEMS = ["form_too_large", "unexpected", "cancelled"] as const;
export type EventFormProblem = EventProblem | (typeof FORM_PROBLEMS)[number];
export type EventFormProblems = Record<string, EventFormProblem>;

/** An image file chosen in a place of the form (only its size and type matter here). */
export interface ChosenImage {
  slot: number;
  size: number;
  type: string;
}

export type ParsedEventForm =
  { ok: true; input: EventInput; imageSlots: number[] } | { ok: false; problems: EventFormProblems };

const KNOWN: ReadonlySet<string> = new Set([...EVENT_PROBLEMS, ...FORM_PROBLEMS]);

/** A word the page can translate; anything else (a future service word) reads as "invalid". */
export function eventFormProblemWord(word: string | undefined): EventFormProblem {
  return word !== undefined && KNOWN.has(word) ? (word as EventFormProblem) : "invalid";
}

/** Dollars as typed, in cents: "12.5" is 1250, "-3" is -300 (refused as negative); junk is NaN. */
export function centsOf(price: string): number | undefined {
  const text = price.trim();
  if (text === "") return undefined;
  if (!/^-?\d{1,9}(\.\d{0,2})?$/.test(text)) return Number.NaN;
  return Math.round(Number(text) * 100);
}

function integerOf(value: string): number | undefined {
  const text = value.trim();
  if (text === "") return undefined;
  return /^-?\d{1,9}$/.test(text) ? Number(text) : Number.NaN;
}

function decimalOf(value: string): number | undefined {
  const text = value.trim();
  if (text === "") return undefined;
  return /^-?\d{1,3}(\.\d{1,12})?$/.test(text) ? Number(text) : Number.NaN;
}

/** A wall-clock reading in the event's zone as an instant; text the schema refuses when it is not one. */
function instantOf(local: string, timeZone: string): Date | string | undefined {
  if (local.trim() === "") return undefined;
  return localDateTimeToUtc(local, timeZone) ?? "not-a-date";
}

function ticketTypeOf(row: TicketTypeValues, timeZone: string) {
  const id = integerOf(row.id);
  return {
    ...(id !== undefined && { id }),
    name: row.name,
    priceCents: centsOf(row.price),
    quantity: integerOf(row.quantity),
    description: row.description,
    salesStartAt: instantOf(row.salesStart, timeZone) ?? null,
    salesEndAt: instantOf(row.salesEnd, timeZone) ?? null,
  };
}

/** The places (0–2) whose image the event will have, in order: stored ones kept, and new files. */
function imageSlotsOf(values: EventFormValues, chosen: readonly ChosenImage[]): number[] {
  return values.images.flatMap((image, slot) =>
    chosen.some((file) => file.slot === slot) || (image.stored && !image.isRemoved) ? [slot] : [],
  );
}

export function parseEventForm(
  values: EventFormValues,
  chosen: readonly ChosenImage[],
  { maxImageBytes }: { maxImageBytes: number },
): ParsedEventForm {
  const problems: EventFormProblems = {};
  // Dates are read in the zone chosen; a zone that is not one is refused on its own, not on every date.
  const zone = isTimeZone(values.timeZone) ? values.timeZone : DEFAULT_EVENT_TIME_ZONE;
  const startsAt = instantOf(values.startsAt, zone);
  const endsAt = instantOf(values.endsAt, zone) ?? (startsAt instanceof Date ? defaultEventEnd(startsAt) : undefined);
  const imageSlots = imageSlotsOf(values, chosen);
  for (const file of chosen) {
    if (!file.type.startsWith("image/")) problems[`images.${file.slot}.file`] = "image_type";
    else if (file.size > maxImageBytes) problems[`images.${file.slot}.file`] = "image_too_large";
  }

  const newVenue = {
    ...values.newVenue,
    latitude: decimalOf(values.newVenue.latitude),
    longitude: decimalOf(values.newVenue.longitude),
  };
  const draft = {
    title: values.title,
    description: values.description,
    categoryId: integerOf(values.categoryId),
    language: values.language || undefined,
    isPublic: values.isPublic,
    timeZone: values.timeZone,
    startsAt,
    endsAt,
    venue: values.venueMode === "new" ? { new: newVenue } : values.venue ? { id: values.venue.id } : undefined,
    ticketTypes: values.ticketTypes.map((row) => ticketTypeOf(row, zone)),
    sponsorIds: values.sponsorIds.map(Number),
    coOrganizerEmails: values.coOrganizerEmails.split(/[\s,;]+/).filter(Boolean),
    images: imageSlots.map((slot) => ({ alt: values.images[slot]!.alt })),
  };
  const parsed = eventInputSchema.safeParse(draft as EventInputDraft);
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = formFieldOf(issue.path.map(String), imageSlots);
    problems[field] ??= eventFormProblemWord(issue.message);
  }
  // The schema compares dates only once every field is valid; the form says everything at once, so
  // an end before its start is named now rather than after the other problems are fixed.
  if (startsAt instanceof Date && endsAt instanceof Date && endsAt.getTime() <= startsAt.getTime()) {
    problems.endsAt ??= "end_before_start";
  }
  draft.ticketTypes.forEach(({ salesStartAt, salesEndAt }, index) => {
    if (salesStartAt instanceof Date && salesEndAt instanceof Date && salesEndAt.getTime() <= salesStartAt.getTime()) {
      problems[`ticketTypes.${index}.salesEnd`] ??= "sales_end_before_start";
    }
  });
  // A union reports a new venue as one problem; its own schema says which fields are wrong.
  if (values.venueMode === "new" && problems.venueId) {
    delete problems.venueId;
    const venue = venueInputSchema.safeParse(newVenue);
    for (const issue of venue.success ? [] : venue.error.issues) {
      problems[`venue.${String(issue.path[0])}`] ??= eventFormProblemWord(issue.message);
    }
  }
  if (parsed.success && Object.keys(problems).length === 0) return { ok: true, input: parsed.data, imageSlots };
  return { ok: false, problems };
}

const TICKET_TYPE_FIELD: Record<string, string> = {
  priceCents: "price",
  salesStartAt: "salesStart",
  salesEndAt: "salesEnd",
};

/**
 * The form field a schema or service path names: "venue.new.city" is "venue.city", an image's place
 * is its slot on the page (the schema counts only the images sent), a co-organizer is the list's box.
 * Paths the form has no field for are problems of the whole form.
 */
export function formFieldOf(path: readonly string[], imageSlots: readonly number[]): string {
  const [head, second, third] = path;
  switch (head) {
    case "title":
    case "description":
    case "categoryId":
    case "language":
    case "timeZone":
    case "startsAt":
    case "endsAt":
    case "sponsorIds":
    case "coOrganizerEmails":
      return head;
    case "isPublic":
      return "isPublic";
    case "venue":
      if (second === "new" && third) return `venue.${third}`;
      return "venueId";
    case "ticketTypes":
      if (second === undefined) return "ticketTypes";
      return `ticketTypes.${second}.${TICKET_TYPE_FIELD[third ?? ""] ?? third ?? "name"}`;
    case "images": {
      if (second === undefined) return "images";
      const slot = imageSlots[Number(second)] ?? Number(second);
      return third === "alt" ? `images.${slot}.alt` : `images.${slot}.file`;
    }
    default:
      return "form";
  }
}

/** A service's refusal (AppError fields, dotted paths) as the form's problems. */
export function problemsOfServiceFields(
  fields: Record<string, string> | undefined,
  imageSlots: readonly number[],
): EventFormProblems {
  const problems: EventFormProblems = {};
  for (const [path, word] of Object.entries(fields ?? {})) {
    problems[formFieldOf(path.split("."), imageSlots)] ??= eventFormProblemWord(word);
  }
  return Object.keys(problems).length > 0 ? problems : { form: "unexpected" };
}
