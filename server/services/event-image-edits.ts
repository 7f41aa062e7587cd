import { asc, eq } from "drizzle-orm";
import { MAX_EVENT_IMAGES } from "#domain/event-input";
import type { Database } from "#server/db/client";
import { eventImages, events } from "#server/db/schema";
import { AppError } from "#server/errors";
import type { EventImageUpload } from "#server/images/event-images";
import type { Actor } from "./actor";
import { encodeImages, removeUnusedImageFiles, storeImages } from "./event-image-storage";
import { type AuthoringContext, refuse, findManagedEvent, refuseCancelled } from "./event-authoring-steps";

/** One picture added to or removed from an event (the API's image operations); see event-authoring.ts. */

/**
 * Adds one picture after the event's others (the API's POST /{id}/images). Errors: not_found;
 * invalid { images: too_many_images } when it has 3; invalid { file | alt } for the upload itself.
 */
export async function addEventImage(
  db: Database,
  actor: Actor,
  eventId: number,
  upload: EventImageUpload,
  context: AuthoringContext,
): Promise<{ position: number }> {
  // Strangers learn nothing, not even whether their file would have been accepted.
  await db.transaction((tx) => findManagedEvent(tx, actor, eventId));
  const stored = await storeImages(context.uploadsDir, await encodeImages([upload], (_index, part) => part));
  try {
    return await db.transaction(async (tx) => {
      const { event } = await findManagedEvent(tx, actor, eventId);
      refuseCancelled(event.status);
      const current = await tx
        .select({ position: eventImages.position })
        .from(eventImages)
        .where(eq(eventImages.eventId, eventId));
      if (current.length >= MAX_EVENT_IMAGES)
        throw refuse({ images: "too_many_images" }, "The event has 3 pictures already.");
      const position = current.length === 0 ? 0 : Math.max(...current.map((image) => image.position)) + 1;
      await tx.insert(eventImages).values({ eventId, position, ...stored[0]! });
      await tx.update(events).set({ updatedAt: context.now }).where(eq(events.id, eventId));
      return { position };
    });
  } catch (error) {
    await removeUnusedImageFiles(db, context.uploadsDir, stored);
    throw error;
  }
}

/** Removes one picture; the ones after it move up, so the first one left is the cover. */
export async function removeEventImage(
  db: Database,
  actor: Actor,
  eventId: number,
  position: number,
  context: AuthoringContext,
): Promise<void> {
  const removed = await db.transaction(async (tx) => {
    const { event } = await findManagedEvent(tx, actor, eventId);
    refuseCancelled(event.status);
    const current = await tx
      .select()
      .from(eventImages)
      .where(eq(eventImages.eventId, eventId))
      .orderBy(asc(eventImages.position));
    const image = current.find((row) => row.position === position);
    if (!image) throw new AppError("not_found", `Event ${eventId} has no picture at ${position}.`);
    const rest = current.filter((row) => row !== image);
    await tx.delete(eventImages).where(eq(eventImages.eventId, eventId));
    if (rest.length > 0) {
      await tx
        .insert(eventImages)
        .values(
          rest.map(({ storageKey, widths, alt }, index) => ({ eventId, position: index, storageKey, widths, alt })),
        );
    }
    await tx.update(events).set({ updatedAt: context.now }).where(eq(events.id, eventId));
    return image;
  });
  await removeUnusedImageFiles(db, context.uploadsDir, [removed]);
}
