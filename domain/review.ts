import { z } from "zod";
import { isWellFormedText } from "./text";

/* Reviews: a ticket holder rates an event that ended, once, and may edit the review for a while. */

export {
  MAX_RATING,
  MAX_REVIEW_ANSWER_LENGTH,
  MAX_REVIEW_BODY_LENGTH,
  MIN_RATING,
  REVIEW_EDIT_DAYS,
  REVIEW_SORTS,
  REVIEWS_PAGE_SIZE,
  type ReviewSort,
} from "./review-limits";
import {
  MAX_RATING,
  MAX_REVIEW_ANSWER_LENGTH,
  MAX_REVIEW_BODY_LENGTH,
  MIN_RATING,
  REVIEW_EDIT_DAYS,
} from "./review-limits";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The last instant a review posted at `createdAt` may be edited (30 days later, to the millisecond). */
export function reviewEditableUntil(createdAt: Date): Date {
  return new Date(createdAt.getTime() + REVIEW_EDIT_DAYS * DAY_MS);
}

/** Whether a review posted at `createdAt` may still be edited at `now`: up to and including 30 days later. */
export function isReviewEditable(createdAt: Date, now: Date): boolean {
  return now.getTime() <= reviewEditableUntil(createdAt).getTime();
}

/** Whether an event is over, so that it can be reviewed. */
export function isReviewable(event: { endsAt: Date }, now: Date): boolean {
  return event.endsAt.getTime() <= now.getTime();
}

const optionalText = (max: number, tooLong: string) =>
  z
    .string({ message: "body_invalid" })
    .trim()
    .max(max, { message: tooLong })
    .refine(isWellFormedText, { message: "body_invalid" })
    .optional()
    .nullable()
    .transform((value) => (value ? value : null));

/** What a reviewer sends: a whole-star rating 1–5 and, if they like, a few words (trimmed; empty is none). */
export const reviewInputSchema = z
  .object({
    rating: z.coerce
      .number({ message: "rating_invalid" })
      .int({ message: "rating_invalid" })
      .min(MIN_RATING, { message: "rating_invalid" })
      .max(MAX_RATING, { message: "rating_invalid" }),
    body: optionalText(MAX_REVIEW_BODY_LENGTH, "body_too_long"),
  })
  .strict();
export type ReviewInput = z.output<typeof reviewInputSchema>;

/** The organizer's public answer: required, trimmed, bounded. */
export const reviewAnswerSchema = z
  .object({
    answer: z
      .string({ message: "answer_required" })
      .trim()
      .min(1, { message: "answer_required" })
      .max(MAX_REVIEW_ANSWER_LENGTH, { message: "answer_too_long" })
      .refine(isWellFormedText, { message: "answer_invalid" }),
  })
  .strict();

/** An average of ratings rounded to one decimal, or null without any. */
export function roundedAverage(sum: number, count: number): number | null {
  return count > 0 ? Math.round((sum / count) * 10) / 10 : null;
}
