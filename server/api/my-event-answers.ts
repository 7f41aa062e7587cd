import { error, problem, type ErrorExamples } from "./error-answers";
import { EVENT_PROBLEM_WORDS } from "./my-event-schemas";
import type { OpenApiParameter } from "./openapi-document-shape";

/* The parameters, error answers and example body that the /my/events operations (my-events.ts) share. */

export const EVENT_ID_PARAMETER: OpenApiParameter = {
  name: "id",
  in: "path",
  required: true,
  description: "The event's id.",
  schema: { type: "integer", minimum: 1, maximum: 2_147_483_647 },
  example: 142,
};

export const MY_EVENT_NOT_FOUND = {
  "404": error(
    "No such event, or the caller neither organizes nor co-organizes it: both look the same (code not_found).",
    {
      not_found: { summary: "Not an event of yours", value: problem("not_found", "No event 142.") },
    },
  ),
};

export const TOO_MANY_INVITATIONS = {
  "429": error(
    "The change would send more co-organizer invitations than one person may send in a day (code " +
      "rate_limited, fields coOrganizerEmails: too_many_invitations). Nothing was changed.",
    {
      too_many_invitations: {
        summary: "Too many invitations today",
        value: problem("rate_limited", "At most 20 co-organizer invitations a day.", {
          coOrganizerEmails: "too_many_invitations",
        }),
      },
    },
  ),
};

export const EVENT_IS_CANCELLED = {
  "409": error("The event is cancelled and cannot change any more (code conflict, fields.event cancelled).", {
    cancelled: {
      summary: "Cancelled",
      value: problem("conflict", "The event is cancelled: it cannot change any more.", { event: "cancelled" }),
    },
  }),
};

export const invalidEvent = (examples: ErrorExamples) => ({
  "400": error(
    `The event is not valid (code invalid): fields names each field by its path (ticketTypes.0.priceCents) ` +
      `with one of: ${EVENT_PROBLEM_WORDS}. Nothing was changed.`,
    examples,
  ),
});

export const EXAMPLE_EVENT_INPUT = {
  title: "Jazz on the Wharf",
  description: "An evening of **jazz** by the water.",
  categoryId: 1,
  language: "en",
  isPublic: true,
  timeZone: "America/New_York",
  startsAt: "2026-12-11T19:00:00-05:00",
  endsAt: "2026-12-11T22:00:00-05:00",
  venue: { id: 1 },
  ticketTypes: [
    { name: "General Admission", priceCents: 2500, quantity: 200 },
    {
      name: "VIP",
      priceCents: 9000,
      quantity: 20,
      description: "Front tables and a drink.",
      salesStartAt: "2026-11-25T09:00:00-05:00",
      salesEndAt: "2026-12-11T18:00:00-05:00",
    },
  ],
  sponsorIds: [],
  coOrganizerEmails: [],
};
