import { describe, expect, it } from "vitest";
import {
  isReviewable,
  isReviewEditable,
  MAX_REVIEW_BODY_LENGTH,
  reviewAnswerSchema,
  reviewEditableUntil,
  reviewInputSchema,
  roundedAverage,
} from "./review";

const posted = new Date("2026-10-01T12:00:00.000Z");
const DAY = 24 * 60 * 60 * 1000;

describe("the 30-day window to edit a review", () => {
  it("is open until exactly 30 days after posting, and closed a millisecond later", () => {
    const until = reviewEditableUntil(posted);
    expect(until.toISOString()).toBe("2026-10-31T12:00:00.000Z");
    expect(isReviewEditable(posted, posted)).toBe(true);
    expect(isReviewEditable(posted, new Date(posted.getTime() + 30 * DAY - 1))).toBe(true);
    expect(isReviewEditable(posted, new Date(posted.getTime() + 30 * DAY))).toBe(true);
    expect(isReviewEditable(posted, new Date(posted.getTime() + 30 * DAY + 1))).toBe(false);
  });
});

describe("when an event can be reviewed", () => {
  it("is from the moment it ends, not before", () => {
    const endsAt = new Date("2026-10-01T22:00:00.000Z");
    expect(isReviewable({ endsAt }, new Date(endsAt.getTime() - 1))).toBe(false);
    expect(isReviewable({ endsAt }, endsAt)).toBe(true);
    expect(isReviewable({ endsAt }, new Date(endsAt.getTime() + 1))).toBe(true);
  });
});

describe("what a reviewer sends", () => {
  it("takes whole stars from 1 to 5, from a form's text or a number, and refuses 0, 6, 4.5 and words", () => {
    expect(reviewInputSchema.safeParse({ rating: "1" }).data).toEqual({ rating: 1, body: null });
    expect(reviewInputSchema.safeParse({ rating: 5 }).success).toBe(true);
    for (const rating of [0, 6, 4.5, "", "five", null]) {
      const parsed = reviewInputSchema.safeParse({ rating });
      expect(parsed.success, String(rating)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe("rating_invalid");
    }
  });

  it("trims the text, keeps none for blank text, and refuses text over the limit or with broken characters", () => {
    expect(reviewInputSchema.parse({ rating: 4, body: "  Great night.  " }).body).toBe("Great night.");
    expect(reviewInputSchema.parse({ rating: 4, body: "   " }).body).toBeNull();
    expect(reviewInputSchema.parse({ rating: 4, body: "a".repeat(MAX_REVIEW_BODY_LENGTH) }).body).toHaveLength(
      MAX_REVIEW_BODY_LENGTH,
    );
    const tooLong = reviewInputSchema.safeParse({ rating: 4, body: "a".repeat(MAX_REVIEW_BODY_LENGTH + 1) });
    expect(tooLong.error?.issues[0]?.message).toBe("body_too_long");
    expect(reviewInputSchema.safeParse({ rating: 4, body: "bad \u0000" }).error?.issues[0]?.message).toBe(
      "body_invalid",
    );
    expect(reviewInputSchema.safeParse({ rating: 4, stars: 5 }).success).toBe(false);
  });

  it("requires an answer with words in it", () => {
    expect(reviewAnswerSchema.safeParse({ answer: "  " }).error?.issues[0]?.message).toBe("answer_required");
    expect(reviewAnswerSchema.parse({ answer: " Thanks! " }).answer).toBe("Thanks!");
  });
});

describe("the average shown", () => {
  it("is rounded to one decimal, and absent without reviews", () => {
    expect(roundedAverage(0, 0)).toBeNull();
    expect(roundedAverage(14, 3)).toBe(4.7);
    expect(roundedAverage(5, 1)).toBe(5);
  });
});
