import { OpenAPIHono } from "@hono/zod-openapi";
import { etag } from "hono/etag";
import { z } from "zod";
import {
  GALLERY_PAGE_SIZE,
  GALLERY_UPLOADS_PER_HOUR,
  MAX_GALLERY_ALT_LENGTH,
  MAX_GALLERY_PHOTO_BYTES,
  MAX_PHOTOS_PER_PERSON_PER_EVENT,
} from "#domain/gallery";
import { parseRecordId } from "#domain/record-id";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import type { AppEnv } from "#server/http/app-env";
import { readFormWithin } from "#server/http/read-form";
import { GALLERY_PHOTO_WIDTHS } from "#server/images/gallery-photos";
import {
  addGalleryPhoto,
  deleteGalleryPhoto,
  galleryEventOf,
  galleryRightsOf,
  listEventPhotos,
  type GalleryPhoto,
} from "#server/services/gallery";
import { EVENTS_CACHE, PRIVATE_CACHE } from "./cache-control";
import { recordIdParameter } from "./common-parameters";
import { error, problem } from "./error-answers";
import { invalidInput } from "./invalid-input";
import { operationRoute } from "./operation-route";
import { eventIdOf } from "./path-event-id";
import { privateOperation } from "./private-operation";
import { ok, publicRead } from "./public-read";
import { requireActor } from "./require-actor";
import { count, id, instant, uuid } from "./schema-primitives";

/*
 * Event photo galleries: `GET /events/{id}/photos` (public), `POST /events/{id}/photos` (multipart: a
 * ticket holder or an organizer of the event, once it has started), `DELETE /photos/{id}` (the photo's
 * author or the event's organizers). Photos only: videos are not accepted.
 */

const tags = ["Events"];
const [THUMBNAIL_WIDTH, LARGE_WIDTH] = GALLERY_PHOTO_WIDTHS;
/** Room for the description and the multipart framing beside the largest accepted photo. */
const MAX_FORM_BYTES = MAX_GALLERY_PHOTO_BYTES + 64 * 1024;
const FORM_SHAPE = "The body must be multipart/form-data with the photo (file) and its description (alt).";

const galleryPhoto = z
  .object({
    id,
    eventId: id,
    alt: z.string().describe("What the photo shows, in its author's words (its text alternative)."),
    width: z.int().describe("The large rendition's width in pixels."),
    height: z.int().describe("The large rendition's height in pixels."),
    thumbnailUrl: z.string().describe(`The photo ${THUMBNAIL_WIDTH} pixels wide at most, WebP, no metadata.`),
    url: z.string().describe(`The photo ${LARGE_WIDTH} pixels wide at most, WebP, no metadata.`),
    author: z.object({ id: uuid, name: z.string() }),
    createdAt: instant,
  })
  .describe("A photo of an event's gallery.");

const EXAMPLE_PHOTO = {
  id: 3,
  eventId: 16,
  alt: "The dancers bowing at the end of the show",
  width: 1600,
  height: 1067,
  thumbnailUrl: "/uploads/gallery/5f0c8a2e3d1b4c7a9e6f2b8d-480.webp",
  url: "/uploads/gallery/5f0c8a2e3d1b4c7a9e6f2b8d-1600.webp",
  author: { id: "0b7c4f3e-8f5d-4a51-9a7e-2f1d3c4b5a69", name: "Liya Haile" },
  createdAt: "2026-11-27T01:12:40.000Z",
};

/** Named schemas of the answers: components.schemas of the document. */
export const GALLERY_SCHEMAS = {
  GalleryPhoto: galleryPhoto,
  GalleryPhotoList: z
    .object({ data: z.array(galleryPhoto), page: id, pageSize: id, total: count })
    .meta({ examples: [{ data: [EXAMPLE_PHOTO], page: 1, pageSize: GALLERY_PAGE_SIZE, total: 1 }] }),
  GalleryPhotoResponse: z.object({ data: galleryPhoto }).meta({ examples: [{ data: EXAMPLE_PHOTO }] }),
  GalleryPhotoRemoved: z.object({ data: z.object({ id, eventId: id, removed: z.literal(true) }) }),
} satisfies Record<string, z.ZodType>;

/** The multipart body of POST /events/{id}/photos (not generated: zod has no file type in JSON Schema). */
const PHOTO_UPLOAD_SCHEMA = {
  type: "object",
  properties: {
    file: {
      type: "string",
      contentMediaType: "application/octet-stream",
      description:
        `A JPEG, PNG, WebP, GIF or AVIF photo of at most ${MAX_GALLERY_PHOTO_BYTES / 1024 / 1024} MB (no video, ` +
        "no SVG). It is turned upright, fitted within 1600 pixels and re-encoded as WebP: its metadata (camera, " +
        "GPS position, XMP, IPTC) is dropped.",
    },
    alt: {
      type: "string",
      minLength: 1,
      maxLength: MAX_GALLERY_ALT_LENGTH,
      description: "What the photo shows, for people who cannot see it.",
    },
  },
  required: ["file", "alt"],
  additionalProperties: false,
} as const;

const pageParameter = {
  name: "page",
  in: "query" as const,
  required: false,
  description: `Which page of photos, newest first (${GALLERY_PAGE_SIZE} a page).`,
  schema: { type: "integer" as const, minimum: 1, maximum: 10_000, default: 1 },
};

const listRoute = operationRoute(
  "get",
  "/",
  publicRead(
    {
      operationId: "listEventPhotos",
      summary: "List an event's photos",
      description:
        "The photos of a public event's gallery, newest first, a page at a time. Photos hidden by staff are " +
        "not listed.",
      tags,
      parameters: [recordIdParameter("The event's number."), pageParameter],
    },
    ok("A page of photos, the page number, its size and how many there are.", "GalleryPhotoList", EVENTS_CACHE),
    {
      "400": error("A parameter is not valid (code invalid)."),
      "404": error("No event the public can see has this number (code not_found)."),
    },
  ),
);

const uploadRoute = operationRoute("post", "/", {
  ...privateOperation(
    {
      operationId: "addEventPhoto",
      summary: "Add a photo",
      description:
        "Adds a photo to the event's gallery, once the event has started: for people who hold a valid ticket " +
        "for it and its organizer and co-organizers. Photos only (no video). At most " +
        `${MAX_PHOTOS_PER_PERSON_PER_EVENT} photos per person and event, and ${GALLERY_UPLOADS_PER_HOUR} ` +
        "uploads per person an hour.",
      tags,
      parameters: [recordIdParameter("The event's number.")],
    },
    { status: "201", description: "The photo, as the gallery shows it.", schema: "GalleryPhotoResponse" },
    {
      "400": error("Not a photo, too large, or without a description (code invalid).", {
        photo_too_large: {
          summary: "Too large",
          value: problem("invalid", "A photo is at most 15 MB.", { file: "photo_too_large" }),
        },
        photo_type: {
          summary: "Not a photo",
          value: problem("invalid", "The file is not a JPEG, PNG, WebP, GIF or AVIF photo.", { file: "photo_type" }),
        },
        alt_required: {
          summary: "No description",
          value: problem("invalid", "The photo needs a short description.", { alt: "alt_required" }),
        },
      }),
      "403": error("Signed in, but without a ticket for the event and not its organizer (code forbidden)."),
      "404": error("No event the public can see has this number (code not_found)."),
      "409": error("The event has not started, or the person has reached the limit (code conflict).", {
        not_open: {
          summary: "Not started",
          value: problem("conflict", "Photos can be added once the event has started.", { _: "not_open" }),
        },
        photo_limit: {
          summary: "Limit reached",
          value: problem("conflict", "At most 20 photos per person in an event's gallery.", { _: "photo_limit" }),
        },
      }),
      "429": error("Too many uploads this hour (code rate_limited)."),
    },
  ),
  requestBody: { required: true, content: { "multipart/form-data": { schema: PHOTO_UPLOAD_SCHEMA } } },
});

const deleteRoute = operationRoute(
  "delete",
  "/{id}",
  privateOperation(
    {
      operationId: "removeEventPhoto",
      summary: "Remove a photo",
      description:
        "Removes a photo from its event's gallery, with its files: its author may, and the event's organizer " +
        "and co-organizers.",
      tags,
      parameters: [recordIdParameter("The photo's number.")],
    },
    { description: "The photo is gone.", schema: "GalleryPhotoRemoved" },
    {
      "403": error("Neither the photo's author nor an organizer of its event (code forbidden)."),
      "404": error("No such photo (code not_found)."),
    },
  ),
);

export function galleryPhotoJson(photo: GalleryPhoto) {
  return {
    id: photo.id,
    eventId: photo.eventId,
    alt: photo.alt,
    width: photo.width,
    height: photo.height,
    thumbnailUrl: `/uploads/${photo.image}-${THUMBNAIL_WIDTH}.webp`,
    url: `/uploads/${photo.image}-${LARGE_WIDTH}.webp`,
    author: photo.author,
    createdAt: photo.createdAt.toISOString(),
  };
}

const listQuery = z
  .object({
    page: z
      .string()
      .regex(/^[1-9][0-9]{0,3}$|^10000$/, "page_invalid")
      .optional(),
  })
  .strict();

/** `/api/v1/events/{id}/photos`: read (public) and add (ticket holders and organizers). */
export function createEventPhotosApi() {
  const api = new OpenAPIHono<AppEnv>();
  api.use(async (c, next) => {
    await next();
    if (c.req.method !== "GET" && c.req.method !== "HEAD") c.res.headers.set("Cache-Control", PRIVATE_CACHE);
  });
  // The public read answers 304 when the client already has the same body.
  const readEtag = etag({ weak: true });
  api.use((c, next) => (c.req.method === "GET" ? readEtag(c, next) : next()));

  api.openapi(listRoute, async (c) => {
    const eventId = eventIdOf(c);
    const parsed = listQuery.safeParse(Object.fromEntries(new URL(c.req.url).searchParams));
    if (!parsed.success) throw invalidInput(parsed.error, "The parameters are not valid.");
    const page = Number(parsed.data.page ?? "1");
    const db = c.get("db");
    await galleryEventOf(db, eventId);
    const { photos, total } = await listEventPhotos(db, eventId, {
      limit: GALLERY_PAGE_SIZE,
      offset: (page - 1) * GALLERY_PAGE_SIZE,
    });
    c.header("Cache-Control", EVENTS_CACHE);
    return c.json({ data: photos.map(galleryPhotoJson), page, pageSize: GALLERY_PAGE_SIZE, total }, 200);
  });

  api.openapi(uploadRoute, async (c) => {
    const actor = requireActor(c);
    const eventId = eventIdOf(c);
    const db = c.get("db");
    const now = currentTime();
    // Before the upload is read: someone who may not add photos learns nothing more, not even that it is too large.
    const event = await galleryEventOf(db, eventId);
    const rights = await galleryRightsOf(db, actor, event, now);
    if (!rights.contributor) {
      throw new AppError("forbidden", "Only people with a ticket for the event and its organizers add photos.");
    }
    const form = await readFormWithin(c.req.raw, MAX_FORM_BYTES);
    if (form === "too_large") {
      throw new AppError("invalid", `A photo is at most ${MAX_GALLERY_PHOTO_BYTES / 1024 / 1024} MB.`, {
        file: "photo_too_large",
      });
    }
    const file = form?.get("file");
    if (!form || !(file instanceof File)) throw new AppError("invalid", FORM_SHAPE, { file: "required" });
    const photo = await addGalleryPhoto(
      db,
      actor,
      eventId,
      { bytes: new Uint8Array(await file.arrayBuffer()), alt: form.get("alt") },
      { now, uploadsDir: c.get("config").uploadsDir },
    );
    return c.json({ data: galleryPhotoJson(photo) }, 201);
  });

  return api;
}

/** `/api/v1/photos/{id}`: removing a photo. */
export function createPhotosApi() {
  const api = new OpenAPIHono<AppEnv>();
  api.use(async (c, next) => {
    await next();
    c.res.headers.set("Cache-Control", PRIVATE_CACHE);
  });
  api.openapi(deleteRoute, async (c) => {
    const actor = requireActor(c);
    const photoId = parseRecordId(c.req.param("id") ?? "");
    if (photoId === null) throw new AppError("not_found", "No such photo.");
    const { eventId } = await deleteGalleryPhoto(c.get("db"), actor, photoId, {
      uploadsDir: c.get("config").uploadsDir,
    });
    return c.json({ data: { id: photoId, eventId, removed: true as const } }, 200);
  });
  return api;
}
