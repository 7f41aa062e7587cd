import { isWellFormedText } from "./text";

/*
 * Event photo galleries: after an event starts, the people who hold a valid ticket for it and its
 * organizers add photos (photos only: re-encoding video safely needs ffmpeg, which the site does not ship).
 */

/** The largest photo file accepted, before it is re-encoded. */
export const MAX_GALLERY_PHOTO_BYTES = 15 * 1024 * 1024;
/** At most this many photos of one person in one event's gallery (their removed ones do not count). */
export const MAX_PHOTOS_PER_PERSON_PER_EVENT = 20;
/** Uploads one person may make an hour, across all galleries. */
export const GALLERY_UPLOADS_PER_HOUR = 30;
/** A photo's description (its text alternative): required, short. */
export const MAX_GALLERY_ALT_LENGTH = 200;
/** Thumbnails shown on the event page; the full gallery page has the rest. */
export const EVENT_PAGE_PHOTO_COUNT = 8;
/** Photos per page of the full gallery. */
export const GALLERY_PAGE_SIZE = 48;

export type GalleryAltProblem = "alt_required" | "alt_too_long" | "alt_invalid";

/** The description as stored (trimmed), or why it cannot be. */
export function checkGalleryAlt(value: unknown): { ok: true; alt: string } | { ok: false; problem: GalleryAltProblem } {
  if (typeof value !== "string") return { ok: false, problem: "alt_required" };
  const alt = value.trim().replace(/\s+/g, " ");
  if (!isWellFormedText(alt)) return { ok: false, problem: "alt_invalid" };
  if (alt === "") return { ok: false, problem: "alt_required" };
  if ([...alt].length > MAX_GALLERY_ALT_LENGTH) return { ok: false, problem: "alt_too_long" };
  return { ok: true, alt };
}

/** Whether photos may be added to the event now: once it has started, unless it was cancelled. */
export function isGalleryOpen(event: { startsAt: Date; status: string }, now: Date): boolean {
  return event.status === "published" && event.startsAt.getTime() <= now.getTime();
}

/** Why a person may add photos: they hold a ticket, or they run the event. */
export type GalleryContributor = "ticket_holder" | "organizer" | "co_organizer";

/** The two stored sizes of a photo (server/images/gallery-photos.ts stores exactly these). */
export const GALLERY_WIDTHS = { thumbnail: 480, large: 1600 } as const;
