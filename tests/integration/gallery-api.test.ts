import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_PHOTOS_PER_PERSON_PER_EVENT } from "#domain/gallery";
import type { OpenApiDocument } from "#server/api/openapi-document-shape";
import { createApp, type App } from "#server/app";
import type { DatabaseHandle } from "#server/db/client";
import { eventCoOrganizers, events, galleryPhotos, jobs, rateLimitHits } from "#server/db/schema";
import { windowStartOf } from "#server/auth/throttle";
import { readConfig } from "#server/env";
import { createLogger } from "#server/logger";
import { AWARD_BADGES_JOB } from "#server/services/badge-triggers";
import { setPhotoHidden } from "#server/services/gallery-moderation";
import { createTestSession, type TestSession } from "#tests/support/auth-session";
import { insertOrderWithTickets, voidOrder } from "#tests/support/issued-tickets";
import { expectDocumented } from "#tests/support/openapi-answers";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { insertEventWithTicketTypes, type EventWithTicketTypes } from "#tests/support/ticket-factories";

const BASE = "/api/v1";
const HOUR = 60 * 60 * 1000;

let handle: DatabaseHandle;
let app: App;
let uploadsDir: string;
let document: OpenApiDocument;
let organizer: TestSession;
let coOrganizer: TestSession;
let holder: TestSession;
let refunded: TestSession;
let stranger: TestSession;
/** Started an hour ago. */
let started: EventWithTicketTypes;
/** Starts next week. */
let upcoming: EventWithTicketTypes;

beforeAll(async () => {
  handle = await openTestDatabase();
  uploadsDir = await mkdtemp(path.join(tmpdir(), "gallery-api-"));
  const config = { ...readConfig({ NODE_ENV: "test" }), uploadsDir };
  app = createApp({ db: handle.db, config, logger: createLogger(config) });
  const db = handle.db;
  const person = (name: string) => createTestSession(db, config, { data: { full_name: name } });
  organizer = await person("Mekdes Alemu");
  coOrganizer = await person("Samuel Tesfaye");
  holder = await person("Liya Haile");
  refunded = await person("Omar Haddad");
  stranger = await person("Chloé Martin");
  document = await (await app.request(`${BASE}/openapi.json`)).json();
  const ticketTypes = [{ name: "General Admission", priceCents: 0, quantity: 100 }];
  started = await insertEventWithTicketTypes(db, {
    organizerId: organizer.userId,
    startsAt: new Date(Date.now() - HOUR),
    ticketTypes,
  });
  upcoming = await insertEventWithTicketTypes(db, {
    organizerId: organizer.userId,
    startsAt: new Date(Date.now() + 7 * 24 * HOUR),
    ticketTypes,
  });
  await db.insert(eventCoOrganizers).values({ eventId: started.eventId, userId: coOrganizer.userId });
  for (const event of [started, upcoming]) {
    await insertOrderWithTickets(db, event, { userId: holder.userId, buyerEmail: holder.email });
  }
  const { orderId } = await insertOrderWithTickets(db, started, { userId: refunded.userId });
  await voidOrder(db, orderId, "refunded");
});
afterAll(async () => {
  await handle?.close();
  if (uploadsDir) await rm(uploadsDir, { recursive: true, force: true });
});

/** A 64 × 32 JPEG carrying a GPS position, a camera name and EXIF orientation 6 (turn 90° to stand upright). */
async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 32, channels: 3, background: { r: 200, g: 90, b: 40 } } })
    .jpeg()
    .withMetadata({
      orientation: 6,
      exif: {
        IFD0: { Make: "PhoneMaker", Model: "Secret Camera 9" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "38/1 53/1 2/1",
          GPSLongitudeRef: "W",
          GPSLongitude: "77/1 2/1 11/1",
        },
      },
    })
    .toBuffer();
}

function photoForm(
  bytes: Uint8Array | string,
  alt: string | null = "The crowd dancing at sunset",
  type = "image/jpeg",
) {
  const form = new FormData();
  form.append("file", new Blob([bytes as BlobPart], { type }), "photo.jpg");
  if (alt !== null) form.append("alt", alt);
  return form;
}

/** A request to a documented operation; its answer is checked against the document. */
async function call(
  method: "GET" | "POST" | "DELETE",
  template: string,
  id: number,
  { as, form }: { as?: TestSession | null; form?: FormData } = {},
) {
  const response = await app.request(`${BASE}${template.replace("{id}", String(id))}`, {
    method,
    headers: as ? { Authorization: `Bearer ${as.session.access_token}` } : {},
    ...(form ? { body: form } : {}),
  });
  const body = await response.json();
  expectDocumented(document, method.toLowerCase(), template, response.status, body);
  return { status: response.status, body, headers: response.headers };
}

const upload = (event: EventWithTicketTypes, as: TestSession | null, form: FormData) =>
  call("POST", "/events/{id}/photos", event.eventId, { as, form });

describe(`event photo galleries through the API on the ${testDatabaseKind()} database`, () => {
  it("stores a ticket holder's photo upright, re-encoded as WebP, with no EXIF, GPS, XMP or IPTC left", async () => {
    const original = await jpegWithGps();
    const before = await sharp(original).metadata();
    expect(before.exif?.toString("latin1")).toContain("Secret Camera 9");

    const { status, body } = await upload(started, holder, photoForm(original));
    expect(status).toBe(201);
    expect(body.data).toMatchObject({
      eventId: started.eventId,
      alt: "The crowd dancing at sunset",
      author: { id: holder.userId, name: "Liya Haile" },
      // Orientation 6 applied before the metadata went: the 64 × 32 original stands 32 × 64.
      width: 32,
      height: 64,
    });
    for (const url of [body.data.thumbnailUrl, body.data.url] as string[]) {
      const stored = await sharp(path.join(uploadsDir, url.slice("/uploads/".length))).metadata();
      expect(stored.format).toBe("webp");
      expect(stored.exif).toBeUndefined();
      expect(stored.xmp).toBeUndefined();
      expect(stored.iptc).toBeUndefined();
      expect(stored.orientation).toBeUndefined();
      expect([stored.width, stored.height]).toEqual([32, 64]);
    }
    // Content Creator counts galleries: the upload asked the worker to check the author's badges.
    const queued = await handle.db
      .select({ payload: jobs.payload })
      .from(jobs)
      .where(and(eq(jobs.kind, AWARD_BADGES_JOB), sql`${jobs.payload}->>'userId' = ${holder.userId}`));
    expect(queued.length).toBeGreaterThan(0);
  });

  it("lets only ticket holders and the event's organizers upload: anonymous 401, others 403, a refunded buyer 403", async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#336699" } })
      .png()
      .toBuffer();
    expect((await upload(started, null, photoForm(png))).status).toBe(401);
    expect((await upload(started, stranger, photoForm(png))).status).toBe(403);
    expect((await upload(started, refunded, photoForm(png))).status).toBe(403);
    expect((await upload(started, organizer, photoForm(png, "The organizer's stage view"))).status).toBe(201);
    expect((await upload(started, coOrganizer, photoForm(png, "Volunteers at the door"))).status).toBe(201);
    // Not before the event starts, even for a holder.
    const early = await upload(upcoming, holder, photoForm(png));
    expect(early.status).toBe(409);
    expect(early.body.error.fields).toEqual({ _: "not_open" });
  });

  it("refuses what is not a photo and a photo without a description, storing nothing", async () => {
    const filesBefore = await readdir(uploadsDir, { recursive: true });
    const text = await upload(started, holder, photoForm("not a picture", "Words", "image/png"));
    expect([text.status, text.body.error.fields]).toEqual([400, { file: "photo_type" }]);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    expect((await upload(started, holder, photoForm(svg, "A drawing", "image/svg+xml"))).body.error.fields).toEqual({
      file: "photo_type",
    });
    const noAlt = await upload(started, holder, photoForm(await jpegWithGps(), "   "));
    expect([noAlt.status, noAlt.body.error.fields]).toEqual([400, { alt: "alt_required" }]);
    expect(await readdir(uploadsDir, { recursive: true })).toEqual(filesBefore);
  });

  it(`stops at ${MAX_PHOTOS_PER_PERSON_PER_EVENT} photos per person and event, and at 30 uploads an hour`, async () => {
    const person = await createTestSession(handle.db, { ...readConfig({ NODE_ENV: "test" }), uploadsDir });
    await insertOrderWithTickets(handle.db, started, { userId: person.userId });
    await handle.db.insert(galleryPhotos).values(
      Array.from({ length: MAX_PHOTOS_PER_PERSON_PER_EVENT }, (_, index) => ({
        eventId: started.eventId,
        authorId: person.userId,
        image: `gallery/${String(index).padStart(24, "0")}`,
        width: 10,
        height: 10,
        alt: `Photo ${index}`,
      })),
    );
    const full = await upload(started, person, photoForm(await jpegWithGps()));
    expect([full.status, full.body.error.fields]).toEqual([409, { _: "photo_limit" }]);

    const busy = await createTestSession(handle.db, { ...readConfig({ NODE_ENV: "test" }), uploadsDir });
    await insertOrderWithTickets(handle.db, started, { userId: busy.userId });
    await handle.db.insert(rateLimitHits).values({
      key: `gallery-upload:${busy.userId}`,
      windowStart: windowStartOf(new Date(), 3600),
      hits: 30,
    });
    const throttled = await upload(started, busy, photoForm(await jpegWithGps()));
    expect([throttled.status, throttled.body.error.fields]).toEqual([429, { _: "too_many_uploads" }]);
  });

  it("lists the public photos newest first, for any site, without photos staff hid or of hidden events", async () => {
    const list = await call("GET", "/events/{id}/photos", started.eventId);
    expect(list.status).toBe(200);
    const alts = (list.body.data as { alt: string }[]).map((photo) => photo.alt);
    expect(alts.filter((alt) => !alt.startsWith("Photo "))).toEqual([
      "Volunteers at the door",
      "The organizer's stage view",
      "The crowd dancing at sunset",
    ]);
    const cors = await app.request(`${BASE}/events/${started.eventId}/photos`, {
      headers: { Origin: "https://elsewhere.example" },
    });
    expect(cors.headers.get("access-control-allow-origin")).toBe("*");

    const hiddenId = (list.body.data as { id: number; alt: string }[]).find(
      (photo) => photo.alt === "Volunteers at the door",
    )!.id;
    await handle.db.transaction((tx) => setPhotoHidden(tx, hiddenId, { reason: "Shows a child's face" }));
    const afterHide = await call("GET", "/events/{id}/photos", started.eventId);
    expect((afterHide.body.data as { id: number }[]).map((photo) => photo.id)).not.toContain(hiddenId);
    expect(afterHide.body.total).toBe(list.body.total - 1);
    await handle.db.transaction((tx) => setPhotoHidden(tx, hiddenId, null));
    expect((await call("GET", "/events/{id}/photos", started.eventId)).body.total).toBe(list.body.total);

    await handle.db.update(events).set({ hiddenAt: new Date() }).where(eq(events.id, started.eventId));
    expect((await call("GET", "/events/{id}/photos", started.eventId)).status).toBe(404);
    await handle.db.update(events).set({ hiddenAt: null }).where(eq(events.id, started.eventId));
  });

  it("lets the photo's author and the event's organizers remove it, files included, and nobody else", async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#993366" } })
      .png()
      .toBuffer();
    const mine = (await upload(started, holder, photoForm(png, "My own photo"))).body.data;
    const theirs = (await upload(started, holder, photoForm(png, "Another of mine"))).body.data;
    const remove = (id: number, as: TestSession | null) => call("DELETE", "/photos/{id}", id, { as });

    expect((await remove(mine.id, null)).status).toBe(401);
    expect((await remove(mine.id, stranger)).status).toBe(403);
    expect((await remove(mine.id, refunded)).status).toBe(403);
    const byAuthor = await remove(mine.id, holder);
    expect([byAuthor.status, byAuthor.body.data]).toEqual([
      200,
      { id: mine.id, eventId: started.eventId, removed: true },
    ]);
    expect((await remove(mine.id, holder)).status).toBe(404);
    const files = await readdir(path.join(uploadsDir, "gallery"));
    expect(files.filter((name) => mine.url.includes(name.split("-")[0]!))).toEqual([]);

    expect((await remove(theirs.id, coOrganizer)).status).toBe(200);
    const organizersPhoto = (await call("GET", "/events/{id}/photos", started.eventId)).body.data.find(
      (photo: { alt: string }) => photo.alt === "The organizer's stage view",
    );
    expect((await remove(organizersPhoto.id, holder)).status).toBe(403);
    expect((await remove(organizersPhoto.id, organizer)).status).toBe(200);
  });
});
