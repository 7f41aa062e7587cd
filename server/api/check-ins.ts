import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { currentTime } from "#server/clock";
import type { AppEnv } from "#server/http/app-env";
import { limitBody, readJsonBody } from "#server/http/json-body";
import { checkInTicket, getCheckInSummary, type CheckInResult } from "#server/services/check-in";
import { invalidInput } from "./invalid-input";
import { PRIVATE_CACHE } from "./cache-control";
import { operationRoute } from "./operation-route";
import { eventIdOf } from "./path-event-id";
import { requireActor } from "./require-actor";
import { privateOperation } from "./private-operation";
import { error, problem } from "./error-answers";
import { recordIdParameter } from "./common-parameters";

/**
 * Longer than any code, so that whatever a scanner read (a URL from another system's QR code, say)
 * is answered `invalid_code` for the door to see; only bodies past this are refused outright.
 */
const MAX_CODE_LENGTH = 512;
/** The body as the handler parses it and as the document shows it (CheckInInput). */
const checkInBodySchema = z
  .object({
    code: z
      .string()
      .max(MAX_CODE_LENGTH)
      .describe(
        "The code as scanned or typed: dashes, spaces and case do not matter, and O is read as 0, I and L " +
          "as 1. Anything that is not a code is answered with the outcome invalid_code.",
      ),
  })
  .strict();

const CHECK_IN_ERRORS = {
  "404": error(
    "No such event, or the caller is not its organizer or a co-organizer (code not_found): the same answer, " +
      "so that nobody learns that a draft exists.",
    { not_found: { summary: "No such event", value: problem("not_found", "No such event.") } },
  ),
};

/** The request bodies, as JSON Schema in the document (components.schemas). */
export const CHECK_IN_REQUEST_BODIES = {
  CheckInInput: checkInBodySchema,
} satisfies Record<string, z.ZodType>;

const getCheckInCountsRoute = operationRoute(
  "get",
  "/",
  privateOperation(
    {
      operationId: "getCheckInCounts",
      summary: "Check-in counts",
      description:
        "How many of the event's valid tickets have been checked in, against how many were issued. For " +
        "the event's organizer and co-organizers.",
      tags: ["Check-in"],
      parameters: [recordIdParameter("The event's number.")],
    },
    { description: "The counts.", schema: "CheckInSummary" },
    CHECK_IN_ERRORS,
  ),
);

const checkInTicketRoute = operationRoute(
  "post",
  "/",
  privateOperation(
    {
      operationId: "checkInTicket",
      summary: "Check a ticket in",
      description:
        "Admits the ticket with this code, once, for the event's organizer and co-organizers. Every answer " +
        "about the code is a 200 whose outcome the door shows: checked_in (let them in), " +
        "already_checked_in (with when and by whom), void (its order was cancelled or refunded), " +
        "wrong_event, not_found or invalid_code, each with the counts. Of two doors scanning one ticket at " +
        "once, one gets checked_in and the other already_checked_in.",
      tags: ["Check-in"],
      parameters: [recordIdParameter("The event's number.")],
      body: { schema: "CheckInInput", example: { code: "7KQ2M-9XHRT-4VNBC-8PJWD" } },
    },
    { description: "What the door is told, and the counts.", schema: "CheckInResponse" },
    {
      "400": error('The body is not {"code": "<string>"} (code invalid).', {
        invalid_body: {
          summary: "No code",
          value: problem("invalid", 'The body must be JSON: {"code": "<ticket code>"}.', {
            code: "Invalid input: expected string, received undefined",
          }),
        },
      }),
      ...CHECK_IN_ERRORS,
    },
  ),
);

/**
 * `/api/v1/events/{id}/check-ins`: the door of one event, for its organizer and co-organizers.
 * POST admits a ticket by its code; every outcome about the code is a 200 the door shows (checked
 * in, already checked in, void, another event's, unknown, not a code); 401/403/404 are about who
 * asks and which event, 400 about a body that is not `{ "code": "<string>" }`.
 */
export function createCheckInsApi() {
  const api = new OpenAPIHono<AppEnv>();
  api.use(async (c, next) => {
    await next();
    // Who came in, and when, is for the event's staff only: no shared cache, no disk.
    c.res.headers.set("Cache-Control", PRIVATE_CACHE);
  });

  api.use(limitBody());

  api.openapi(getCheckInCountsRoute, async (c) => {
    const actor = requireActor(c);
    const summary = await getCheckInSummary(c.get("db"), actor, eventIdOf(c));
    return c.json({ data: { counts: summary.counts } });
  });

  api.openapi(checkInTicketRoute, async (c) => {
    const actor = requireActor(c);
    const eventId = eventIdOf(c);
    const body = await readJsonBody(c, 'The body must be JSON: {"code": "<ticket code>"}.');
    const parsed = checkInBodySchema.safeParse(body);
    if (!parsed.success) throw invalidInput(parsed.error, 'The body must be JSON: {"code": "<ticket code>"}.');
    const result = await checkInTicket(c.get("db"), actor, { eventId, code: parsed.data.code }, currentTime());
    return c.json({ data: checkInJson(result) });
  });

  return api;
}

/** A check-in's answer as the API gives it; the check-in page shows the same for its typed codes. */
export interface CheckInJson {
  outcome: CheckInResult["outcome"];
  ticket?: NonNullable<CheckInResult["ticket"]>;
  checkedInAt?: string;
  checkedInBy?: { userId: string; name: string } | null;
  voidReason?: CheckInResult["voidReason"];
  counts: CheckInResult["counts"];
}

/** A check-in's answer as JSON: instants in ISO 8601 UTC, absent fields left out. */
export function checkInJson(result: CheckInResult): CheckInJson {
  return {
    outcome: result.outcome,
    ...(result.ticket ? { ticket: result.ticket } : {}),
    ...(result.checkedInAt ? { checkedInAt: result.checkedInAt.toISOString() } : {}),
    ...(result.checkedInBy !== undefined ? { checkedInBy: result.checkedInBy } : {}),
    ...(result.voidReason ? { voidReason: result.voidReason } : {}),
    counts: result.counts,
  };
}
