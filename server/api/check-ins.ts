import { Hono, type Context } from "hono";
import { z } from "zod";
import { parseRecordId } from "#domain/record-id";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import type { AppEnv } from "#server/http/app-env";
import { limitBody, readJsonBody } from "#server/http/json-body";
import type { Actor } from "#server/services/actor";
import { checkInTicket, getCheckInSummary, type CheckInResult } from "#server/services/check-in";
import { invalidInput } from "./invalid-input";
import { PRIVATE_CACHE } from "./me";

/**
 * Longer than any code, so that whatever a scanner read (a URL from another system's QR code, say)
 * is answered `invalid_code` for the door to see; only bodies past this are refused outright.
 */
const MAX_CODE_LENGTH = 512;
const checkInBodySchema = z.object({ code: z.string().max(MAX_CODE_LENGTH) }).strict();

/**
 * `/api/v1/events/{id}/check-ins`: the door of one event, for its organizer and co-organizers.
 * POST admits a ticket by its code; every outcome about the code is a 200 the door shows (checked
 * in, already checked in, void, another event's, unknown, not a code); 401/403/404 are about who
 * asks and which event, 400 about a body that is not `{ "code": "<string>" }`.
 */
export function createCheckInsApi() {
  const api = new Hono<AppEnv>();
  api.use(async (c, next) => {
    await next();
    // Who came in, and when, is for the event's staff only: no shared cache, no disk.
    c.res.headers.set("Cache-Control", PRIVATE_CACHE);
  });

  api.use(limitBody());

  api.get("/", async (c) => {
    const actor = requireActor(c);
    const summary = await getCheckInSummary(c.get("db"), actor, eventIdOf(c));
    return c.json({ data: { counts: summary.counts } });
  });

  api.post("/", async (c) => {
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

function eventIdOf(c: Context<AppEnv>): number {
  const id = parseRecordId(c.req.param("id") ?? "");
  if (id === null) throw new AppError("not_found", "No such event.");
  return id;
}

/** The signed-in person the request acts for; visitors get 401 with the spec's words (§5). */
function requireActor(c: Context<AppEnv>): Actor {
  const viewer = c.get("viewer");
  if (!viewer) throw new AppError("unauthenticated", "Must be logged in");
  return { userId: viewer.userId };
}
