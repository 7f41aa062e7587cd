import { Link, useFetcher } from "react-router";
import { SubmitButton } from "#app/components/ui/submit-button";
import { buttonClasses } from "#app/components/ui/button";
import { formatCount, formatDate } from "#app/i18n/format";
import { useTranslation } from "#app/i18n/use-translation";
import type { Language } from "#domain/language";
import { MAX_RATING, MAX_REVIEW_ANSWER_LENGTH, MAX_REVIEW_BODY_LENGTH } from "#domain/review-limits";
import type { EventReviewsData } from "#app/routes/event-reviews.server";
import type { ReviewActionResult } from "#app/routes/event-reviews";

const FIELD =
  "w-full rounded-md border border-border bg-background px-3 py-2 text-sm text-foreground aria-invalid:border-red-700 dark:aria-invalid:border-red-400";
const ALERT =
  "rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100";
const STATUS =
  "rounded-md border border-green-700 bg-green-50 p-3 text-sm text-green-900 dark:border-green-400 dark:bg-green-950 dark:text-green-100";
const LINK = "text-primary underline underline-offset-2 hover:no-underline";

/** Filled and empty stars for a rating, read out as words ("4 out of 5"). */
function Stars({ rating, label }: { rating: number; label: string }) {
  const full = Math.round(rating);
  return (
    <span role="img" aria-label={label} className="text-amber-700 dark:text-amber-300">
      <span aria-hidden="true">{"★".repeat(full) + "☆".repeat(MAX_RATING - full)}</span>
    </span>
  );
}

/**
 * The event page's reviews: the average and count, the reviews (newest or most helpful first, paged,
 * server-rendered) with the organizer's answers, and the forms a viewer may use (write or edit their
 * review, answer, mark helpful). Plain forms through fetchers posting to `/events/{id}/reviews`.
 */
export function EventReviews({
  eventId,
  timeZone,
  data,
}: {
  eventId: number;
  timeZone: string;
  data: EventReviewsData;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const { summary, reviews, standing, sort, page, hasMore, viewerId } = data;
  const pageLink = (next: { page?: number; sort?: string }) => {
    const params = new URLSearchParams();
    const nextSort = next.sort ?? sort;
    if (nextSort !== "newest") params.set("reviewSort", nextSort);
    if ((next.page ?? 1) > 1) params.set("reviews", String(next.page));
    const text = params.toString();
    return `/events/${eventId}${text ? `?${text}` : ""}#reviews`;
  };
  const starsLabel = (n: number) => t("reviews.stars", { n: formatCount(n, language) });

  return (
    <section id="reviews" aria-labelledby="reviews-heading" className="flex scroll-mt-24 flex-col gap-4">
      <h2 id="reviews-heading" className="text-xl font-bold">
        {t("reviews.title")}
      </h2>
      <p className="flex flex-wrap items-center gap-2 text-sm">
        {summary.average === null ? (
          t("reviews.none")
        ) : (
          <>
            <Stars
              rating={summary.average}
              label={t("reviews.averageLabel", { average: summary.average.toLocaleString(language) })}
            />
            <span className="font-semibold">{summary.average.toLocaleString(language)}</span>
            <span className="text-muted-foreground">
              {t("reviews.count", { n: formatCount(summary.count, language) })}
            </span>
          </>
        )}
      </p>
      <ReviewForm eventId={eventId} data={data} />
      {!viewerId && (
        <p className="text-sm text-muted-foreground">
          <Link to={`/signin?next=${encodeURIComponent(`/events/${eventId}#reviews`)}`} className={LINK}>
            {t("reviews.signInToReview")}
          </Link>
        </p>
      )}
      {summary.count > 1 && (
        <nav aria-label={t("reviews.sortLabel")} className="flex gap-2 text-sm">
          {(["newest", "helpful"] as const).map((option) => (
            <Link
              key={option}
              to={pageLink({ sort: option })}
              preventScrollReset
              aria-current={option === sort ? "true" : undefined}
              className={buttonClasses(option === sort ? "primary" : "outline", "sm")}
            >
              {t(`reviews.sort.${option}`)}
            </Link>
          ))}
        </nav>
      )}
      {reviews.length > 0 && (
        <ul className="flex flex-col gap-3">
          {reviews.map((review) => (
            <li
              key={review.id}
              id={`review-${review.id}`}
              className="flex flex-col gap-2 rounded-lg border border-border p-4"
            >
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                <Stars rating={review.rating} label={starsLabel(review.rating)} />
                <Link to={`/users/${review.author.id}`} className="font-semibold">
                  <bdi dir="auto">{review.author.name}</bdi>
                </Link>
                <span className="text-muted-foreground">{formatDate(review.createdAt, timeZone, language)}</span>
              </p>
              {review.body && (
                <p dir="auto" className="whitespace-pre-line">
                  {review.body}
                </p>
              )}
              {review.answer && (
                <div className="ms-4 flex flex-col gap-1 border-s-2 border-primary ps-3 text-sm">
                  <p className="font-semibold">{t("reviews.answerFrom")}</p>
                  <p dir="auto" className="whitespace-pre-line">
                    {review.answer.text}
                  </p>
                </div>
              )}
              <ReviewActions eventId={eventId} review={review} viewerId={viewerId} isOrganizer={standing.isOrganizer} />
            </li>
          ))}
        </ul>
      )}
      {(page > 1 || hasMore) && (
        <nav aria-label={t("reviews.pagesLabel")} className="flex gap-2">
          {page > 1 && (
            <Link to={pageLink({ page: page - 1 })} preventScrollReset className={buttonClasses("outline", "sm")}>
              {t("reviews.previous")}
            </Link>
          )}
          {hasMore && (
            <Link to={pageLink({ page: page + 1 })} preventScrollReset className={buttonClasses("outline", "sm")}>
              {t("reviews.next")}
            </Link>
          )}
        </nav>
      )}
    </section>
  );
}

type Review = EventReviewsData["reviews"][number];

/** Helpful (for others), answer (for the organizer, once), report (for anyone but the author). */
function ReviewActions({
  eventId,
  review,
  viewerId,
  isOrganizer,
}: {
  eventId: number;
  review: Review;
  viewerId: string | null;
  isOrganizer: boolean;
}) {
  const { t, i18n } = useTranslation();
  const helpful = useFetcher<ReviewActionResult>();
  const answer = useFetcher<ReviewActionResult>();
  const isAuthor = viewerId === review.author.id;
  const problem = answer.data && !answer.data.ok ? answer.data.problem : null;
  const answerId = `answer-${review.id}`;
  return (
    <>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <span className="text-muted-foreground">
          {t("reviews.helpfulCount", { n: formatCount(review.helpfulCount, i18n.language as Language) })}
        </span>
        {viewerId && !isAuthor && (
          <helpful.Form method="post" action={`/events/${eventId}/reviews`}>
            <input type="hidden" name="reviewId" value={review.id} />
            <input type="hidden" name="intent" value={review.markedHelpful ? "unhelpful" : "helpful"} />
            <SubmitButton
              variant="outline"
              size="sm"
              pending={helpful.state !== "idle"}
              aria-pressed={review.markedHelpful}
            >
              {t(review.markedHelpful ? "reviews.unmarkHelpful" : "reviews.markHelpful")}
            </SubmitButton>
          </helpful.Form>
        )}
        {!isAuthor && (
          <Link to={`/reviews/${review.id}/report`} className={LINK}>
            {t("reviews.report")}
          </Link>
        )}
      </div>
      {isOrganizer && !review.answer && (
        <answer.Form method="post" action={`/events/${eventId}/reviews`} className="flex flex-col gap-2">
          <input type="hidden" name="intent" value="answer" />
          <input type="hidden" name="reviewId" value={review.id} />
          <label htmlFor={answerId} className="text-sm font-medium">
            {t("reviews.answerLabel")}
          </label>
          <textarea
            id={answerId}
            name="answer"
            rows={3}
            maxLength={MAX_REVIEW_ANSWER_LENGTH}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${answerId}-problem` : `${answerId}-hint`}
            className={FIELD}
          />
          <p id={`${answerId}-hint`} className="text-xs text-muted-foreground">
            {t("reviews.answerHint")}
          </p>
          {problem && (
            <p id={`${answerId}-problem`} role="alert" className={ALERT}>
              {t(`reviews.errors.${problem}`)}
            </p>
          )}
          <SubmitButton size="sm" className="self-start" pending={answer.state !== "idle"}>
            {t("reviews.answerSubmit")}
          </SubmitButton>
        </answer.Form>
      )}
    </>
  );
}

/** Write a review (ticket holders of an event that ended) or change one's own within 30 days. */
function ReviewForm({ eventId, data }: { eventId: number; data: EventReviewsData }) {
  const { t, i18n } = useTranslation();
  const fetcher = useFetcher<ReviewActionResult>();
  const { standing } = data;
  const own = standing.ownReview;
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const problem = result && !result.ok ? result.problem : null;
  if (own && own.isHidden) return <p className="text-sm text-muted-foreground">{t("reviews.ownHidden")}</p>;
  if (!standing.canReview && !(own && own.isEditable)) {
    return own ? <p className="text-sm text-muted-foreground">{t("reviews.ownLocked")}</p> : null;
  }
  const language = i18n.language as Language;
  return (
    <fetcher.Form
      method="post"
      action={`/events/${eventId}/reviews`}
      className="flex flex-col gap-3 rounded-lg border border-border p-4"
      aria-labelledby="review-form-title"
    >
      <h3 id="review-form-title" className="font-semibold">
        {t(own ? "reviews.editTitle" : "reviews.writeTitle")}
      </h3>
      {own && (
        <p className="text-sm text-muted-foreground">
          {t("reviews.editableUntil", { date: formatDate(own.editableUntil, "America/New_York", language) })}
        </p>
      )}
      {result?.ok && (
        <p role="status" className={STATUS}>
          {t("reviews.saved")}
        </p>
      )}
      {problem && (
        <p id="review-problem" role="alert" className={ALERT}>
          {t(`reviews.errors.${problem}`)}
        </p>
      )}
      <input type="hidden" name="intent" value="save" />
      <fieldset aria-describedby={problem === "rating_invalid" ? "review-problem" : undefined}>
        <legend className="mb-1 text-sm font-medium">{t("reviews.ratingLabel")}</legend>
        <div className="flex flex-wrap gap-3">
          {[1, 2, 3, 4, 5].map((value) => (
            <label key={value} className="flex items-center gap-1 text-sm">
              <input
                type="radio"
                name="rating"
                value={value}
                defaultChecked={own?.rating === value}
                className="h-4 w-4 accent-primary"
              />
              {t("reviews.stars", { n: formatCount(value, language) })}
            </label>
          ))}
        </div>
      </fieldset>
      <label htmlFor="review-body" className="text-sm font-medium">
        {t("reviews.bodyLabel")}
      </label>
      <textarea
        id="review-body"
        name="body"
        rows={4}
        maxLength={MAX_REVIEW_BODY_LENGTH}
        defaultValue={own?.body ?? ""}
        aria-invalid={problem?.startsWith("body") ? true : undefined}
        aria-describedby="review-body-hint"
        className={FIELD}
      />
      <p id="review-body-hint" className="text-xs text-muted-foreground">
        {t("reviews.bodyHint", { max: formatCount(MAX_REVIEW_BODY_LENGTH, language) })}
      </p>
      <SubmitButton className="self-start" pending={fetcher.state !== "idle"}>
        {t(own ? "reviews.update" : "reviews.submit")}
      </SubmitButton>
    </fetcher.Form>
  );
}
