import { z } from "zod";
import { EVENT_PROBLEMS, EVENT_TEXT_LIMITS, eventInputSchema, MAX_EVENT_IMAGES } from "#domain/event-input";
import { LANGUAGES } from "#domain/language";
import { MAX_EVENT_IMAGE_BYTES } from "#server/images/event-images";
import { venue } from "./event-schemas";
import { count, id, instant } from "./schema-primitives";

/*
 * The OpenAPI side of /api/v1/my/events (my-events.ts): the answers as editableEventJson, myEventJson
 * and venueJson write them, with examples, and the request bodies generated from eventInputSchema.
 * server/api/openapi-document.ts spreads these into its components.
 */

const status = z.enum(["draft", "published", "cancelled"]);
const role = z
  .enum(["organizer", "co_organizer"])
  .describe(
    "What the caller is to the event. Both edit, publish, duplicate, cancel, see sales and promote it; only the " +
      "organizer changes who co-organizes it.",
  );

const myEvent = z.object({
  id,
  url: z.string().describe("The event's page on this site, a path."),
  title: z.string(),
  status,
  role,
  startsAt: instant,
  endsAt: instant,
  timeZone: z.string(),
  sold: count.describe("Tickets held or bought, over all ticket types."),
  capacity: count,
  revenueCents: count.describe("What confirmed orders paid, in cents."),
  isPast: z.boolean(),
});

const editableTicketType = z.object({
  id,
  name: z.string(),
  description: z.string().nullable(),
  priceCents: count,
  quantity: count,
  sold: count.describe("Held or bought: the quantity cannot be set below it."),
  hasOrders: z.boolean().describe("Orders name it: it cannot be removed."),
  salesStartAt: instant.nullable().describe("When it goes on sale; null: from publication."),
  salesEndAt: instant.nullable().describe("When it stops selling; null: until the event ends."),
});

const editableEvent = z.object({
  id,
  url: z.string().describe("The event's page on this site, a path (drafts have none yet: 404 until published)."),
  role,
  status,
  title: z.string(),
  description: z.string().describe("Markdown."),
  categoryId: id,
  language: z.enum(LANGUAGES),
  isPublic: z.boolean(),
  timeZone: z.string().describe("The IANA time zone the event happens in."),
  startsAt: instant,
  endsAt: instant,
  venue,
  ticketTypes: z.array(editableTicketType),
  sponsorIds: z.array(id),
  coOrganizerEmails: z
    .array(z.string())
    .describe(
      "Co-organizers' addresses and invited addresses not answered yet. PUT the list back to keep them; an " +
        "address left out stops co-organizing (or has its invitation withdrawn), a new one is sent an invitation " +
        "by e-mail, whether or not it has an account: the answer is the same.",
    ),
  coOrganizerInvitations: z
    .array(z.object({ email: z.string(), expiresAt: instant }))
    .describe("The invitations not answered yet: nobody is a co-organizer before accepting theirs."),
  images: z
    .array(
      z.object({
        position: z
          .int()
          .min(0)
          .max(MAX_EVENT_IMAGES - 1)
          .describe("0 is the cover."),
        alt: z.string(),
        sources: z.array(z.object({ width: z.int().min(1), url: z.string().describe("A WebP file under /uploads.") })),
      }),
    )
    .max(MAX_EVENT_IMAGES),
});

const cancellation = z.object({
  refundsQueued: count.describe("Paid orders whose refund was queued (a job each)."),
  registrationsCancelled: count.describe("Free registrations cancelled."),
  holdsReleased: count.describe("Pending orders released."),
});

const EXAMPLE_VENUE = {
  id: 3,
  name: "The Anthem",
  address: "901 Wharf St SW",
  city: "Washington",
  state: "DC",
  country: "US",
  zipCode: "20024",
  latitude: 38.8799,
  longitude: -77.0259,
};

const EXAMPLE_EVENT = {
  id: 142,
  url: "/events/142",
  role: "organizer",
  status: "draft",
  title: "Jazz on the Wharf",
  description: "An evening of **jazz** by the water.",
  categoryId: 1,
  language: "en",
  isPublic: true,
  timeZone: "America/New_York",
  startsAt: "2026-12-12T00:00:00.000Z",
  endsAt: "2026-12-12T03:00:00.000Z",
  venue: EXAMPLE_VENUE,
  ticketTypes: [
    {
      id: 501,
      name: "General Admission",
      description: null,
      priceCents: 2500,
      quantity: 200,
      sold: 0,
      hasOrders: false,
      salesStartAt: null,
      salesEndAt: null,
    },
    {
      id: 502,
      name: "VIP",
      description: "Front tables and a drink.",
      priceCents: 9000,
      quantity: 20,
      sold: 0,
      hasOrders: false,
      salesStartAt: "2026-11-25T14:00:00.000Z",
      salesEndAt: "2026-12-11T23:00:00.000Z",
    },
  ],
  sponsorIds: [2],
  coOrganizerEmails: ["ada@example.org", "yonas@example.org"],
  coOrganizerInvitations: [{ email: "yonas@example.org", expiresAt: "2026-11-27T18:00:00.000Z" }],
  images: [
    {
      position: 0,
      alt: "A trumpet player on a stage lit in blue",
      sources: [480, 960, 1440].map((width) => ({
        width,
        url: `/uploads/events/5f0c8a2e3d1b4c7a9e6f2b8d-${width}.webp`,
      })),
    },
  ],
};

export const MY_EVENT_NAMED_SCHEMAS = {
  MyEventList: z.object({ data: z.array(myEvent) }).meta({
    description:
      "The events the caller organizes or co-organizes: upcoming ones soonest first, then past ones latest first.",
    examples: [
      {
        data: [
          {
            id: 142,
            url: "/events/142",
            title: "Jazz on the Wharf",
            status: "published",
            role: "organizer",
            startsAt: "2026-12-12T00:00:00.000Z",
            endsAt: "2026-12-12T03:00:00.000Z",
            timeZone: "America/New_York",
            sold: 37,
            capacity: 220,
            revenueCents: 112500,
            isPast: false,
          },
        ],
      },
    ],
  }),
  EditableEventResponse: z.object({ data: editableEvent }).meta({
    description: "Everything an organizer edits of an event, with what is sold of each ticket type.",
    examples: [{ data: EXAMPLE_EVENT }],
  }),
  EventCancelled: z.object({ data: editableEvent, cancellation }).meta({
    description: "The cancelled event, and what happened to its orders.",
    examples: [
      {
        data: { ...EXAMPLE_EVENT, status: "cancelled" },
        cancellation: { refundsQueued: 12, registrationsCancelled: 0, holdsReleased: 1 },
      },
    ],
  }),
  VenueSearchList: z.object({ data: z.array(venue) }).meta({
    description: "Venues whose name, address or city contain the words, names starting with them first; at most 8.",
    examples: [{ data: [EXAMPLE_VENUE] }],
  }),
} satisfies Record<string, z.ZodType>;

export const MY_EVENT_INPUT_SCHEMAS = {
  EventInput: eventInputSchema.describe(
    "An event as its organizer writes it. Instants are ISO 8601 with an offset; the end must follow the start. " +
      "The venue is an existing one ({id}) or a new one ({new: {...}}). Ticket types with an id (on update) " +
      "are changed, without one added, left out removed (not when they have orders). Co-organizers are " +
      "existing accounts, by e-mail. images is the alt text of pictures sent with a form; the API adds " +
      "pictures with POST /my/events/{id}/images instead.",
  ),
  EventCreateInput: eventInputSchema
    .safeExtend({
      publish: z.boolean().optional().describe("Put it on sale at once (default: save it as a draft)."),
    })
    .describe("An event as EventInput describes it, and whether to publish it at once."),
} satisfies Record<string, z.ZodType>;

/** The multipart body of POST /my/events/{id}/images (not generated: zod has no file type in JSON Schema). */
export const EVENT_IMAGE_UPLOAD_SCHEMA = {
  type: "object",
  properties: {
    file: {
      type: "string",
      contentMediaType: "application/octet-stream",
      description:
        `A JPEG, PNG, WebP, GIF or AVIF picture of at most ${MAX_EVENT_IMAGE_BYTES / 1024 / 1024} MB; it is ` +
        "cropped to 16:9 and re-encoded as WebP, its metadata dropped.",
    },
    alt: {
      type: "string",
      minLength: 1,
      maxLength: EVENT_TEXT_LIMITS.imageAlt,
      description: "What the picture shows, for people who cannot see it.",
    },
  },
  required: ["file", "alt"],
  additionalProperties: false,
} as const;

/** The words fields of a refused event can carry, for the document's descriptions. */
export const EVENT_PROBLEM_WORDS = EVENT_PROBLEMS.join(", ");
