import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { eventInputSchema, MAX_EVENT_IMAGES } from "#domain/event-input";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import type { AppEnv } from "#server/http/app-env";
import { limitBody, readJsonBody } from "#server/http/json-body";
import { answerIdempotently } from "#server/http/idempotency";
import { readFormWithin } from "#server/http/read-form";
import { MAX_EVENT_IMAGE_BYTES } from "#server/images/event-images";
import {
  addEventImage,
  createEvent,
  duplicateEvent,
  getEventForEditing,
  listMyEvents,
  publishEvent,
  removeEventImage,
  updateEvent,
  type EditableEvent,
  type MyEventRow,
} from "#server/services/event-authoring";
import { cancelEvent } from "#server/services/event-cancellation";
import { requireEventRole } from "#server/services/event-role";
import { searchVenues, type VenueRow } from "#server/services/venues";
import { invalidInput } from "./invalid-input";
import { PRIVATE_CACHE } from "./cache-control";
import { EVENT_IMAGE_UPLOAD_SCHEMA } from "./my-event-schemas";
import { operationRoute } from "./operation-route";
import {
  EVENT_ID_PARAMETER,
  EVENT_IS_CANCELLED,
  EXAMPLE_EVENT_INPUT,
  invalidEvent,
  MY_EVENT_NOT_FOUND,
  TOO_MANY_INVITATIONS,
} from "./my-event-answers";
import { eventIdOf } from "./path-event-id";
import { requireActor } from "./require-actor";
import { privateOperation } from "./private-operation";
import { error, problem } from "./error-answers";
import type { OpenApiParameter } from "./openapi-document-shape";

/** An event's JSON is a few kB; a 10,000-character description in any script stays far below this. */
const MAX_JSON_BYTES = 256 * 1024;
/** Room for the alt text and the multipart framing beside the largest accepted picture. */
const MAX_UPLOAD_BYTES = MAX_EVENT_IMAGE_BYTES + 64 * 1024;

export const EVENT_BODY_SHAPE =
  'The body must be JSON: {"title": "…", "description": "…", "categoryId": 1, "startsAt": "…", "endsAt": "…", ' +
  '"venue": {"id": 1}, "ticketTypes": [{"name": "…", "priceCents": 0, "quantity": 10}]}.';

/** The create body: the event, and whether to put it on sale at once. */
const publishFlagSchema = z.object({ publish: z.boolean({ error: "invalid" }).optional() });

const tags = ["My events"];
const withId = (parameters: OpenApiParameter[] = []) => [EVENT_ID_PARAMETER, ...parameters];

const listMyEventsRoute = operationRoute(
  "get",
  "/",
  privateOperation(
    {
      operationId: "listMyEvents",
      summary: "List my events",
      description:
        "The events the signed-in person organizes or co-organizes, drafts included, with sold tickets, " +
        "capacity and revenue.",
      tags,
    },
    { description: "The events.", schema: "MyEventList" },
  ),
);

const searchVenuesRoute = operationRoute(
  "get",
  "/venues",
  privateOperation(
    {
      operationId: "searchVenues",
      summary: "Find a venue",
      description: "Venues to hold an event at, by words of their name, address or city.",
      tags,
      parameters: [
        {
          name: "q",
          in: "query",
          required: false,
          description: "Words of the venue's name, address or city; nothing is found without them.",
          schema: { type: "string", maxLength: 100 },
          example: "wharf",
        },
      ],
    },
    { description: "The venues found.", schema: "VenueSearchList" },
  ),
);

const createMyEventRoute = operationRoute(
  "post",
  "/",
  privateOperation(
    {
      operationId: "createMyEvent",
      summary: "Create an event",
      description:
        "Creates an event as a draft, or published at once with publish: true. A person's first event makes " +
        "them an organizer. Pictures are added afterwards with POST /my/events/{id}/images. Each address in " +
        "coOrganizerEmails is sent an invitation by e-mail (the same answer whether or not it has an account); " +
        "its owner co-organizes once they accept it, signed in with that address.",
      tags,
      body: { schema: "EventCreateInput", example: { ...EXAMPLE_EVENT_INPUT, publish: false } },
      replayedStatuses: ["201"],
    },
    { status: "201", description: "The event as created.", schema: "EditableEventResponse" },
    {
      ...invalidEvent({
        end_before_start: {
          summary: "End before start",
          value: problem("invalid", EVENT_BODY_SHAPE, { endsAt: "end_before_start" }),
        },
        unknown_category: {
          summary: "No such category",
          value: problem("invalid", "The event is not valid.", { categoryId: "unknown_category" }),
        },
      }),
      ...TOO_MANY_INVITATIONS,
    },
  ),
);

const getMyEventRoute = operationRoute(
  "get",
  "/{id}",
  privateOperation(
    {
      operationId: "getMyEvent",
      summary: "Read an event to edit",
      description: "Everything the organizer or a co-organizer edits of an event, with what is sold.",
      tags,
      parameters: withId(),
    },
    { description: "The event.", schema: "EditableEventResponse" },
    MY_EVENT_NOT_FOUND,
  ),
);

const updateMyEventRoute = operationRoute(
  "put",
  "/{id}",
  privateOperation(
    {
      operationId: "updateMyEvent",
      summary: "Change an event",
      description:
        "Replaces what is edited of an event (organizer or co-organizer); its pictures stay as they are. A " +
        "ticket type's quantity cannot go below what is sold or held, its price cannot go below what a current " +
        "ticket holder paid for one, and a type with orders cannot be removed. When a published event's date " +
        "or venue changes, every ticket holder is e-mailed. A new address in coOrganizerEmails is invited by " +
        "e-mail, one left out stops co-organizing or has its invitation withdrawn (the organizer only).",
      tags,
      parameters: withId(),
      body: { schema: "EventInput", example: EXAMPLE_EVENT_INPUT },
    },
    { description: "The event as changed.", schema: "EditableEventResponse" },
    {
      ...invalidEvent({
        below_sold: {
          summary: "Fewer than sold",
          value: problem("invalid", "The event is not valid.", { "ticketTypes.0.quantity": "below_sold" }),
        },
        below_paid_price: {
          summary: "Cheaper than holders paid",
          value: problem("invalid", "The event is not valid.", { "ticketTypes.0.priceCents": "below_paid_price" }),
        },
      }),
      ...MY_EVENT_NOT_FOUND,
      ...EVENT_IS_CANCELLED,
      ...TOO_MANY_INVITATIONS,
    },
  ),
);

const publishMyEventRoute = operationRoute(
  "post",
  "/{id}/publish",
  privateOperation(
    {
      operationId: "publishMyEvent",
      summary: "Publish an event",
      description:
        "Puts a draft on sale and on the site (its organizer or a co-organizer). Publishing a published event " +
        "changes nothing.",
      tags,
      parameters: withId(),
    },
    { description: "The published event.", schema: "EditableEventResponse" },
    {
      "400": error("The event has already ended (code invalid, fields.endsAt in_the_past).", {
        in_the_past: {
          summary: "Already ended",
          value: problem("invalid", "The event has already ended.", { endsAt: "in_the_past" }),
        },
      }),
      ...MY_EVENT_NOT_FOUND,
      ...EVENT_IS_CANCELLED,
    },
  ),
);

const cancelMyEventRoute = operationRoute(
  "post",
  "/{id}/cancel",
  privateOperation(
    {
      operationId: "cancelMyEvent",
      summary: "Cancel an event",
      description:
        "Calls the event off (its organizer or a co-organizer): paid orders are refunded, free ones " +
        "cancelled, holds released, and every ticket holder is e-mailed.",
      tags,
      parameters: withId(),
    },
    { description: "The cancelled event.", schema: "EventCancelled" },
    {
      ...MY_EVENT_NOT_FOUND,
      "409": error("Already cancelled, or already over (code conflict, fields.event).", {
        already_cancelled: {
          summary: "Already cancelled",
          value: problem("conflict", "The event is already cancelled.", { event: "already_cancelled" }),
        },
      }),
    },
  ),
);

const duplicateMyEventRoute = operationRoute(
  "post",
  "/{id}/duplicate",
  privateOperation(
    {
      operationId: "duplicateMyEvent",
      summary: "Duplicate an event",
      description:
        "A draft copy of the event (its organizer or a co-organizer): the same organizer, title, text, dates, " +
        "venue, ticket types with none sold, sponsors, co-organizers and pictures.",
      tags,
      parameters: withId(),
    },
    { status: "201", description: "The copy.", schema: "EditableEventResponse" },
    MY_EVENT_NOT_FOUND,
  ),
);

const addMyEventImageRoute = operationRoute("post", "/{id}/images", {
  ...privateOperation(
    {
      operationId: "addMyEventImage",
      summary: "Add a picture",
      description:
        `Adds a picture after the event's others (at most ${MAX_EVENT_IMAGES}; the first is the cover), as ` +
        "multipart/form-data with the file and its alt text. It is cropped to 16:9 and stored as WebP.",
      tags,
      parameters: withId(),
    },
    { status: "201", description: "The event with its pictures.", schema: "EditableEventResponse" },
    {
      "400": error(`Not a picture, too large, without alt text, or a ${MAX_EVENT_IMAGES + 1}th (code invalid).`, {
        image_too_large: {
          summary: "Too large",
          value: problem("invalid", "A picture is at most 10 MB.", { file: "image_too_large" }),
        },
        image_type: {
          summary: "Not a picture",
          value: problem("invalid", "A picture cannot be used.", { file: "image_type" }),
        },
      }),
      ...MY_EVENT_NOT_FOUND,
      ...EVENT_IS_CANCELLED,
    },
  ),
  requestBody: {
    required: true,
    content: { "multipart/form-data": { schema: EVENT_IMAGE_UPLOAD_SCHEMA } },
  },
});

const removeMyEventImageRoute = operationRoute(
  "delete",
  "/{id}/images/{position}",
  privateOperation(
    {
      operationId: "removeMyEventImage",
      summary: "Remove a picture",
      description: "Removes one picture; those after it move up.",
      tags,
      parameters: withId([
        {
          name: "position",
          in: "path",
          required: true,
          description: "The picture's place, 0 (the cover) to 2.",
          schema: { type: "integer", minimum: 0, maximum: MAX_EVENT_IMAGES - 1 },
          example: 0,
        },
      ]),
    },
    { description: "The event with its remaining pictures.", schema: "EditableEventResponse" },
    { ...MY_EVENT_NOT_FOUND, ...EVENT_IS_CANCELLED },
  ),
);

/**
 * `/api/v1/my/events`: the events the signed-in person organizes or co-organizes, and writing them.
 * Strangers get 404 for an event (never a hint that it exists); its organizer and co-organizers may
 * do all of this alike, except that only the organizer changes who co-organizes (services/event-role.ts).
 *
 * - `GET /` mine; `POST /` create (EventInput + `publish?`; takes an Idempotency-Key); `GET /venues?q=`.
 * - `GET /{id}`; `PUT /{id}` replace what is edited; `POST /{id}/publish | cancel | duplicate`.
 * - `POST /{id}/images` multipart `file` + `alt` adds a picture; `DELETE /{id}/images/{position}`.
 */
export function createMyEventsApi() {
  const api = new OpenAPIHono<AppEnv>();
  api.use(async (c, next) => {
    await next();
    // After the handler, so that error answers carry it too: these answers are one person's.
    c.res.headers.set("Cache-Control", PRIVATE_CACHE);
  });
  // Signed in first, so that a visitor is told so before anything about the request is read.
  api.use(async (c, next) => {
    requireActor(c);
    await next();
  });
  const jsonLimit = limitBody(MAX_JSON_BYTES);

  api.openapi(listMyEventsRoute, async (c) => {
    const rows = await listMyEvents(c.get("db"), requireActor(c), currentTime());
    return c.json({ data: rows.map(myEventJson) });
  });

  api.openapi(searchVenuesRoute, async (c) => {
    const venues = await searchVenues(c.get("db"), c.req.query("q") ?? "");
    return c.json({ data: venues.map(venueJson) });
  });

  api.openapi({ ...createMyEventRoute, middleware: [jsonLimit] }, async (c) => {
    const actor = requireActor(c);
    const now = currentTime();
    const body = await readJsonBody(c, EVENT_BODY_SHAPE);
    const { publish, ...rest } = isObject(body) ? body : { publish: undefined };
    const flag = publishFlagSchema.safeParse({ publish });
    const event = eventInputSchema.safeParse(isObject(body) ? rest : body);
    if (!event.success || !flag.success) {
      throw invalidInput(
        new z.ZodError([...(event.error?.issues ?? []), ...(flag.error?.issues ?? [])]),
        EVENT_BODY_SHAPE,
      );
    }
    const { uploadsDir } = c.get("config");
    return answerIdempotently(c, { event: event.data, publish: flag.data.publish ?? false }, async (db) => {
      const { id } = await createEvent(db, actor, event.data, [], {
        now,
        uploadsDir,
        siteUrl: c.get("config").publicUrl,
        publish: flag.data.publish ?? false,
      });
      return { status: 201, body: { data: editableEventJson(await getEventForEditing(db, actor, id)) } };
    });
  });

  api.openapi(getMyEventRoute, async (c) => {
    const event = await getEventForEditing(c.get("db"), requireActor(c), eventIdOf(c));
    return c.json({ data: editableEventJson(event) });
  });

  api.openapi({ ...updateMyEventRoute, middleware: [jsonLimit] }, async (c) => {
    const actor = requireActor(c);
    const eventId = eventIdOf(c);
    const event = eventInputSchema.safeParse(await readJsonBody(c, EVENT_BODY_SHAPE));
    if (!event.success) throw invalidInput(event.error, EVENT_BODY_SHAPE);
    const db = c.get("db");
    // Pictures are not part of the JSON: they stay as they are (POST and DELETE /{id}/images change them).
    await updateEvent(db, actor, eventId, event.data, null, {
      now: currentTime(),
      uploadsDir: c.get("config").uploadsDir,
      siteUrl: c.get("config").publicUrl,
    });
    return c.json({ data: editableEventJson(await getEventForEditing(db, actor, eventId)) });
  });

  api.openapi(publishMyEventRoute, async (c) => {
    const actor = requireActor(c);
    const eventId = eventIdOf(c);
    const db = c.get("db");
    await publishEvent(db, actor, eventId, currentTime());
    return c.json({ data: editableEventJson(await getEventForEditing(db, actor, eventId)) });
  });

  api.openapi(cancelMyEventRoute, async (c) => {
    const actor = requireActor(c);
    const eventId = eventIdOf(c);
    const db = c.get("db");
    const outcome = await cancelEvent(db, actor, eventId, { now: currentTime(), siteUrl: c.get("config").publicUrl });
    return c.json({ data: editableEventJson(await getEventForEditing(db, actor, eventId)), cancellation: outcome });
  });

  api.openapi(duplicateMyEventRoute, async (c) => {
    const actor = requireActor(c);
    const db = c.get("db");
    const { id } = await duplicateEvent(db, actor, eventIdOf(c), currentTime());
    return c.json({ data: editableEventJson(await getEventForEditing(db, actor, id)) }, 201);
  });

  api.openapi(addMyEventImageRoute, async (c) => {
    const actor = requireActor(c);
    const eventId = eventIdOf(c);
    const db = c.get("db");
    // Before the upload is read: a stranger learns nothing of the event, not even that a file is too large.
    await requireEventRole(db, actor, eventId);
    const form = await readFormWithin(c.req.raw, MAX_UPLOAD_BYTES);
    if (form === "too_large") {
      throw new AppError("invalid", `A picture is at most ${MAX_EVENT_IMAGE_BYTES / 1024 / 1024} MB.`, {
        file: "image_too_large",
      });
    }
    const file = form?.get("file");
    const alt = form?.get("alt");
    if (!form || !(file instanceof File)) {
      throw new AppError("invalid", "The body must be multipart/form-data with a file and its alt text.", {
        file: "required",
      });
    }
    await addEventImage(
      db,
      actor,
      eventId,
      { bytes: new Uint8Array(await file.arrayBuffer()), alt: typeof alt === "string" ? alt : "" },
      { now: currentTime(), uploadsDir: c.get("config").uploadsDir },
    );
    return c.json({ data: editableEventJson(await getEventForEditing(db, actor, eventId)) }, 201);
  });

  api.openapi(removeMyEventImageRoute, async (c) => {
    const actor = requireActor(c);
    const eventId = eventIdOf(c);
    const position = /^[0-2]$/.test(c.req.param("position")) ? Number(c.req.param("position")) : null;
    if (position === null) throw new AppError("not_found", "No such picture.");
    const db = c.get("db");
    await removeEventImage(db, actor, eventId, position, {
      now: currentTime(),
      uploadsDir: c.get("config").uploadsDir,
    });
    return c.json({ data: editableEventJson(await getEventForEditing(db, actor, eventId)) });
  });

  return api;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const iso = (instant: Date | null) => instant?.toISOString() ?? null;

export function myEventJson(row: MyEventRow) {
  return {
    id: row.id,
    url: `/events/${row.id}`,
    title: row.title,
    status: row.status,
    role: row.role,
    startsAt: iso(row.startsAt)!,
    endsAt: iso(row.endsAt)!,
    timeZone: row.timeZone,
    sold: row.sold,
    capacity: row.capacity,
    revenueCents: row.revenueCents,
    isPast: row.isPast,
  };
}

export function venueJson(venue: VenueRow) {
  return {
    id: venue.id,
    name: venue.name,
    address: venue.address,
    city: venue.city,
    state: venue.state,
    country: venue.country,
    zipCode: venue.zipCode,
    latitude: venue.latitude,
    longitude: venue.longitude,
  };
}

export function editableEventJson(event: EditableEvent) {
  return {
    id: event.id,
    url: `/events/${event.id}`,
    role: event.role,
    status: event.status,
    title: event.title,
    description: event.description,
    categoryId: event.categoryId,
    language: event.language,
    isPublic: event.isPublic,
    timeZone: event.timeZone,
    startsAt: iso(event.startsAt)!,
    endsAt: iso(event.endsAt)!,
    venue: venueJson(event.venue),
    ticketTypes: event.ticketTypes.map((type) => ({
      id: type.id,
      name: type.name,
      description: type.description,
      priceCents: type.priceCents,
      quantity: type.quantity,
      sold: type.sold,
      hasOrders: type.hasOrders,
      salesStartAt: iso(type.salesStartAt),
      salesEndAt: iso(type.salesEndAt),
    })),
    sponsorIds: event.sponsorIds,
    coOrganizerEmails: event.coOrganizerEmails,
    coOrganizerInvitations: event.coOrganizerInvitations.map((invitation) => ({
      email: invitation.email,
      expiresAt: invitation.expiresAt.toISOString(),
    })),
    images: event.images.map((image) => ({
      position: image.position,
      alt: image.alt,
      sources: image.widths.map((width) => ({ width, url: `/uploads/${image.storageKey}-${width}.webp` })),
    })),
  };
}
