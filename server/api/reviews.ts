import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { etag } from "hono/etag";
import { z } from "zod";
import { parseRecordId } from "#domain/record-id";
import {
  MAX_REVIEW_ANSWER_LENGTH,
  MAX_REVIEW_BODY_LENGTH,
  REVIEW_EDIT_DAYS,
  REVIEW_SORTS,
  REVIEWS_PAGE_SIZE,
} from "#domain/review";
import { clientAddress } from "#server/auth/auth-request";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import type { AppEnv } from "#server/http/app-env";
import { limitBody, readJsonBody } from "#server/http/json-body";
import { REPORT_LIMITS, reportSubject } from "#server/services/reports";
import {
  answerReview,
  createReview,
  editReview,
  listEventReviews,
  publicEventPageExists,
  setReviewHelpful,
  type OwnReview,
  type PublicReview,
} from "#server/services/reviews";
import { EVENTS_CACHE, PRIVATE_CACHE } from "./cache-control";
import { recordIdParameter } from "./common-parameters";
import { error, problem } from "./error-answers";
import { invalidInput } from "./invalid-input";
import type { OpenApiParameter } from "./openapi-document-shape";
import { operationRoute } from "./operation-route";
import { eventIdOf } from "./path-event-id";
import { privateOperation } from "./private-operation";
import { ok, publicRead } from "./public-read";
import { reportReceiptJson } from "./reports";
import { requireActor } from "./require-actor";
import { id, instant, uuid } from "./schema-primitives";

const REVIEW_SHAPE = 'The body must be JSON: {"rating": 1-5, "body": "<optional text>"}.';
const ANSWER_SHAPE = 'The body must be JSON: {"answer": "<text>"}.';
const REPORT_SHAPE = 'The body must be JSON: {"reason": "scam", "details": "<optional text>"}.';

const publicReview = z
  .object({
    id,
    eventId: id,
    rating: z.int().min(1).max(5),
    body: z.string().nullable().describe("The reviewer's words, or null for a rating alone."),
    author: z.object({ id: uuid, name: z.string() }).describe("The reviewer (their public profile is /users/{id})."),
    answer: z
      .object({ text: z.string(), answeredAt: instant })
      .nullable()
      .describe("The organizer's public answer, once; null until they answer."),
    helpfulCount: z.int().min(0).describe("How many people marked it helpful."),
    markedHelpful: z.boolean().describe("Whether the caller marked it helpful (false signed out)."),
    createdAt: instant,
    updatedAt: instant,
  })
  .describe("A review as everyone sees it. Reviews hidden by staff are never given.");

const ownReview = z
  .object({
    id,
    rating: z.int().min(1).max(5),
    body: z.string().nullable(),
    hidden: z.boolean().describe("True when staff hid it (moderation)."),
    editable: z.boolean().describe(`Whether it may still be changed (${REVIEW_EDIT_DAYS} days after posting).`),
    editableUntil: instant,
    createdAt: instant,
  })
  .describe("The caller's own review.");

const EXAMPLE_REVIEW = {
  id: 4,
  eventId: 7,
  rating: 5,
  body: "Great sound and a friendly crowd.",
  author: { id: "5b1f8a52-3c3c-4e0e-9a43-1f0cbb1d2a10", name: "Ada Lovelace" },
  answer: { text: "Thank you for coming!", answeredAt: "2026-11-20T18:00:00.000Z" },
  helpfulCount: 3,
  markedHelpful: false,
  createdAt: "2026-11-19T21:00:00.000Z",
  updatedAt: "2026-11-19T21:00:00.000Z",
};
const EXAMPLE_OWN = {
  id: 4,
  rating: 5,
  body: "Great sound and a friendly crowd.",
  hidden: false,
  editable: true,
  editableUntil: "2026-12-19T21:00:00.000Z",
  createdAt: "2026-11-19T21:00:00.000Z",
};

/** Named schemas of the answers: components.schemas of the document. */
export const REVIEW_SCHEMAS = {
  Review: publicReview,
  ReviewResponse: z.object({ data: publicReview }).meta({ examples: [{ data: EXAMPLE_REVIEW }] }),
  OwnReview: ownReview,
  OwnReviewResponse: z.object({ data: ownReview }).meta({ examples: [{ data: EXAMPLE_OWN }] }),
  ReviewList: z
    .object({
      data: z.array(publicReview),
      average: z.number().nullable().describe("The average rating, one decimal; null without reviews."),
      count: z.int().min(0).describe("How many visible reviews the event has."),
      page: z.int().min(1),
      pageSize: z.int().min(1),
      hasMore: z.boolean(),
    })
    .meta({
      examples: [
        { data: [EXAMPLE_REVIEW], average: 4.6, count: 12, page: 1, pageSize: REVIEWS_PAGE_SIZE, hasMore: true },
      ],
    }),
} satisfies Record<string, z.ZodType>;

const reviewBody = z
  .object({
    rating: z.int().min(1).max(5).describe("Whole stars, 1 to 5."),
    body: z
      .string()
      .max(MAX_REVIEW_BODY_LENGTH)
      .nullable()
      .optional()
      .describe("What the reviewer thought, trimmed; empty or absent for none."),
  })
  .strict();

/** The request bodies, as JSON Schema in the document (components.schemas). */
export const REVIEW_REQUEST_BODIES = {
  ReviewInput: reviewBody,
  ReviewAnswerInput: z
    .object({ answer: z.string().min(1).max(MAX_REVIEW_ANSWER_LENGTH).describe("The public answer, trimmed.") })
    .strict(),
} satisfies Record<string, z.ZodType>;

const listQuerySchema = z
  .object({
    sort: z.enum(REVIEW_SORTS).optional(),
    page: z.coerce.number().int().min(1).max(10_000).optional(),
  })
  .strict();

const LIST_PARAMETERS: OpenApiParameter[] = [
  recordIdParameter("The event's number."),
  {
    name: "sort",
    in: "query",
    required: false,
    description: "newest (the default) or helpful: most marked helpful first, then newest.",
    schema: { type: "string", enum: [...REVIEW_SORTS] },
  },
  {
    name: "page",
    in: "query",
    required: false,
    description: `The page, from 1; ${REVIEWS_PAGE_SIZE} reviews a page.`,
    schema: { type: "integer", minimum: 1, maximum: 10_000 },
  },
];

const reviewNotFound = error("No visible review has this number (code not_found).", {
  not_found: { summary: "No such review", value: problem("not_found", "No such review.") },
});
const reviewInvalid = error("Bad input (code invalid): fields rating: rating_invalid, body: body_too_long…", {
  rating_invalid: {
    summary: "Not 1 to 5",
    value: problem("invalid", REVIEW_SHAPE, { rating: "rating_invalid" }),
  },
});

const listRoute = operationRoute(
  "get",
  "/events/{id}/reviews",
  publicRead(
    {
      operationId: "listEventReviews",
      summary: "An event's reviews",
      description:
        "The visible reviews of an event the public can see, a page at a time, with its average rating and " +
        "count, newest first or most helpful first.",
      tags: ["Reviews"],
      parameters: LIST_PARAMETERS,
    },
    ok("A page of reviews with the average and count.", "ReviewList", EVENTS_CACHE),
    {
      "400": error("A parameter is not valid (code invalid)."),
      "404": error("No event the public can see has this number (code not_found)."),
    },
  ),
);

const createRoute = operationRoute(
  "post",
  "/events/{id}/reviews",
  privateOperation(
    {
      operationId: "createReview",
      summary: "Review an event",
      description:
        "Rates an event that ended, 1 to 5, with optional text, once per event. Only someone who held a valid " +
        "ticket (checked in, or a ticket of a confirmed order never cancelled or refunded) may; not its " +
        "organizer. The organizer is notified.",
      tags: ["Reviews"],
      parameters: [recordIdParameter("The event's number.")],
      body: { schema: "ReviewInput", example: { rating: 5, body: "Great sound and a friendly crowd." } },
    },
    { status: "201", description: "The review, posted.", schema: "OwnReviewResponse" },
    {
      "400": reviewInvalid,
      "403": error("Not a ticket holder, or the organizer (code forbidden, fields eventId)."),
      "404": error("No event the public can see has this number (code not_found)."),
      "409": error("The event has not ended, or the caller already reviewed it (code conflict)."),
    },
  ),
);

const updateRoute = operationRoute(
  "patch",
  "/reviews/{id}",
  privateOperation(
    {
      operationId: "updateReview",
      summary: "Change my review",
      description: `Changes the caller's own review, within ${REVIEW_EDIT_DAYS} days of posting it.`,
      tags: ["Reviews"],
      parameters: [recordIdParameter("The review's number.")],
      body: { schema: "ReviewInput", example: { rating: 4, body: "Good, but the queue was long." } },
    },
    { description: "The review, changed.", schema: "OwnReviewResponse" },
    {
      "400": reviewInvalid,
      "404": error("No review of the caller's has this number (code not_found)."),
      "409": error("Past the time to change it (code conflict, fields reviewId: edit_window_closed)."),
    },
  ),
);

const answerRoute = operationRoute(
  "post",
  "/reviews/{id}/answer",
  privateOperation(
    {
      operationId: "answerReview",
      summary: "Answer a review",
      description:
        "The event's organizer answers a review publicly, once. Co-organizers may not: the answer speaks for " +
        "the organizer named on the event. The reviewer is notified.",
      tags: ["Reviews"],
      parameters: [recordIdParameter("The review's number.")],
      body: { schema: "ReviewAnswerInput", example: { answer: "Thank you for coming!" } },
    },
    { status: "201", description: "The review with its answer.", schema: "ReviewResponse" },
    {
      "400": error("Bad input (code invalid): fields answer: answer_required, answer_too_long…"),
      "403": error("Not the event's organizer (code forbidden, fields reviewId: not_organizer)."),
      "404": reviewNotFound,
      "409": error("Already answered (code conflict, fields reviewId: already_answered)."),
    },
  ),
);

const helpfulParameters = [recordIdParameter("The review's number.")];
const markRoute = operationRoute(
  "put",
  "/reviews/{id}/helpful",
  privateOperation(
    {
      operationId: "markReviewHelpful",
      summary: "Mark a review helpful",
      description: "Marks someone else's review as helpful, once; marking again changes nothing.",
      tags: ["Reviews"],
      parameters: helpfulParameters,
    },
    { description: "The review.", schema: "ReviewResponse" },
    {
      "403": error("The caller's own review (code forbidden, fields reviewId: own_review)."),
      "404": reviewNotFound,
    },
  ),
);
const unmarkRoute = operationRoute(
  "delete",
  "/reviews/{id}/helpful",
  privateOperation(
    {
      operationId: "unmarkReviewHelpful",
      summary: "Take back a helpful mark",
      description: "Takes back the caller's helpful mark on a review; without one, changes nothing.",
      tags: ["Reviews"],
      parameters: helpfulParameters,
    },
    { description: "The review.", schema: "ReviewResponse" },
    {
      "403": error("The caller's own review (code forbidden, fields reviewId: own_review)."),
      "404": reviewNotFound,
    },
  ),
);

const reportRoute = (subject: "review" | "photo") =>
  operationRoute(
    "post",
    subject === "review" ? "/reviews/{id}/reports" : "/photos/{id}/reports",
    privateOperation(
      {
        operationId: subject === "review" ? "reportReview" : "reportPhoto",
        summary: subject === "review" ? "Report a review" : "Report a gallery photo",
        description:
          `Tells staff that a ${subject} breaks the community guidelines, as reporting an event does: a ` +
          "reason from the list and optional details, signed in or not, one open report per person and item. At " +
          `most ${REPORT_LIMITS.perPerson.limit} reports per account and ${REPORT_LIMITS.perClient.limit} per ` +
          "client an hour.",
        tags: ["Reviews"],
        access: "optional",
        parameters: [recordIdParameter(subject === "review" ? "The review's number." : "The photo's number.")],
        body: { schema: "ReportInput", example: { reason: "hateful", details: "Insults another guest." } },
      },
      { status: "202", description: "Received: staff will look at it.", schema: "ReportResponse" },
      {
        "400": error("Bad input (code invalid): fields reason: reason_invalid, details: details_too_long…"),
        "404": error(`No visible ${subject} has this number (code not_found).`),
        "429": error("Too many reports (code rate_limited, fields _: too_many_reports)."),
      },
    ),
  );

function reviewIdOf(c: Context<AppEnv>): number {
  const reviewId = parseRecordId(c.req.param("id") ?? "");
  if (reviewId === null) throw new AppError("not_found", "No such review.");
  return reviewId;
}

/**
 * Reviews in `/api/v1`: `GET /events/{id}/reviews` (public), `POST /events/{id}/reviews`,
 * `PATCH /reviews/{id}`, `POST /reviews/{id}/answer`, `PUT|DELETE /reviews/{id}/helpful`, and reports of
 * reviews and gallery photos (`POST /reviews/{id}/reports`, `POST /photos/{id}/reports`).
 */
export function createReviewsApi() {
  const api = new OpenAPIHono<AppEnv>();
  api.use("/reviews/*", privateAnswers);
  api.use("/photos/*", privateAnswers);
  api.use("/events/:id/reviews", async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return etag({ weak: true })(c, next);
    return privateAnswers(c, next);
  });
  for (const path of ["/events/:id/reviews", "/reviews/*", "/photos/*"]) api.use(path, limitBody());

  api.openapi(listRoute, async (c) => {
    const eventId = eventIdOf(c);
    const parsed = listQuerySchema.safeParse(Object.fromEntries(new URL(c.req.url).searchParams));
    if (!parsed.success) throw invalidInput(parsed.error, "The parameters are not valid.");
    if (!(await publicEventPageExists(c.get("db"), eventId))) throw new AppError("not_found", `No event ${eventId}.`);
    // The same answer for everyone (a public read kept by caches): never what the caller marked.
    const result = await listEventReviews(c.get("db"), eventId, {
      sort: parsed.data.sort ?? "newest",
      page: parsed.data.page ?? 1,
      viewer: null,
    });
    c.header("Cache-Control", EVENTS_CACHE);
    return c.json({
      data: result.reviews.map(publicReviewJson),
      average: result.summary.average,
      count: result.summary.count,
      page: result.page,
      pageSize: REVIEWS_PAGE_SIZE,
      hasMore: result.hasMore,
    });
  });

  api.openapi(createRoute, async (c) => {
    const actor = requireActor(c);
    const eventId = eventIdOf(c);
    const body = await readJsonBody(c, REVIEW_SHAPE, { rating: "rating_invalid" });
    const parsed = reviewBody.safeParse(body);
    if (!parsed.success) throw invalidInput(parsed.error, REVIEW_SHAPE);
    return c.json({ data: ownReviewJson(await createReview(c.get("db"), actor, eventId, body, currentTime())) }, 201);
  });

  api.openapi(updateRoute, async (c) => {
    const actor = requireActor(c);
    const reviewId = reviewIdOf(c);
    const body = await readJsonBody(c, REVIEW_SHAPE, { rating: "rating_invalid" });
    const parsed = reviewBody.safeParse(body);
    if (!parsed.success) throw invalidInput(parsed.error, REVIEW_SHAPE);
    return c.json({ data: ownReviewJson(await editReview(c.get("db"), actor, reviewId, body, currentTime())) });
  });

  api.openapi(answerRoute, async (c) => {
    const actor = requireActor(c);
    const reviewId = reviewIdOf(c);
    const body = await readJsonBody(c, ANSWER_SHAPE, { answer: "answer_required" });
    const review = await answerReview(c.get("db"), actor, reviewId, body, currentTime());
    return c.json({ data: publicReviewJson(review) }, 201);
  });

  api.openapi(markRoute, async (c) => {
    const actor = requireActor(c);
    const review = await setReviewHelpful(c.get("db"), actor, reviewIdOf(c), true, currentTime());
    return c.json({ data: publicReviewJson(review) });
  });

  api.openapi(unmarkRoute, async (c) => {
    const actor = requireActor(c);
    const review = await setReviewHelpful(c.get("db"), actor, reviewIdOf(c), false, currentTime());
    return c.json({ data: publicReviewJson(review) });
  });

  for (const subject of ["review", "photo"] as const) {
    api.openapi(reportRoute(subject), async (c) => {
      const subjectId = parseRecordId(c.req.param("id") ?? "");
      if (subjectId === null) throw new AppError("not_found", `No such ${subject}.`);
      const body = await readJsonBody(c, REPORT_SHAPE, { reason: "reason_invalid" });
      const viewer = c.get("viewer");
      const receipt = await reportSubject(
        c.get("db"),
        viewer ? { userId: viewer.userId } : null,
        { type: subject, id: subjectId },
        body,
        { clientAddress: clientAddress(c, c.get("config").auth.trustProxy), now: currentTime() },
      );
      return c.json({ data: reportReceiptJson(receipt) }, 202);
    });
  }
  return api;
}

export function publicReviewJson(review: PublicReview) {
  return {
    id: review.id,
    eventId: review.eventId,
    rating: review.rating,
    body: review.body,
    author: review.author,
    answer: review.answer && { text: review.answer.text, answeredAt: review.answer.answeredAt.toISOString() },
    helpfulCount: review.helpfulCount,
    markedHelpful: review.markedHelpful,
    createdAt: review.createdAt.toISOString(),
    updatedAt: review.updatedAt.toISOString(),
  };
}

export function ownReviewJson(review: OwnReview) {
  return {
    id: review.id,
    rating: review.rating,
    body: review.body,
    hidden: review.isHidden,
    editable: review.isEditable,
    editableUntil: review.editableUntil.toISOString(),
    createdAt: review.createdAt.toISOString(),
  };
}

/** About one person's review, vote or report: for them alone. */
async function privateAnswers(c: Context<AppEnv>, next: () => Promise<void>) {
  await next();
  c.res.headers.set("Cache-Control", PRIVATE_CACHE);
}
