import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import {
  checkGalleryAlt,
  GALLERY_UPLOADS_PER_HOUR,
  isGalleryOpen,
  MAX_GALLERY_PHOTO_BYTES,
  MAX_PHOTOS_PER_PERSON_PER_EVENT,
  type GalleryContributor,
} from "#domain/gallery";
import { hit } from "#server/auth/throttle";
import type { Database } from "#server/db/client";
import { events, galleryPhotos, orders, profiles, tickets, users } from "#server/db/schema";
import { AppError } from "#server/errors";
import { deleteGalleryPhotoFiles, encodeGalleryPhoto, storeGalleryPhoto } from "#server/images/gallery-photos";
import type { Actor } from "./actor";
import { queueBadgeCheck } from "./badge-triggers";
import { eventRoleOf } from "./event-role";
import { publicEventPageCondition } from "./event-visibility";
import { publicContentChanged } from "./public-content";

/*
 * Event photo galleries (domain/gallery.ts). Who may add: once the event has started, the people who
 * hold a valid ticket for it and its organizer and co-organizers. Who may remove: the photo's author
 * and the event's organizers. What the public sees: photos not hidden by staff, of events whose page
 * is public (publicGalleryPhotoCondition). Moderation: gallery-moderation.ts.
 */

/** A photo as the public sees it. */
export interface GalleryPhoto {
  id: number;
  eventId: number;
  /** gallery_photos.image: the files are `/uploads/${image}-${width}.webp`. */
  image: string;
  width: number;
  height: number;
  alt: string;
  author: { id: string; name: string };
  createdAt: Date;
}

/**
 * THE condition of a gallery photo the public may see: not hidden by staff, and of an event whose
 * page is public (published or cancelled, not hidden). Every public query of photos uses it.
 */
export function publicGalleryPhotoCondition(): SQL {
  return sql`(${galleryPhotos.hiddenAt} is null and exists (select 1 from ${events}
    where ${events.id} = ${galleryPhotos.eventId} and ${publicEventPageCondition(events)}))`;
}

const photoColumns = {
  id: galleryPhotos.id,
  eventId: galleryPhotos.eventId,
  image: galleryPhotos.image,
  width: galleryPhotos.width,
  height: galleryPhotos.height,
  alt: galleryPhotos.alt,
  author: { id: galleryPhotos.authorId, name: profiles.name },
  createdAt: galleryPhotos.createdAt,
};

/** A page of an event's public photos, newest first, and how many there are in all. */
export async function listEventPhotos(
  db: Database,
  eventId: number,
  { limit, offset = 0 }: { limit: number; offset?: number },
): Promise<{ photos: GalleryPhoto[]; total: number }> {
  const where = and(eq(galleryPhotos.eventId, eventId), publicGalleryPhotoCondition());
  const [photos, [total]] = await Promise.all([
    db
      .select(photoColumns)
      .from(galleryPhotos)
      .innerJoin(profiles, eq(profiles.userId, galleryPhotos.authorId))
      .where(where)
      .orderBy(desc(galleryPhotos.createdAt), desc(galleryPhotos.id))
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(galleryPhotos).where(where),
  ]);
  return { photos, total: total?.value ?? 0 };
}

/** One public photo of the event, with the newer and older photos' ids (the gallery's order). */
export async function getEventPhoto(
  db: Database,
  eventId: number,
  photoId: number,
): Promise<{ photo: GalleryPhoto; newerId: number | null; olderId: number | null } | null> {
  const [photo] = await db
    .select(photoColumns)
    .from(galleryPhotos)
    .innerJoin(profiles, eq(profiles.userId, galleryPhotos.authorId))
    .where(and(eq(galleryPhotos.id, photoId), eq(galleryPhotos.eventId, eventId), publicGalleryPhotoCondition()));
  if (!photo) return null;
  const neighbour = async (newer: boolean) => {
    const [row] = await db
      .select({ id: galleryPhotos.id })
      .from(galleryPhotos)
      .where(
        and(
          eq(galleryPhotos.eventId, eventId),
          publicGalleryPhotoCondition(),
          newer
            ? sql`(${galleryPhotos.createdAt}, ${galleryPhotos.id}) > (${photo.createdAt.toISOString()}::timestamptz, ${photo.id})`
            : sql`(${galleryPhotos.createdAt}, ${galleryPhotos.id}) < (${photo.createdAt.toISOString()}::timestamptz, ${photo.id})`,
        ),
      )
      .orderBy(
        newer ? galleryPhotos.createdAt : desc(galleryPhotos.createdAt),
        newer ? galleryPhotos.id : desc(galleryPhotos.id),
      )
      .limit(1);
    return row?.id ?? null;
  };
  const [newerId, olderId] = await Promise.all([neighbour(true), neighbour(false)]);
  return { photo, newerId, olderId };
}

/**
 * Whether the person holds a valid ticket for the event: a confirmed order they placed signed in, or
 * placed with their account's address once confirmed (as their tickets list counts them), with at
 * least one ticket not void.
 */
export async function holdsTicket(db: Database, userId: string, eventId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .innerJoin(orders, eq(orders.id, tickets.orderId))
    .where(
      and(
        eq(tickets.eventId, eventId),
        eq(tickets.status, "valid"),
        eq(orders.status, "confirmed"),
        sql`(${orders.userId} = ${userId} or lower(${orders.buyerEmail}) = (select lower(u.email) from ${users} u
          where u.id = ${userId} and u.email_confirmed_at is not null))`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** What the person may do with an event's gallery now. */
export interface GalleryRights {
  /** Why they may add photos (once the event has started), or null. */
  contributor: GalleryContributor | null;
  /** Whether the gallery takes photos now: the event has started and was not cancelled. */
  isOpen: boolean;
  /** Whether they may remove any photo of the event (its organizers). */
  canRemoveAny: boolean;
  /** How many more photos they may add to this event. */
  photosLeft: number;
}

export async function galleryRightsOf(
  db: Database,
  actor: Actor | null,
  event: { id: number; organizerId: string; startsAt: Date; status: string },
  now: Date,
): Promise<GalleryRights> {
  const isOpen = isGalleryOpen(event, now);
  if (!actor) return { contributor: null, isOpen, canRemoveAny: false, photosLeft: 0 };
  const role = await eventRoleOf(db, actor, event);
  const contributor: GalleryContributor | null =
    role ?? ((await holdsTicket(db, actor.userId, event.id)) ? "ticket_holder" : null);
  const photosLeft = contributor ? MAX_PHOTOS_PER_PERSON_PER_EVENT - (await photosOf(db, actor.userId, event.id)) : 0;
  return { contributor, isOpen, canRemoveAny: role !== null, photosLeft: Math.max(0, photosLeft) };
}

async function photosOf(db: Pick<Database, "select">, userId: string, eventId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(galleryPhotos)
    .where(and(eq(galleryPhotos.eventId, eventId), eq(galleryPhotos.authorId, userId)));
  return row?.value ?? 0;
}

/** Why an upload was refused, for the form to say (AppError fields.file / fields.alt / fields._). */
export type GalleryUploadProblem =
  | "photo_too_large"
  | "photo_type"
  | "alt_required"
  | "alt_too_long"
  | "alt_invalid"
  | "not_open"
  | "photo_limit"
  | "too_many_uploads";

/** The event of a gallery, as the public may see it; not_found otherwise. */
export async function galleryEventOf(db: Database, eventId: number) {
  const [event] = await db
    .select({
      id: events.id,
      title: events.title,
      language: events.language,
      timeZone: events.timeZone,
      organizerId: events.organizerId,
      startsAt: events.startsAt,
      status: events.status,
    })
    .from(events)
    .where(and(eq(events.id, eventId), publicEventPageCondition(events)));
  if (!event) throw new AppError("not_found", "No such event.");
  return event;
}

/**
 * Adds a photo to the event's gallery. Checked in this order, so that nobody learns more than they may
 * and no costly work is done for a refused upload: the event is public (not_found); the person holds a
 * ticket or runs it (forbidden); it has started (conflict not_open); their photos there are under the
 * limit (conflict photo_limit); their uploads this hour (rate_limited); the description; the file
 * (invalid). The photo is re-encoded (no metadata survives), stored, and its row written with a badge
 * check for its author in one transaction.
 */
export async function addGalleryPhoto(
  db: Database,
  actor: Actor,
  eventId: number,
  upload: { bytes: Uint8Array; alt: unknown },
  { now, uploadsDir }: { now: Date; uploadsDir: string },
): Promise<GalleryPhoto> {
  const event = await galleryEventOf(db, eventId);
  const rights = await galleryRightsOf(db, actor, event, now);
  if (!rights.contributor) {
    throw new AppError("forbidden", "Only people with a ticket for the event and its organizers add photos.");
  }
  if (!rights.isOpen) {
    throw new AppError("conflict", "Photos can be added once the event has started.", { _: "not_open" });
  }
  if (rights.photosLeft <= 0) throw photoLimit();
  const alt = checkGalleryAlt(upload.alt);
  if (!alt.ok) throw new AppError("invalid", "The photo needs a short description.", { alt: alt.problem });
  const throttle = await hit(db, `gallery-upload:${actor.userId}`, GALLERY_UPLOADS_PER_HOUR, 3600, now);
  if (!throttle.isAllowed) {
    throw new AppError("rate_limited", "Too many photos this hour; try again later.", { _: "too_many_uploads" });
  }
  const encoded = await encodeGalleryPhoto(upload.bytes);
  if (!encoded.ok) {
    throw encoded.problem === "too_large"
      ? new AppError("invalid", `A photo is at most ${MAX_GALLERY_PHOTO_BYTES / 1024 / 1024} MB.`, {
          file: "photo_too_large",
        })
      : new AppError("invalid", "The file is not a JPEG, PNG, WebP, GIF or AVIF photo.", { file: "photo_type" });
  }
  const image = await storeGalleryPhoto(uploadsDir, encoded.photo);
  try {
    const id = await db.transaction(async (tx) => {
      // One upload of the event's at a time, so that two at once cannot both pass the limit.
      await tx.execute(sql`select 1 from ${events} where ${events.id} = ${eventId} for no key update`);
      if ((await photosOf(tx, actor.userId, eventId)) >= MAX_PHOTOS_PER_PERSON_PER_EVENT) throw photoLimit();
      const [row] = await tx
        .insert(galleryPhotos)
        .values({
          eventId,
          authorId: actor.userId,
          image,
          width: encoded.photo.width,
          height: encoded.photo.height,
          alt: alt.alt,
          createdAt: now,
        })
        .returning({ id: galleryPhotos.id });
      await queueBadgeCheck(tx, [actor.userId]);
      return row!.id;
    });
    publicContentChanged(db);
    const [author] = await db.select({ name: profiles.name }).from(profiles).where(eq(profiles.userId, actor.userId));
    return {
      id,
      eventId,
      image,
      width: encoded.photo.width,
      height: encoded.photo.height,
      alt: alt.alt,
      author: { id: actor.userId, name: author?.name ?? "" },
      createdAt: now,
    };
  } catch (error) {
    await deleteGalleryPhotoFiles(uploadsDir, [image]);
    throw error;
  }
}

function photoLimit(): AppError {
  return new AppError(
    "conflict",
    `At most ${MAX_PHOTOS_PER_PERSON_PER_EVENT} photos per person in an event's gallery.`,
    { _: "photo_limit" },
  );
}

/**
 * Removes a photo, its row and its files: its author may, and the event's organizer and co-organizers
 * (hidden photos too). Anyone else: forbidden; no such photo: not_found. Returns the photo's event.
 */
export async function deleteGalleryPhoto(
  db: Database,
  actor: Actor,
  photoId: number,
  { uploadsDir }: { uploadsDir: string },
): Promise<{ eventId: number }> {
  const [photo] = await db
    .select({
      id: galleryPhotos.id,
      eventId: galleryPhotos.eventId,
      authorId: galleryPhotos.authorId,
      image: galleryPhotos.image,
      organizerId: events.organizerId,
    })
    .from(galleryPhotos)
    .innerJoin(events, eq(events.id, galleryPhotos.eventId))
    .where(eq(galleryPhotos.id, photoId));
  if (!photo) throw new AppError("not_found", "No such photo.");
  const mayRemove =
    photo.authorId === actor.userId ||
    (await eventRoleOf(db, actor, { id: photo.eventId, organizerId: photo.organizerId }));
  if (!mayRemove) throw new AppError("forbidden", "Only the photo's author and the event's organizers remove it.");
  const [removed] = await db
    .delete(galleryPhotos)
    .where(eq(galleryPhotos.id, photoId))
    .returning({ image: galleryPhotos.image });
  if (removed) {
    publicContentChanged(db);
    await deleteGalleryPhotoFiles(uploadsDir, [removed.image]);
  }
  return { eventId: photo.eventId };
}

/** The ids of a page's photos that the person may remove (theirs, or all for the event's organizers). */
export function removableBy(rights: GalleryRights, actor: Actor | null, photos: readonly GalleryPhoto[]): number[] {
  if (!actor) return [];
  return photos.filter((photo) => rights.canRemoveAny || photo.author.id === actor.userId).map((photo) => photo.id);
}
