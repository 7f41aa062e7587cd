import { z } from "zod";
import { parseEmailAddress } from "./email-address";
import { DEFAULT_EVENT_LENGTH_MS, defaultEndsAt } from "./event";
import { LANGUAGES } from "./language";
import { isWellFormedText } from "./text";
import { localDateTimeIn, parseIsoDay, zonedTimeToUtc } from "./time";

/*
 * What an organizer types to create or edit an event: ONE schema for the API (JSON), the form action
 * (multipart, turned into this shape) and the client form. Zod messages are the stable problem words
 * below, which the UI translates; what only the database can tell (an unknown category, venue, sponsor
 * or person, a quantity below what is sold, a price below what a holder paid) is reported by the
 * services with the same words.
 */

export const EVENT_TITLE_MAX = 120;
export const EVENT_DESCRIPTION_MAX = 10_000;
export const MAX_EVENT_IMAGES = 3;
export const MAX_TICKET_TYPES = 20;
export const MAX_TICKET_QUANTITY = 100_000;
export const MAX_EVENT_SPONSORS = 10;
export const MAX_CO_ORGANIZERS = 10;
export const DEFAULT_EVENT_TIME_ZONE = "America/New_York";
/** The length the form gives an event when only its start is chosen (domain/event.ts's rule). */
export const DEFAULT_EVENT_HOURS = DEFAULT_EVENT_LENGTH_MS / (60 * 60 * 1000);

/** Longest accepted text per field (beside the title and description). */
export const EVENT_TEXT_LIMITS = {
  ticketTypeName: 80,
  ticketTypeDescription: 500,
  imageAlt: 200,
  venueName: 120,
  venueAddress: 200,
  venueCity: 80,
  venueState: 80,
  venueCountry: 80,
  venueZipCode: 20,
} as const;

/** Every word a field of the event form can be refused with (fields map values of AppError "invalid"). */
export const EVENT_PROBLEMS = [
  "required",
  "invalid",
  "too_long",
  "too_many",
  "end_before_start",
  "price_negative",
  "quantity_too_small",
  "quantity_too_large",
  "below_sold",
  "below_paid_price",
  "has_sales",
  "unknown_category",
  "unknown_venue",
  "unknown_sponsor",
  "too_many_invitations",
  "organizer_only",
  "invalid_time_zone",
  "image_too_large",
  "image_type",
  "alt_required",
  "too_many_images",
  "sales_end_before_start",
  "in_the_past",
] as const;
export type EventProblem = (typeof EVENT_PROBLEMS)[number];

/** A missing value is "required"; a value of the wrong kind is "invalid". */
const requiredOrInvalid = (issue: { input?: unknown }): EventProblem =>
  issue.input === undefined || issue.input === null || issue.input === "" ? "required" : "invalid";

/** Text a person must fill: trimmed, not empty, within `max`. */
const requiredText = (max: number) =>
  z
    .string({ error: requiredOrInvalid })
    .trim()
    .min(1, "required")
    .max(max, "too_long")
    .refine(isWellFormedText, "invalid");

/** Text a person may leave empty: trimmed, and left out rather than "". */
const optionalText = (max: number) =>
  z
    .string({ error: "invalid" })
    .trim()
    .max(max, "too_long")
    .refine(isWellFormedText, "invalid")
    .transform((value) => value || undefined)
    .optional();

/** Database ids are positive 32-bit integers. */
const recordId = z.int({ error: requiredOrInvalid }).min(1, "invalid").max(2_147_483_647, "invalid");

/** The years an event's dates and sales windows may fall in: anything else is a typing slip. */
export const EVENT_YEARS = { first: 2000, last: 2100 } as const;

/** Whether `instant` falls within EVENT_YEARS (in UTC). */
export function isWithinEventYears(instant: Date): boolean {
  const year = instant.getUTCFullYear();
  return year >= EVENT_YEARS.first && year <= EVENT_YEARS.last;
}

/**
 * An instant, sent as ISO 8601 with an offset ("2026-12-01T19:00:00-05:00", "…Z"); a Date is taken as
 * it is, so the form action and the client can pass what localDateTimeToUtc gives them. A string that
 * is not one aborts: zod would otherwise still run the objects' refinements, which compare Dates, on it.
 */
const instantSchema = z
  .preprocess(
    (value) => (value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString() : value),
    z.iso.datetime({ offset: true, error: requiredOrInvalid, abort: true }),
  )
  .transform((value) => new Date(value))
  .refine(isWithinEventYears, "invalid");

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  if (!timeZone || !/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(timeZone)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

export const ticketTypeInputSchema = z
  .object({
    /** An existing type of the event being edited; absent for a new one. */
    id: recordId.optional(),
    name: requiredText(EVENT_TEXT_LIMITS.ticketTypeName),
    priceCents: z.int({ error: requiredOrInvalid }).min(0, "price_negative").max(100_000_000, "invalid"),
    quantity: z
      .int({ error: requiredOrInvalid })
      .min(1, "quantity_too_small")
      .max(MAX_TICKET_QUANTITY, "quantity_too_large"),
    description: optionalText(EVENT_TEXT_LIMITS.ticketTypeDescription),
    /** When it goes on sale and stops selling; absent or null: from publication until the event ends. */
    salesStartAt: instantSchema.nullable().optional(),
    salesEndAt: instantSchema.nullable().optional(),
  })
  .strict()
  .superRefine((type, context) => {
    if (type.salesStartAt && type.salesEndAt && type.salesEndAt.getTime() <= type.salesStartAt.getTime()) {
      context.addIssue({ code: "custom", path: ["salesEndAt"], message: "sales_end_before_start" });
    }
  });
export type TicketTypeInput = z.infer<typeof ticketTypeInputSchema>;

export const venueInputSchema = z
  .object({
    name: requiredText(EVENT_TEXT_LIMITS.venueName),
    address: requiredText(EVENT_TEXT_LIMITS.venueAddress),
    city: requiredText(EVENT_TEXT_LIMITS.venueCity),
    state: requiredText(EVENT_TEXT_LIMITS.venueState),
    country: requiredText(EVENT_TEXT_LIMITS.venueCountry),
    zipCode: requiredText(EVENT_TEXT_LIMITS.venueZipCode),
    /** The pin dropped on the map. */
    latitude: z.number({ error: requiredOrInvalid }).min(-90, "invalid").max(90, "invalid"),
    longitude: z.number({ error: requiredOrInvalid }).min(-180, "invalid").max(180, "invalid"),
  })
  .strict();
export type VenueInput = z.infer<typeof venueInputSchema>;

/** An existing venue by id, or a new one to add. */
export const eventVenueInputSchema = z.union(
  [z.object({ id: recordId }).strict(), z.object({ new: venueInputSchema }).strict()],
  { error: requiredOrInvalid },
);
export type EventVenueInput = z.infer<typeof eventVenueInputSchema>;

/** An image's metadata; its file travels separately (multipart), checked by server/images/event-images.ts. */
export const eventImageInputSchema = z
  .object({
    alt: z
      .string({ error: "alt_required" })
      .trim()
      .min(1, "alt_required")
      .max(EVENT_TEXT_LIMITS.imageAlt, "too_long")
      .refine(isWellFormedText, "invalid"),
  })
  .strict();

const coOrganizerEmailSchema = z.string({ error: requiredOrInvalid }).transform((value, context) => {
  const parsed = parseEmailAddress(value.trim());
  if (parsed.ok) return parsed.email;
  context.addIssue({ code: "custom", message: parsed.problem === "required" ? "required" : "invalid" });
  return z.NEVER;
});

export const eventInputSchema = z
  .object({
    title: requiredText(EVENT_TITLE_MAX),
    /** Markdown, rendered safely on the event page (server/services/markdown.ts). */
    description: requiredText(EVENT_DESCRIPTION_MAX),
    categoryId: recordId,
    language: z.enum(LANGUAGES, { error: requiredOrInvalid }).default("en"),
    isPublic: z.boolean({ error: "invalid" }).default(true),
    timeZone: z
      .string({ error: "invalid_time_zone" })
      .trim()
      .refine(isTimeZone, "invalid_time_zone")
      .default(DEFAULT_EVENT_TIME_ZONE),
    startsAt: instantSchema,
    /** Required here; the form proposes defaultEventEnd(start) (start + 3 h). */
    endsAt: instantSchema,
    venue: eventVenueInputSchema,
    ticketTypes: z
      .array(ticketTypeInputSchema, { error: requiredOrInvalid })
      .min(1, "required")
      .max(MAX_TICKET_TYPES, "too_many"),
    sponsorIds: z
      .array(recordId, { error: "invalid" })
      .max(MAX_EVENT_SPONSORS, "too_many")
      .default([])
      .transform((ids) => [...new Set(ids)]),
    coOrganizerEmails: z
      .array(coOrganizerEmailSchema, { error: "invalid" })
      .max(MAX_CO_ORGANIZERS, "too_many")
      .default([])
      .transform((emails) => [...new Set(emails)]),
    images: z.array(eventImageInputSchema, { error: "invalid" }).max(MAX_EVENT_IMAGES, "too_many_images").default([]),
  })
  .strict()
  .superRefine((event, context) => {
    if (event.endsAt.getTime() <= event.startsAt.getTime()) {
      context.addIssue({ code: "custom", path: ["endsAt"], message: "end_before_start" });
    }
  });
export type EventInput = z.infer<typeof eventInputSchema>;
/** What a client sends (dates as ISO strings or Dates, defaults not yet applied). */
export type EventInputDraft = z.input<typeof eventInputSchema>;

const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant at which clocks in `timeZone` read `local` ("2026-12-01T19:00", as an
 * `<input type="datetime-local">` gives it); null when either is not valid.
 */
export function localDateTimeToUtc(local: string, timeZone: string): Date | null {
  const match = LOCAL_DATE_TIME.exec(local.trim());
  if (!match || !isTimeZone(timeZone)) return null;
  const date = parseIsoDay(match[1]!);
  const [hour, minute] = [Number(match[2]), Number(match[3])];
  if (!date || hour > 23 || minute > 59) return null;
  if (date.year < EVENT_YEARS.first || date.year > EVENT_YEARS.last) return null;
  return zonedTimeToUtc({ ...date, hour, minute }, timeZone);
}

/** What an `<input type="datetime-local">` shows for `instant` in `timeZone`: "2026-12-01T19:00". */
export function utcToLocalDateTime(instant: Date, timeZone: string): string {
  const local = localDateTimeIn(instant, timeZone);
  const two = (value: number) => String(value).padStart(2, "0");
  return `${String(local.year).padStart(4, "0")}-${two(local.month)}-${two(local.day)}T${two(local.hour)}:${two(local.minute)}`;
}

/** The end the form proposes when only the start is chosen: the rule of domain/event.ts (start + 3 h). */
export function defaultEventEnd(startsAt: Date): Date {
  return defaultEndsAt(startsAt);
}
