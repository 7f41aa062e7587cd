import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
import { MAX_REPORT_DETAILS_LENGTH, REPORT_REASONS, REPORT_STATUSES } from "#domain/report";
import { clientAddress } from "#server/auth/auth-request";
import { currentTime } from "#server/clock";
import type { AppEnv } from "#server/http/app-env";
import { limitBody, readJsonBody } from "#server/http/json-body";
import { REPORT_INVALID_MESSAGE, REPORT_LIMITS, reportEvent, type ReportReceipt } from "#server/services/reports";
import { PRIVATE_CACHE } from "./cache-control";
import { recordIdParameter } from "./common-parameters";
import { error, problem } from "./error-answers";
import { operationRoute } from "./operation-route";
import { eventIdOf } from "./path-event-id";
import { privateOperation } from "./private-operation";
import { id, instant } from "./schema-primitives";

const BODY_SHAPE = 'The body must be JSON: {"reason": "scam", "details": "<optional text>"}.';

const reportReceipt = z
  .object({
    id,
    subjectType: z.enum(["event", "review", "photo"]),
    subjectId: z.string().describe("The reported item's number, as text (an event's id)."),
    reason: z.enum(REPORT_REASONS),
    status: z.enum(REPORT_STATUSES).describe("open until staff look at it; then dismissed or actioned."),
    repeat: z
      .boolean()
      .describe("True when the caller already had an open report on this item: that one is answered, none is added."),
    createdAt: instant,
  })
  .describe("A report as its sender sees it: never who else reported the item.");

const EXAMPLE = {
  data: {
    id: 12,
    subjectType: "event",
    subjectId: "7",
    reason: "scam",
    status: "open",
    repeat: false,
    createdAt: "2026-11-27T01:12:40.000Z",
  },
};

/** Named schemas of the answers: components.schemas of the document. */
export const REPORT_SCHEMAS = {
  ReportReceipt: reportReceipt,
  ReportResponse: z.object({ data: reportReceipt }).meta({ examples: [EXAMPLE] }),
} satisfies Record<string, z.ZodType>;

/** The request bodies, as JSON Schema in the document (components.schemas). */
export const REPORT_REQUEST_BODIES = {
  ReportInput: z
    .object({
      reason: z
        .enum(REPORT_REASONS)
        .describe(
          "scam (scam or fraud), misleading (misleading information), hateful (hateful or dangerous), spam, " +
            "prohibited (a prohibited event) or other.",
        ),
      details: z
        .string()
        .max(MAX_REPORT_DETAILS_LENGTH)
        .optional()
        .describe("What the staff should know, in the sender's words; optional."),
    })
    .strict(),
} satisfies Record<string, z.ZodType>;

const reportEventRoute = operationRoute(
  "post",
  "/",
  privateOperation(
    {
      operationId: "reportEvent",
      summary: "Report an event",
      description:
        "Tells the site's staff that an event breaks the community guidelines, with a reason from the list " +
        "and, optionally, details. Signed in or not. One open report per person (signed out: per address) " +
        "and event: sending another while it is open answers that one (repeat: true) and adds nothing. At " +
        `most ${REPORT_LIMITS.perPerson.limit} reports per account and ${REPORT_LIMITS.perClient.limit} per ` +
        "client an hour.",
      tags: ["Events"],
      access: "optional",
      parameters: [recordIdParameter("The event's number.")],
      body: {
        schema: "ReportInput",
        example: { reason: "scam", details: "The ticket link asks for a wire transfer." },
      },
    },
    { status: "202", description: "Received: staff will look at it.", schema: "ReportResponse" },
    {
      "400": error("Bad input (code invalid): fields reason: reason_invalid, details: details_too_long…", {
        reason_invalid: {
          summary: "Not a reason of the list",
          value: problem("invalid", REPORT_INVALID_MESSAGE, { reason: "reason_invalid" }),
        },
        details_too_long: {
          summary: "Details too long",
          value: problem("invalid", REPORT_INVALID_MESSAGE, { details: "details_too_long" }),
        },
      }),
      "404": error("No event the public can see has this number (code not_found).", {
        not_found: { summary: "No such event", value: problem("not_found", "No such event.") },
      }),
      "429": error("Too many reports (code rate_limited, fields _: too_many_reports).", {
        too_many_reports: {
          summary: "Too many reports",
          value: problem("rate_limited", "Too many reports; try again later.", { _: "too_many_reports" }),
        },
      }),
    },
  ),
);

/**
 * `POST /api/v1/events/{id}/reports` `{ reason, details? }`: anyone reports an event to staff (202);
 * 400 bad input, 404 unknown or hidden event, 429 too many reports.
 */
export function createReportsApi() {
  const api = new OpenAPIHono<AppEnv>();
  api.use(privateAnswers);
  api.use(limitBody());
  api.openapi(reportEventRoute, async (c) => {
    const eventId = eventIdOf(c);
    const body = await readJsonBody(c, BODY_SHAPE, { reason: "reason_invalid" });
    const viewer = c.get("viewer");
    const receipt = await reportEvent(c.get("db"), viewer ? { userId: viewer.userId } : null, eventId, body, {
      clientAddress: clientAddress(c, c.get("config").auth.trustProxy),
      now: currentTime(),
    });
    return c.json({ data: reportReceiptJson(receipt) }, 202);
  });
  return api;
}

export function reportReceiptJson(receipt: ReportReceipt) {
  return {
    id: receipt.id,
    subjectType: receipt.subjectType,
    subjectId: receipt.subjectId,
    reason: receipt.reason,
    status: receipt.status,
    repeat: receipt.isRepeat,
    createdAt: receipt.createdAt.toISOString(),
  };
}

/** Says what became of one person's report: for them alone. */
async function privateAnswers(c: Context<AppEnv>, next: () => Promise<void>) {
  await next();
  c.res.headers.set("Cache-Control", PRIVATE_CACHE);
}
