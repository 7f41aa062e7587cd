/*
 * The numbers of reviews, without the input schemas (domain/review.ts): the event page's form imports
 * these, and must not bring zod into the page's script.
 */

export const MIN_RATING = 1;
export const MAX_RATING = 5;
/** A review's text: a few paragraphs at most. */
export const MAX_REVIEW_BODY_LENGTH = 2000;
/** The organizer's answer: about as long as a review. */
export const MAX_REVIEW_ANSWER_LENGTH = 2000;
/** How long after posting a review its author may still change it. */
export const REVIEW_EDIT_DAYS = 30;
/** Reviews per page on an event page and in the API. */
export const REVIEWS_PAGE_SIZE = 10;
/** How an event's reviews are listed: newest first, or those most people found helpful first. */
export const REVIEW_SORTS = ["newest", "helpful"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
