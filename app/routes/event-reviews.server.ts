import { isReviewable, REVIEW_SORTS, type ReviewSort } from "#domain/review";
import type { Database } from "#server/db/client";
import type { Actor } from "#server/services/actor";
import { listEventReviews, reviewStanding } from "#server/services/reviews";

/**
 * What the event page's reviews section shows (app/components/reviews/event-reviews.tsx): a page of the
 * visible reviews (`?reviews=N&reviewSort=helpful`), the average, and where the viewer stands (may they
 * review, their own review, are they the organizer). Null before the event ended: nothing to review yet.
 */
export async function loadEventReviews(
  db: Database,
  request: Request,
  viewer: Actor | null,
  event: { id: number; endsAt: Date; organizer: { id: string } },
  now: Date,
) {
  if (!isReviewable(event, now)) return null;
  const params = new URL(request.url).searchParams;
  const sortText = params.get("reviewSort");
  const sort: ReviewSort = (REVIEW_SORTS as readonly string[]).includes(sortText ?? "")
    ? (sortText as ReviewSort)
    : "newest";
  const pageText = params.get("reviews") ?? "1";
  const page = /^\d{1,4}$/.test(pageText) ? Math.max(1, Number(pageText)) : 1;
  const [list, standing] = await Promise.all([
    listEventReviews(db, event.id, { sort, page, viewer }),
    reviewStanding(db, viewer, { id: event.id, endsAt: event.endsAt, organizerId: event.organizer.id }, now),
  ]);
  return { ...list, sort, standing, viewerId: viewer?.userId ?? null };
}

export type EventReviewsData = NonNullable<Awaited<ReturnType<typeof loadEventReviews>>>;
