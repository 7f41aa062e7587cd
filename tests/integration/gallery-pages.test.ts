import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as photoPage from "#app/routes/event-photo";
import * as photosPage from "#app/routes/event-photos";
import { LANGUAGES } from "#domain/language";
import type { DatabaseHandle } from "#server/db/client";
import { isSampleDataImage } from "#server/db/seed/sample-image-files";
import { seedSampleData } from "#server/db/seed/seed";
import { galleryPhotos } from "#server/db/schema";
import { holdsTicket } from "#server/services/gallery";
import { setPhotoHidden } from "#server/services/gallery-moderation";
import {
  expectNoMissingMessages,
  linksOf,
  loaderStatus,
  renderPage,
  runLoader,
  textOf,
} from "#tests/support/page-render";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";

let handle: DatabaseHandle;
let photos: (typeof galleryPhotos.$inferSelect)[];
beforeAll(async () => {
  handle = await openTestDatabase();
  await seedSampleData(handle.db, { now: new Date() });
  photos = await handle.db.select().from(galleryPhotos).orderBy(asc(galleryPhotos.id));
});
afterAll(() => handle?.close());

describe(`the gallery pages over the sample data on the ${testDatabaseKind()} database`, () => {
  it("has photos on past sample events, each added after the event began by someone holding a ticket", async () => {
    expect(photos.length).toBeGreaterThanOrEqual(10);
    expect(new Set(photos.map((photo) => photo.eventId)).size).toBeGreaterThanOrEqual(2);
    for (const photo of photos) {
      expect(await holdsTicket(handle.db, photo.authorId, photo.eventId)).toBe(true);
      expect(photo.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
      // The sample artwork is rendered on its first request, as the events' own pictures are.
      expect(isSampleDataImage(`${photo.image}-480.webp`)).toBe(true);
      expect(isSampleDataImage(`${photo.image}-1600.webp`)).toBe(true);
    }
  });

  it("shows an event's whole gallery, newest first, linking each photo's own page, in every language", async () => {
    const eventId = photos[0]!.eventId;
    const own = photos.filter((photo) => photo.eventId === eventId);
    for (const language of LANGUAGES) {
      const path = `/events/${eventId}/photos`;
      const data = await runLoader(photosPage, handle.db, path, language, { id: String(eventId) });
      expect(data.total).toBe(own.length);
      expect(data.canUpload).toBe(false);
      const html = await renderPage(photosPage, path, language, data);
      expectNoMissingMessages(html);
      const pageLinks = linksOf(html).filter((link) => /^\/events\/\d+\/photos\/\d+$/.test(link));
      const newestFirst = own.toSorted((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
      expect(pageLinks).toEqual(newestFirst.map((photo) => `/events/${eventId}/photos/${photo.id}`));
      for (const photo of own) expect(html).toContain(`alt="${photo.alt.replace(/'/g, "&#x27;")}"`);
      // Visitors may not add photos: no form link.
      expect(linksOf(html)).not.toContain(`/events/${eventId}/photos/new`);
    }
  });

  it("shows one photo large with its author, its neighbours and a Report link; a hidden photo is a 404", async () => {
    const eventId = photos[0]!.eventId;
    const own = photos.filter((photo) => photo.eventId === eventId);
    const middle = own.toSorted((a, b) => a.createdAt.getTime() - b.createdAt.getTime())[1]!;
    const path = `/events/${eventId}/photos/${middle.id}`;
    const params = { id: String(eventId), photoId: String(middle.id) };
    const data = await runLoader(photoPage, handle.db, path, "en", params);
    expect(data.newerId).not.toBeNull();
    expect(data.olderId).not.toBeNull();
    const html = await renderPage(photoPage, path, "en", data);
    expectNoMissingMessages(html);
    expect(html).toContain(`/uploads/${middle.image}-1600.webp`);
    expect(linksOf(html)).toEqual(
      expect.arrayContaining([
        `/photos/${middle.id}/report`,
        `/events/${eventId}/photos/${data.newerId}`,
        `/events/${eventId}/photos/${data.olderId}`,
      ]),
    );
    expect(textOf(html)).toContain("Report this photo");

    await handle.db.transaction((tx) => setPhotoHidden(tx, middle.id, { reason: "Test" }));
    expect(await loaderStatus(() => runLoader(photoPage, handle.db, path, "en", params))).toBe(404);
    const list = await runLoader(photosPage, handle.db, `/events/${eventId}/photos`, "en", { id: String(eventId) });
    expect(list.photos.map((photo) => photo.id)).not.toContain(middle.id);
    await handle.db.transaction((tx) => setPhotoHidden(tx, middle.id, null));
    const [restored] = await handle.db.select().from(galleryPhotos).where(eq(galleryPhotos.id, middle.id));
    expect(restored?.hiddenAt).toBeNull();
  });

  it("answers 404 for a photo of another event and for an event with no such photo", async () => {
    const photo = photos[0]!;
    const otherEvent = photos.find((other) => other.eventId !== photo.eventId)!.eventId;
    expect(
      await loaderStatus(() =>
        runLoader(photoPage, handle.db, `/events/${otherEvent}/photos/${photo.id}`, "en", {
          id: String(otherEvent),
          photoId: String(photo.id),
        }),
      ),
    ).toBe(404);
    expect(
      await loaderStatus(() => runLoader(photosPage, handle.db, `/events/999999/photos`, "en", { id: "999999" })),
    ).toBe(404);
  });
});
