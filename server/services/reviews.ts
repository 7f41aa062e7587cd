import { and, eq, sql } from "drizzle-orm";
import {
  isReviewable,
  isReviewEditable,
  reviewAnswerSchema,
  reviewEditableUntil,
  reviewInputSchema,
  REVIEWS_PAGE_SIZE,
  roundedAverage,
  type ReviewSort,
} from "#domain/review";
import type { Language } from "#domain/language";
import { selectRows, type Database } from "#server/db/client";
import { events, reviewHelpfulVotes, reviews } from "#server/db/schema";
import { AppError } from "#server/errors";
import type { Actor } from "./actor";
import { queueBadgeCheck } from "./badge-triggers";
import { emailRecipients } from "./email-preferences";
import { enqueueJobs } from "./enqueue-job";
import { e as eventsAsE, publicEventPageCondition } from "./event-visibility";
import { notify } from "./notifications";
import { publicContentChanged } from "./public-content";

/*
 * Reviews (issue 19): who may rate an event, writing and editing a review, the organizer's one public
 * answer, "helpful" votes, and the lists and averages the public reads. Hidden reviews (staff
 * moderation, services/content-moderation.ts) leave every public list and average.
 */

/** The job that e-mails a reviewer (their review was answered) or an organizer (a review arrived). */
export const SEND_REVIEW_EMAIL_JOB = "send_review_email";

export interface ReviewEmailPayload extends Record<string, unknown> {
  kind: "posted" | "answered";
  to: string;
  language: Language;
  name: string;
  eventId: number;
  eventTitle: string;
  rating: number;
  reviewId: number;
}

/** A review as the public reads it. */
export interface PublicReview {
  id: number;
  eventId: number;
  rating: number;
  body: string | null;
  author: { id: string; name: string };
  answer: { text: string; answeredAt: Date } | null;
  helpfulCount: number;
  /** Whether the person reading marked it helpful (false when signed out). */
  markedHelpful: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface RatingSummary {
  /** Rounded to one decimal; null without reviews. */
  average: number | null;
  count: number;
}

/** The viewer's own review of an event, whatever its state, with whether they may still change it. */
export interface OwnReview {
  id: number;
  rating: number;
  body: string | null;
  isHidden: boolean;
  isEditable: boolean;
  editableUntil: Date;
  createdAt: Date;
}

/** Where the viewer stands with an event's reviews: may they write one, have they, do they organize it. */
export interface ReviewStanding {
  canReview: boolean;
  ownReview: OwnReview | null;
  isOrganizer: boolean;
}

/** The event as reviews need it: public page, ended or not, and whose. */
async function reviewableEvent(db: Pick<Database, "select">, eventId: number) {
  const [event] = await db
    .select({ id: events.id, title: events.title, endsAt: events.endsAt, organizerId: events.organizerId })
    .from(events)
    .where(and(eq(events.id, eventId), publicEventPageCondition()));
  return event ?? null;
}

/**
 * Whether this person held a valid ticket to the event: a ticket of theirs that was checked in, or one
 * still valid (its order confirmed, never cancelled or refunded). Theirs means an order they placed
 * signed in, or with their account's address once that address is confirmed (as My tickets counts).
 */
export async function heldValidTicket(db: Database, userId: string, eventId: number): Promise<boolean> {
  const rows = await selectRows<{ held: boolean }>(
    db,
    sql`select exists (
      select 1 from tickets t join orders o on o.id = t.order_id
      where t.event_id = ${eventId}
        and (t.checked_in_at is not null or (t.status = 'valid' and o.status = 'confirmed'))
        and (o.user_id = ${userId} or lower(o.buyer_email) = (select lower(u.email) from users u
          where u.id = ${userId} and u.email_confirmed_at is not null))
    ) as held`,
  );
  return rows[0]?.held === true;
}

function ownReviewOf(row: typeof reviews.$inferSelect, now: Date): OwnReview {
  return {
    id: row.id,
    rating: row.rating,
    body: row.body,
    isHidden: row.hiddenAt !== null,
    isEditable: isReviewEditable(row.createdAt, now),
    editableUntil: reviewEditableUntil(row.createdAt),
    createdAt: row.createdAt,
  };
}

/** The viewer's standing with an event's reviews (null viewer: signed out, may do nothing). */
export async function reviewStanding(
  db: Database,
  viewer: Actor | null,
  event: { id: number; endsAt: Date; organizerId: string },
  now: Date,
): Promise<ReviewStanding> {
  if (!viewer) return { canReview: false, ownReview: null, isOrganizer: false };
  const isOrganizer = viewer.userId === event.organizerId;
  const [own] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.eventId, event.id), eq(reviews.authorId, viewer.userId)));
  if (own) return { canReview: false, ownReview: ownReviewOf(own, now), isOrganizer };
  const canReview = !isOrganizer && isReviewable(event, now) && (await heldValidTicket(db, viewer.userId, event.id));
  return { canReview, ownReview: null, isOrganizer };
}

function parseReview(input: unknown) {
  const parsed = reviewInputSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    if (issue.code === "unrecognized_keys") for (const key of issue.keys) fields[key] ??= "unknown_field";
    else if (issue.path[0] === "body") fields.body ??= issue.message;
    else fields.rating ??= "rating_invalid";
  }
  throw new AppError(
    "invalid",
    "Rate the event from 1 to 5 stars; the text is optional, up to 2,000 characters.",
    fields,
  );
}

/**
 * Writes a person's review of an event (rating 1–5, optional text). Only someone who held a valid ticket
 * may, once the event ended, once per event: the organizer may not review their own event (forbidden,
 * fields eventId: not_a_ticket_holder / organizer), an event not over yet is conflict (event_not_over),
 * a second review is conflict (already_reviewed). The organizer gets a notification (and an e-mail
 * unless turned off); the author's badges are re-checked.
 */
export async function createReview(
  db: Database,
  actor: Actor,
  eventId: number,
  input: unknown,
  now: Date,
): Promise<OwnReview> {
  const review = parseReview(input);
  const event = await reviewableEvent(db, eventId);
  if (!event) throw new AppError("not_found", `No event ${eventId}.`);
  if (event.organizerId === actor.userId) {
    throw new AppError("forbidden", "Organizers do not review their own events.", { eventId: "organizer" });
  }
  if (!(await heldValidTicket(db, actor.userId, eventId))) {
    throw new AppError("forbidden", "Only people who held a ticket may review this event.", {
      eventId: "not_a_ticket_holder",
    });
  }
  if (!isReviewable(event, now)) {
    throw new AppError("conflict", "The event is not over yet.", { eventId: "event_not_over" });
  }
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reviews)
      .values({
        eventId,
        authorId: actor.userId,
        rating: review.rating,
        body: review.body,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError("conflict", "You already reviewed this event.", { eventId: "already_reviewed" });
    const data = { reviewId: row.id, eventId, eventTitle: event.title, rating: row.rating };
    await notify(tx, [event.organizerId], { kind: "review_posted", data }, now);
    await queueReviewEmails(tx, [event.organizerId], "posted", data);
    await queueBadgeCheck(tx, [actor.userId]);
    return row;
  });
  publicContentChanged(db);
  return ownReviewOf(created, now);
}

/**
 * Changes one's own review, within 30 days of posting it (conflict, fields reviewId: edit_window_closed,
 * afterwards). Someone else's review is not_found, as is a review that does not exist.
 */
export async function editReview(
  db: Database,
  actor: Actor,
  reviewId: number,
  input: unknown,
  now: Date,
): Promise<OwnReview> {
  const review = parseReview(input);
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for("update");
    if (!row || row.authorId !== actor.userId) throw new AppError("not_found", `No review ${reviewId} of yours.`);
    if (!isReviewEditable(row.createdAt, now)) {
      throw new AppError("conflict", "Reviews can be changed for 30 days after posting.", {
        reviewId: "edit_window_closed",
      });
    }
    const [changed] = await tx
      .update(reviews)
      .set({ rating: review.rating, body: review.body, updatedAt: now })
      .where(eq(reviews.id, reviewId))
      .returning();
    return changed!;
  });
  publicContentChanged(db);
  return ownReviewOf(updated, now);
}

/**
 * The event's organizer answers a review publicly, once (conflict, fields reviewId: already_answered,
 * afterwards). Anyone else, co-organizers included, is forbidden: the answer speaks for the organizer
 * whose name is on the event. The reviewer gets a notification (and an e-mail unless turned off).
 */
export async function answerReview(
  db: Database,
  actor: Actor,
  reviewId: number,
  input: unknown,
  now: Date,
): Promise<PublicReview> {
  const parsed = reviewAnswerSchema.safeParse(input);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      if (issue.code === "unrecognized_keys") for (const key of issue.keys) fields[key] ??= "unknown_field";
      else fields.answer ??= issue.message;
    }
    throw new AppError("invalid", "Write an answer of up to 2,000 characters.", fields);
  }
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ review: reviews, organizerId: events.organizerId, title: events.title })
      .from(reviews)
      .innerJoin(events, eq(events.id, reviews.eventId))
      .where(and(eq(reviews.id, reviewId), publicEventPageCondition()))
      .for("update", { of: reviews });
    if (!row || row.review.hiddenAt) throw new AppError("not_found", `No review ${reviewId}.`);
    if (row.organizerId !== actor.userId) {
      throw new AppError("forbidden", "Only the event's organizer answers its reviews.", { reviewId: "not_organizer" });
    }
    if (row.review.answer !== null) {
      throw new AppError("conflict", "This review was already answered.", { reviewId: "already_answered" });
    }
    await tx
      .update(reviews)
      .set({ answer: parsed.data.answer, answeredBy: actor.userId, answeredAt: now })
      .where(eq(reviews.id, reviewId));
    const data = { reviewId, eventId: row.review.eventId, eventTitle: row.title };
    await notify(tx, [row.review.authorId], { kind: "review_answered", data }, now);
    await queueReviewEmails(tx, [row.review.authorId], "answered", { ...data, rating: row.review.rating });
  });
  publicContentChanged(db);
  return (await getPublicReview(db, reviewId, actor))!;
}

async function queueReviewEmails(
  tx: Pick<Database, "select" | "insert">,
  userIds: string[],
  kind: ReviewEmailPayload["kind"],
  data: { reviewId: number; eventId: number; eventTitle: string; rating: number },
): Promise<void> {
  const recipients = await emailRecipients(tx, userIds, "reviews");
  await enqueueJobs(
    tx,
    SEND_REVIEW_EMAIL_JOB,
    recipients.map((person): ReviewEmailPayload => ({
      kind,
      to: person.email,
      language: person.language,
      name: person.name,
      ...data,
    })),
  );
}

/**
 * Marks (or, with `helpful` false, un-marks) a review as helpful for this person, once. Their own review
 * is forbidden (fields reviewId: own_review); a hidden or unknown one is not_found. Idempotent.
 */
export async function setReviewHelpful(
  db: Database,
  actor: Actor,
  reviewId: number,
  helpful: boolean,
  now: Date,
): Promise<PublicReview> {
  const [row] = await db
    .select({ authorId: reviews.authorId, hiddenAt: reviews.hiddenAt })
    .from(reviews)
    .innerJoin(events, eq(events.id, reviews.eventId))
    .where(and(eq(reviews.id, reviewId), publicEventPageCondition()));
  if (!row || row.hiddenAt) throw new AppError("not_found", `No review ${reviewId}.`);
  if (row.authorId === actor.userId) {
    throw new AppError("forbidden", "Your own review cannot be marked helpful by you.", { reviewId: "own_review" });
  }
  if (helpful) {
    await db
      .insert(reviewHelpfulVotes)
      .values({ reviewId, userId: actor.userId, createdAt: now })
      .onConflictDoNothing();
  } else {
    await db
      .delete(reviewHelpfulVotes)
      .where(and(eq(reviewHelpfulVotes.reviewId, reviewId), eq(reviewHelpfulVotes.userId, actor.userId)));
  }
  publicContentChanged(db);
  return (await getPublicReview(db, reviewId, actor))!;
}

interface ReviewRow extends Record<string, unknown> {
  id: number;
  event_id: number;
  rating: number;
  body: string | null;
  author_id: string;
  author_name: string | null;
  answer: string | null;
  answered_at: Date | string | null;
  helpful_count: number;
  marked: boolean;
  created_at: Date | string;
  updated_at: Date | string;
}

function publicReviewOf(row: ReviewRow): PublicReview {
  return {
    id: Number(row.id),
    eventId: Number(row.event_id),
    rating: Number(row.rating),
    body: row.body,
    author: { id: row.author_id, name: row.author_name ?? "" },
    answer:
      row.answer !== null && row.answered_at !== null
        ? { text: row.answer, answeredAt: new Date(row.answered_at) }
        : null,
    helpfulCount: Number(row.helpful_count),
    markedHelpful: row.marked === true,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

const reviewColumns = (
  viewer: Actor | null,
) => sql`r.id, r.event_id, r.rating, r.body, r.author_id, p.name as author_name,
  r.answer, r.answered_at, r.created_at, r.updated_at,
  (select count(*)::int from review_helpful_votes v where v.review_id = r.id) as helpful_count,
  ${viewer ? sql`exists (select 1 from review_helpful_votes v where v.review_id = r.id and v.user_id = ${viewer.userId})` : sql`false`} as marked`;

/** One review the public can see (not hidden, its event's page public), or null. */
export async function getPublicReview(
  db: Database,
  reviewId: number,
  viewer: Actor | null,
): Promise<PublicReview | null> {
  const rows = await selectRows<ReviewRow>(
    db,
    sql`select ${reviewColumns(viewer)}
      from reviews r join events e on e.id = r.event_id left join profiles p on p.user_id = r.author_id
      where r.id = ${reviewId} and r.hidden_at is null and ${publicEventPageCondition(eventsAsE)}`,
  );
  return rows[0] ? publicReviewOf(rows[0]) : null;
}

/**
 * A page of an event's visible reviews, newest first or most helpful first (then newest), with the
 * event's average and count. One query for the page (bounded by LIMIT), one for the summary.
 */
export async function listEventReviews(
  db: Database,
  eventId: number,
  { sort = "newest", page = 1, viewer = null }: { sort?: ReviewSort; page?: number; viewer?: Actor | null },
): Promise<{ reviews: PublicReview[]; hasMore: boolean; page: number; summary: RatingSummary }> {
  const safePage = Math.max(1, Math.min(10_000, Math.trunc(page) || 1));
  const order =
    sort === "helpful"
      ? sql`helpful_count desc, r.created_at desc, r.id desc`
      : // As reviews_event_visible_idx orders them, so the page is a bounded walk of the index.
        sql`r.created_at desc nulls last, r.id desc nulls last`;
  const rows = await selectRows<ReviewRow>(
    db,
    sql`select ${reviewColumns(viewer)}
      from reviews r left join profiles p on p.user_id = r.author_id
      where r.event_id = ${eventId} and r.hidden_at is null
      order by ${order}
      limit ${REVIEWS_PAGE_SIZE + 1} offset ${(safePage - 1) * REVIEWS_PAGE_SIZE}`,
  );
  return {
    reviews: rows.slice(0, REVIEWS_PAGE_SIZE).map(publicReviewOf),
    hasMore: rows.length > REVIEWS_PAGE_SIZE,
    page: safePage,
    summary: await eventRatingSummary(db, eventId),
  };
}

/** An event's average rating and number of visible reviews. */
export async function eventRatingSummary(db: Database, eventId: number): Promise<RatingSummary> {
  const rows = await selectRows<{ total: number | string | null; count: number }>(
    db,
    sql`select sum(rating)::int as total, count(*)::int as count from reviews where event_id = ${eventId} and hidden_at is null`,
  );
  const count = Number(rows[0]?.count ?? 0);
  return { average: roundedAverage(Number(rows[0]?.total ?? 0), count), count };
}

/**
 * An organizer's average rating over all their events the public can see (visible reviews only), and
 * how many reviews it is made of. For organizer pages and the public profile.
 */
export async function organizerRatingSummary(db: Database, organizerId: string): Promise<RatingSummary> {
  const rows = await selectRows<{ total: number | string | null; count: number }>(
    db,
    sql`select sum(r.rating)::int as total, count(*)::int as count
      from reviews r join events e on e.id = r.event_id
      where e.organizer_id = ${organizerId} and r.hidden_at is null and ${publicEventPageCondition(eventsAsE)}`,
  );
  const count = Number(rows[0]?.count ?? 0);
  return { average: roundedAverage(Number(rows[0]?.total ?? 0), count), count };
}

/** The event of a review anyone can see, for pages that act on one review (report, answer, vote). */
export async function reviewEventId(db: Database, reviewId: number): Promise<number | null> {
  const [row] = await db
    .select({ eventId: reviews.eventId })
    .from(reviews)
    .innerJoin(events, eq(events.id, reviews.eventId))
    .where(and(eq(reviews.id, reviewId), publicEventPageCondition(), sql`${reviews.hiddenAt} is null`));
  return row?.eventId ?? null;
}

/** A person's review of an event, whatever its state (their own, for the form that writes or edits it). */
export async function getReviewByAuthor(db: Database, eventId: number, authorId: string) {
  const [row] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.eventId, eventId), eq(reviews.authorId, authorId)));
  return row ?? null;
}

/** Whether the public can open the event's page (so its reviews can be listed). */
export async function publicEventPageExists(db: Database, eventId: number): Promise<boolean> {
  return (await reviewableEvent(db, eventId)) !== null;
}
