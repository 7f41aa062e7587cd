import { and, eq } from "drizzle-orm";
import { hideReasonSchema } from "#domain/report";
import type { Database } from "#server/db/client";
import { events, galleryPhotos, profiles, reports, reviews } from "#server/db/schema";
import { AppError } from "#server/errors";
import type { Actor } from "./actor";
import { publicContentChanged } from "./public-content";
import { requireStaff } from "./staff";
import { recordStaffAction } from "./staff-actions";

/*
 * Staff moderation of what members add to events: reviews and gallery photos. Hiding keeps the row (its
 * author still sees it is theirs) and takes it out of every public list and average; restoring puts it
 * back. Both are audited, and hiding settles the item's open reports as actioned. Events have their own
 * moderation (services/event-moderation.ts), which also e-mails their organizers.
 */

/** What members contribute that staff moderate here. */
export const CONTENT_SUBJECT_TYPES = ["review", "photo"] as const;
export type ContentSubjectType = (typeof CONTENT_SUBJECT_TYPES)[number];

export function isContentSubjectType(value: unknown): value is ContentSubjectType {
  return (CONTENT_SUBJECT_TYPES as readonly unknown[]).includes(value);
}

/** A review or photo as a moderator sees it: what it says or shows, whose, on which event, hidden or not. */
export interface ModeratedContent {
  type: ContentSubjectType;
  id: number;
  event: { id: number; title: string };
  author: { id: string; name: string };
  /** A review's rating; null for a photo. */
  rating: number | null;
  /** A review's text, or a photo's caption. */
  text: string | null;
  /** A photo's stored rendition base (`gallery/<hex>`); null for a review. */
  image: string | null;
  hiddenAt: Date | null;
  hiddenReason: string | null;
  createdAt: Date;
}

const tableOf = (type: ContentSubjectType) => (type === "review" ? reviews : galleryPhotos);

/** One review or photo, whatever its state, for the moderation page; null when there is none. */
export async function getModeratedContent(
  db: Database,
  subject: { type: ContentSubjectType; id: number },
): Promise<ModeratedContent | null> {
  const table = tableOf(subject.type);
  const [row] = await db
    .select({
      id: table.id,
      eventId: events.id,
      eventTitle: events.title,
      authorId: table.authorId,
      authorName: profiles.name,
      hiddenAt: table.hiddenAt,
      hiddenReason: table.hiddenReason,
      createdAt: table.createdAt,
    })
    .from(table)
    .innerJoin(events, eq(events.id, table.eventId))
    .leftJoin(profiles, eq(profiles.userId, table.authorId))
    .where(eq(table.id, subject.id));
  if (!row) return null;
  let rating: number | null = null;
  let text: string | null = null;
  let image: string | null = null;
  if (subject.type === "review") {
    const [review] = await db
      .select({ rating: reviews.rating, body: reviews.body })
      .from(reviews)
      .where(eq(reviews.id, subject.id));
    rating = review?.rating ?? null;
    text = review?.body ?? null;
  } else {
    const [photo] = await db
      .select({ image: galleryPhotos.image, alt: galleryPhotos.alt })
      .from(galleryPhotos)
      .where(eq(galleryPhotos.id, subject.id));
    text = photo?.alt ?? null;
    image = photo?.image ?? null;
  }
  return {
    type: subject.type,
    id: row.id,
    event: { id: row.eventId, title: row.eventTitle },
    author: { id: row.authorId, name: row.authorName ?? "" },
    rating,
    text,
    image,
    hiddenAt: row.hiddenAt,
    hiddenReason: row.hiddenReason,
    createdAt: row.createdAt,
  };
}

export interface ContentModerationOutcome {
  type: ContentSubjectType;
  id: number;
  hiddenAt: Date | null;
  hiddenReason: string | null;
  reportsActioned: number;
}

/**
 * Hides a review or photo (staff only) with a reason (invalid, fields reason: reason_required…, without
 * one), audited as `review.hide` / `photo.hide`; its open reports become actioned. Unknown: not_found;
 * already hidden: conflict (already_hidden).
 */
export async function hideSubject(
  db: Database,
  actor: Actor,
  subject: { type: ContentSubjectType; id: number },
  reason: unknown,
  now: Date,
): Promise<ContentModerationOutcome> {
  await requireStaff(db, actor);
  const parsed = hideReasonSchema.safeParse(reason);
  if (!parsed.success) {
    throw new AppError("invalid", "Say why it is hidden.", {
      reason: parsed.error.issues[0]?.message ?? "reason_required",
    });
  }
  const table = tableOf(subject.type);
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ hiddenAt: table.hiddenAt, hiddenReason: table.hiddenReason })
      .from(table)
      .where(eq(table.id, subject.id))
      .for("update");
    if (!row) throw new AppError("not_found", `No ${subject.type} ${subject.id}.`);
    if (row.hiddenAt)
      throw new AppError("conflict", `This ${subject.type} is already hidden.`, { id: "already_hidden" });
    await tx.update(table).set({ hiddenAt: now, hiddenReason: parsed.data }).where(eq(table.id, subject.id));
    const actioned = await tx
      .update(reports)
      .set({ status: "actioned", resolvedBy: actor.userId, resolvedAt: now })
      .where(
        and(
          eq(reports.subjectType, subject.type),
          eq(reports.subjectId, String(subject.id)),
          eq(reports.status, "open"),
        ),
      )
      .returning({ id: reports.id });
    await recordStaffAction(
      tx,
      {
        actorId: actor.userId,
        action: `${subject.type}.hide`,
        subjectType: subject.type,
        subjectId: subject.id,
        reason: parsed.data,
        before: { hiddenAt: null, hiddenReason: null },
        after: { hiddenAt: now, hiddenReason: parsed.data, reportsActioned: actioned.map((entry) => entry.id) },
      },
      now,
    );
    return { ...subject, hiddenAt: now, hiddenReason: parsed.data, reportsActioned: actioned.length };
  });
  publicContentChanged(db);
  return outcome;
}

/** Puts a hidden review or photo back (staff only), audited. One not hidden is conflict (not_hidden). */
export async function restoreSubject(
  db: Database,
  actor: Actor,
  subject: { type: ContentSubjectType; id: number },
  now: Date,
): Promise<ContentModerationOutcome> {
  await requireStaff(db, actor);
  const table = tableOf(subject.type);
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ hiddenAt: table.hiddenAt, hiddenReason: table.hiddenReason })
      .from(table)
      .where(eq(table.id, subject.id))
      .for("update");
    if (!row) throw new AppError("not_found", `No ${subject.type} ${subject.id}.`);
    if (!row.hiddenAt) throw new AppError("conflict", `This ${subject.type} is not hidden.`, { id: "not_hidden" });
    await tx.update(table).set({ hiddenAt: null, hiddenReason: null }).where(eq(table.id, subject.id));
    await recordStaffAction(
      tx,
      {
        actorId: actor.userId,
        action: `${subject.type}.restore`,
        subjectType: subject.type,
        subjectId: subject.id,
        before: { hiddenAt: row.hiddenAt, hiddenReason: row.hiddenReason },
        after: { hiddenAt: null, hiddenReason: null },
      },
      now,
    );
    return { ...subject, hiddenAt: null, hiddenReason: null, reportsActioned: 0 };
  });
  publicContentChanged(db);
  return outcome;
}
