import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
import { MAX_HIDE_REASON_LENGTH, REPORT_REASONS, REPORT_STATUSES, type ReportStatus } from "#domain/report";
import { parseRecordId } from "#domain/record-id";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import type { AppEnv } from "#server/http/app-env";
import { limitBody, readJsonBody } from "#server/http/json-body";
import { hideEvent, restoreEvent, type ModerationOutcome } from "#server/services/event-moderation";
import { dismissReport, listReports, REPORT_QUEUE_PAGE_SIZE, type StaffReport } from "#server/services/report-queue";
import { PRIVATE_CACHE } from "./cache-control";
import { recordIdParameter } from "./common-parameters";
import { error, problem } from "./error-answers";
import type { OpenApiParameter, OpenApiResponse } from "./openapi-document-shape";
import { operationRoute } from "./operation-route";
import { eventIdOf } from "./path-event-id";
import { privateOperation } from "./private-operation";
import { requireStaffActor } from "./require-staff";
import { id, instant, uuid } from "./schema-primitives";

/* `/api/v1/staff`: moderation of reports and events, for staff. */

const MAX_PAGE = 10_000;
const HIDE_BODY_SHAPE = 'The body must be JSON: {"reason": "<why the event is hidden>"}.';

const staffReport = z
  .object({
    id,
    subjectType: z.enum(["event", "review", "photo"]),
    subjectId: z.string(),
    reason: z.enum(REPORT_REASONS),
    details: z.string().nullable(),
    status: z.enum(REPORT_STATUSES),
    reporter: z
      .object({ id: uuid, name: z.string() })
      .nullable()
      .describe("Who sent it when signed in; null for a visitor."),
    createdAt: instant,
    resolvedAt: instant.nullable(),
  })
  .describe("A report, as staff see it.");

const eventModeration = z
  .object({
    eventId: id,
    hidden: z.boolean(),
    hiddenAt: instant.nullable(),
    hiddenReason: z.string().nullable(),
    reportsActioned: z.int().min(0).describe("Open reports on the event that the hide resolved as actioned."),
  })
  .describe("Whether an event is hidden from the public, and why.");

const REPORT_EXAMPLE = {
  id: 12,
  subjectType: "event",
  subjectId: "7",
  reason: "scam",
  details: "The ticket link asks for a wire transfer.",
  status: "open",
  reporter: null,
  createdAt: "2026-11-27T01:12:40.000Z",
  resolvedAt: null,
};

/** Named schemas of the answers: components.schemas of the document. */
export const STAFF_MODERATION_SCHEMAS = {
  StaffReport: staffReport,
  StaffReportList: z
    .object({ data: z.array(staffReport), page: z.int().min(1), hasMore: z.boolean() })
    .meta({ examples: [{ data: [REPORT_EXAMPLE], page: 1, hasMore: false }] }),
  StaffReportResponse: z
    .object({ data: staffReport })
    .meta({ examples: [{ data: { ...REPORT_EXAMPLE, status: "dismissed", resolvedAt: "2026-11-27T02:00:00.000Z" } }] }),
  EventModerationResponse: z.object({ data: eventModeration }).meta({
    examples: [
      {
        data: {
          eventId: 7,
          hidden: true,
          hiddenAt: "2026-11-27T02:00:00.000Z",
          hiddenReason: "Tickets are sold off-site by wire transfer, which our guidelines forbid.",
          reportsActioned: 2,
        },
      },
    ],
  }),
} satisfies Record<string, z.ZodType>;

const hideBodySchema = z
  .object({
    reason: z
      .string()
      .min(1)
      .max(MAX_HIDE_REASON_LENGTH)
      .describe("Why: e-mailed to the event's organizers, shown to them on its page, and kept in the audit log."),
  })
  .strict();

/** The request bodies, as JSON Schema in the document (components.schemas). */
export const STAFF_MODERATION_REQUEST_BODIES = {
  HideEventInput: hideBodySchema,
} satisfies Record<string, z.ZodType>;

const FORBIDDEN: Record<string, OpenApiResponse> = {
  "403": error("Signed in, but not staff (code forbidden).", {
    forbidden: { summary: "Not staff", value: problem("forbidden", "Staff only") },
  }),
};

const statusParameter: OpenApiParameter = {
  name: "status",
  in: "query",
  required: false,
  description: "Only reports in this state; all by default.",
  schema: { type: "string", enum: [...REPORT_STATUSES] },
  example: "open",
};
const pageParameter: OpenApiParameter = {
  name: "page",
  in: "query",
  required: false,
  description: `The page, ${REPORT_QUEUE_PAGE_SIZE} reports each; 1 by default.`,
  schema: { type: "integer", minimum: 1, maximum: MAX_PAGE },
  example: 1,
};

const listStaffReportsRoute = operationRoute(
  "get",
  "/reports",
  privateOperation(
    {
      operationId: "listStaffReports",
      summary: "Reports",
      description:
        `Reports sent about events, newest first, ${REPORT_QUEUE_PAGE_SIZE} a page; in one state with status. ` +
        "Staff only. Unknown parameters are refused.",
      tags: ["Staff"],
      parameters: [statusParameter, pageParameter],
    },
    { description: "The reports.", schema: "StaffReportList" },
    {
      "400": error("A parameter is not valid (code invalid, fields names it).", {
        bad_status: {
          summary: "Not a state",
          value: problem("invalid", "The parameters are not valid.", { status: "invalid" }),
        },
      }),
      ...FORBIDDEN,
    },
  ),
);

const hideEventRoute = operationRoute(
  "post",
  "/events/{id}/hide",
  privateOperation(
    {
      operationId: "hideEvent",
      summary: "Hide an event",
      description:
        "Takes an event off every public list, search, feed, sitemap and API answer at once, without deleting " +
        "it; its organizers still see it, with the reason, and are e-mailed. Open reports on it are resolved " +
        "as actioned. Audited. Staff only.",
      tags: ["Staff"],
      parameters: [recordIdParameter("The event's number.")],
      body: { schema: "HideEventInput", example: { reason: "Tickets are sold off-site by wire transfer." } },
    },
    { description: "The event, now hidden.", schema: "EventModerationResponse" },
    {
      "400": error("No reason, or one too long (code invalid, fields reason: reason_required | reason_too_long).", {
        reason_required: {
          summary: "No reason",
          value: problem("invalid", "Say why the event is hidden: its organizers are e-mailed the reason.", {
            reason: "reason_required",
          }),
        },
      }),
      ...FORBIDDEN,
      "404": error("No such event (code not_found).", {
        not_found: { summary: "No such event", value: problem("not_found", "No such event.") },
      }),
      "409": error("Already hidden (code conflict, fields eventId: already_hidden).", {
        already_hidden: {
          summary: "Already hidden",
          value: problem("conflict", "This event is already hidden.", { eventId: "already_hidden" }),
        },
      }),
    },
  ),
);

const restoreEventRoute = operationRoute(
  "post",
  "/events/{id}/restore",
  privateOperation(
    {
      operationId: "restoreEvent",
      summary: "Restore a hidden event",
      description:
        "Puts a hidden event back on the site at once; its organizers are e-mailed. Audited. Staff only. No body.",
      tags: ["Staff"],
      parameters: [recordIdParameter("The event's number.")],
    },
    { description: "The event, visible again.", schema: "EventModerationResponse" },
    {
      ...FORBIDDEN,
      "404": error("No such event (code not_found).", {
        not_found: { summary: "No such event", value: problem("not_found", "No such event.") },
      }),
      "409": error("Not hidden (code conflict, fields eventId: not_hidden).", {
        not_hidden: {
          summary: "Not hidden",
          value: problem("conflict", "This event is not hidden.", { eventId: "not_hidden" }),
        },
      }),
    },
  ),
);

const dismissReportRoute = operationRoute(
  "post",
  "/reports/{id}/dismiss",
  privateOperation(
    {
      operationId: "dismissReport",
      summary: "Dismiss a report",
      description: "Closes an open report with nothing to do. Audited. Staff only. No body.",
      tags: ["Staff"],
      parameters: [recordIdParameter("The report's number.")],
    },
    { description: "The report, now dismissed.", schema: "StaffReportResponse" },
    {
      ...FORBIDDEN,
      "404": error("No such report (code not_found).", {
        not_found: { summary: "No such report", value: problem("not_found", "No such report.") },
      }),
      "409": error("Already resolved (code conflict, fields reportId: not_open).", {
        not_open: {
          summary: "Not open",
          value: problem("conflict", "The report is already dismissed.", { reportId: "not_open" }),
        },
      }),
    },
  ),
);

/**
 * The staff moderation API, mounted at `/api/v1/staff`: the reports (GET /reports), dismissing one
 * (POST /reports/{id}/dismiss), hiding and restoring an event (POST /events/{id}/hide, …/restore).
 * Visitors get 401, signed-in people who are not staff 403.
 */
export function createStaffModerationApi() {
  const api = new OpenAPIHono<AppEnv>();
  api.use(privateAnswers);
  api.use(limitBody());

  api.openapi(listStaffReportsRoute, async (c) => {
    requireStaffActor(c);
    const { status, page } = readListQuery(new URL(c.req.url).searchParams);
    const result = await listReports(c.get("db"), { status, page });
    return c.json({ data: result.reports.map(staffReportJson), page, hasMore: result.hasMore });
  });

  api.openapi(hideEventRoute, async (c) => {
    const actor = requireStaffActor(c);
    const eventId = eventIdOf(c);
    const body = await readJsonBody(c, HIDE_BODY_SHAPE, { reason: "reason_required" });
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      throw new AppError("invalid", HIDE_BODY_SHAPE, { reason: "reason_required" });
    }
    const { reason, ...others } = body as Record<string, unknown>;
    const unknown = Object.keys(others);
    if (unknown.length > 0) {
      throw new AppError("invalid", HIDE_BODY_SHAPE, Object.fromEntries(unknown.map((key) => [key, "unknown_field"])));
    }
    // The service checks the reason itself (required, bounded), as the console's form needs too.
    const outcome = await hideEvent(c.get("db"), actor, eventId, reason, currentTime());
    return c.json({ data: moderationJson(outcome) });
  });

  api.openapi(restoreEventRoute, async (c) => {
    const actor = requireStaffActor(c);
    const outcome = await restoreEvent(c.get("db"), actor, eventIdOf(c), currentTime());
    return c.json({ data: moderationJson(outcome) });
  });

  api.openapi(dismissReportRoute, async (c) => {
    const actor = requireStaffActor(c);
    const reportId = parseRecordId(c.req.param("id"));
    if (reportId === null) throw new AppError("not_found", "No such report.");
    return c.json({ data: staffReportJson(await dismissReport(c.get("db"), actor, reportId, currentTime())) });
  });
  return api;
}

/** `status` and `page`, each at most once; anything else is refused. */
function readListQuery(params: URLSearchParams): { status?: ReportStatus; page: number } {
  const fields = new Map<string, string>();
  for (const key of new Set(params.keys())) {
    if (key !== "status" && key !== "page") fields.set(key, "unknown_parameter");
    else if (params.getAll(key).length > 1) fields.set(key, "repeated");
  }
  const status = params.get("status");
  if (status !== null && !fields.has("status") && !(REPORT_STATUSES as readonly string[]).includes(status)) {
    fields.set("status", "invalid");
  }
  const pageText = params.get("page");
  const page = pageText === null ? 1 : /^\d{1,5}$/.test(pageText) ? Number(pageText) : NaN;
  if (!fields.has("page") && !(page >= 1 && page <= MAX_PAGE)) fields.set("page", "invalid");
  if (fields.size > 0) throw new AppError("invalid", "The parameters are not valid.", Object.fromEntries(fields));
  return { ...(status ? { status: status as ReportStatus } : {}), page };
}

export function staffReportJson(report: StaffReport) {
  return {
    id: report.id,
    subjectType: report.subjectType,
    subjectId: report.subjectId,
    reason: report.reason,
    details: report.details,
    status: report.status,
    reporter: report.reporter,
    createdAt: report.createdAt.toISOString(),
    resolvedAt: report.resolvedAt?.toISOString() ?? null,
  };
}

function moderationJson(outcome: ModerationOutcome) {
  return {
    eventId: outcome.eventId,
    hidden: outcome.hiddenAt !== null,
    hiddenAt: outcome.hiddenAt?.toISOString() ?? null,
    hiddenReason: outcome.hiddenReason,
    reportsActioned: outcome.reportsActioned,
  };
}

/** Staff answers name people and decisions: never in a shared cache. */
async function privateAnswers(c: Context<AppEnv>, next: () => Promise<void>) {
  await next();
  c.res.headers.set("Cache-Control", PRIVATE_CACHE);
}
