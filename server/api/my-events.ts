import { Hono, type Context } from "hono";
import { z } from "zod";
import { eventInputSchema } from "#domain/event-input";
import { parseRecordId } from "#domain/record-id";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import type { AppEnv } from "#server/http/app-env";
import { limitBody, readJsonBody } from "#server/http/json-body";
import { answerIdempotently } from "#server/http/idempotency";
import { readFormWithin } from "#server/http/read-form";
import { MAX_EVENT_IMAGE_BYTES } from "#server/images/event-images";
import type { Actor } from "#server/services/actor";
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
import { PRIVATE_CACHE } from "./me";

/** An event's JSON is a few kB; a 10,000-character description in any script stays far below this. */
const MAX_JSON_BYTES = 256 * 1024;
/** Room for the alt text and the multipart framing beside the largest accepted picture. */
const MAX_UPLOAD_BYTES = MAX_EVENT_IMAGE_BYTES + 64 * 1024;

export const EVENT_BODY_SHAPE =
  'The body must be JSON: {"title": "…", "description": "…", "categoryId": 1, "startsAt": "…", "endsAt": "…", ' +
  '"venue": {"id": 1}, "ticketTypes": [{"name": "…", "priceCents": 0, "quantity": 10}]}.';

/** The create body: the event, and whether to put it on sale at once. */
const publishFlagSchema = z.object({ publish: z.boolean({ error: "invalid" }).optional() });

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
  const api = new Hono<AppEnv>();
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

  api.get("/", async (c) => {
    const rows = await listMyEvents(c.get("db"), requireActor(c), currentTime());
    return c.json({ data: rows.map(myEventJson) });
  });

  api.get("/venues", async (c) => {
    const venues = await searchVenues(c.get("db"), c.req.query("q") ?? "");
    return c.json({ data: venues.map(venueJson) });
  });

  api.post("/", jsonLimit, async (c) => {
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

  api.get("/:id", async (c) => {
    const event = await getEventForEditing(c.get("db"), requireActor(c), eventIdOf(c));
    return c.json({ data: editableEventJson(event) });
  });

  api.put("/:id", jsonLimit, async (c) => {
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

  api.post("/:id/publish", async (c) => {
    const actor = requireActor(c);
    const eventId = eventIdOf(c);
    const db = c.get("db");
    await publishEvent(db, actor, eventId, currentTime());
    return c.json({ data: editableEventJson(await getEventForEditing(db, actor, eventId)) });
  });

  api.post("/:id/cancel", async (c) => {
    const actor = requireActor(c);
    const eventId = eventIdOf(c);
    const db = c.get("db");
    const outcome = await cancelEvent(db, actor, eventId, { now: currentTime(), siteUrl: c.get("config").publicUrl });
    return c.json({ data: editableEventJson(await getEventForEditing(db, actor, eventId)), cancellation: outcome });
  });

  api.post("/:id/duplicate", async (c) => {
    const actor = requireActor(c);
    const db = c.get("db");
    const { id } = await duplicateEvent(db, actor, eventIdOf(c), currentTime());
    return c.json({ data: editableEventJson(await getEventForEditing(db, actor, id)) }, 201);
  });

  api.post("/:id/images", async (c) => {
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

  api.delete("/:id/images/:position", async (c) => {
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

function requireActor(c: Context<AppEnv>): Actor {
  const viewer = c.get("viewer");
  if (!viewer) throw new AppError("unauthenticated", "Must be logged in");
  return { userId: viewer.userId };
}

/** An id that cannot be an event's is as unknown as one that is nobody's. */
function eventIdOf(c: Context<AppEnv>): number {
  const id = parseRecordId(c.req.param("id") ?? "");
  if (id === null) throw new AppError("not_found", "No such event.");
  return id;
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
