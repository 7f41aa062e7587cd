import { Hono, type Context } from "hono";
import { z } from "zod";
import { LANGUAGES } from "#domain/language";
import { buyerSchema } from "#domain/order";
import { parseRecordId } from "#domain/record-id";
import { clientAddress, languageFromHeader } from "#server/auth/auth-request";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import type { AppEnv } from "#server/http/app-env";
import { limitBody, readJsonBody } from "#server/http/json-body";
import type { Actor } from "#server/services/actor";
import {
  joinTicketTypeWaitlist,
  leaveWaitlist,
  listMyWaitlistEntries,
  type WaitlistEntry,
} from "#server/services/waitlist";
import { invalidInput } from "./invalid-input";
import { PRIVATE_CACHE } from "./me";

const BODY_SHAPE = 'The body must be JSON: {"name": "<name>", "email": "<address>"}.';

/** What joining takes; `language` (of the offer e-mail) defaults to the request's Accept-Language. */
const joinBodySchema = z
  .object({ name: buyerSchema.shape.name, email: buyerSchema.shape.email, language: z.enum(LANGUAGES).optional() })
  .strict();

/**
 * The waitlist API, mounted at `/api/v1`:
 * - `POST /ticket-types/{id}/waitlist` `{ name, email, language? }` joins the line of a sold-out
 *   ticket type (signed in or not): 201 with the place; 409 `tickets_available` or `already_waiting`,
 *   400 `event_ended` or a bad field, 404 unknown type, 429 too many joins.
 * - `GET /waitlist`: the signed-in person's places (401 for visitors).
 * - `DELETE /waitlist/{entryId}`: the signed-in owner leaves a place still waiting; 404 when it is
 *   not theirs or no longer waiting (nobody learns whose places exist).
 */
export function createWaitlistApi() {
  const api = new Hono<AppEnv>();
  api.use("/ticket-types/*", privateAnswers);
  api.use("/waitlist", privateAnswers);
  api.use("/waitlist/*", privateAnswers);
  api.use(limitBody());

  api.post("/ticket-types/:id/waitlist", async (c) => {
    const ticketTypeId = parseRecordId(c.req.param("id"));
    if (ticketTypeId === null) throw new AppError("not_found", "No such ticket type.");
    const body = await readJsonBody(c, BODY_SHAPE);
    const parsed = joinBodySchema.safeParse(body);
    if (!parsed.success) throw invalidInput(parsed.error, BODY_SHAPE);
    const viewer = c.get("viewer");
    const entry = await joinTicketTypeWaitlist(
      c.get("db"),
      viewer && { userId: viewer.userId },
      { ticketTypeId, name: parsed.data.name, email: parsed.data.email },
      {
        now: currentTime(),
        language: parsed.data.language ?? languageFromHeader(c.req.header("Accept-Language")),
        clientAddress: clientAddress(c, c.get("config").auth.trustProxy),
        siteUrl: c.get("config").publicUrl,
      },
    );
    return c.json({ data: waitlistEntryJson(entry) }, 201);
  });

  api.get("/waitlist", async (c) => {
    const entries = await listMyWaitlistEntries(c.get("db"), requireActor(c));
    return c.json({ data: entries.map(waitlistEntryJson) });
  });

  api.delete("/waitlist/:entryId", async (c) => {
    const actor = requireActor(c);
    const entryId = parseRecordId(c.req.param("entryId"));
    if (entryId === null) throw new AppError("not_found", "No such waitlist place.");
    return c.json({ data: waitlistEntryJson(await leaveWaitlist(c.get("db"), actor, entryId)) });
  });

  return api;
}

/** A waitlist place as the API gives it. */
export function waitlistEntryJson(entry: WaitlistEntry) {
  return {
    id: entry.id,
    eventId: entry.eventId,
    ticketTypeId: entry.ticketTypeId,
    name: entry.name,
    email: entry.email,
    status: entry.status,
    position: entry.position,
    offerOrderId: entry.offerOrderId,
    offeredAt: entry.offeredAt?.toISOString() ?? null,
    confirmed: entry.isConfirmed,
    createdAt: entry.createdAt.toISOString(),
  };
}

/** A place names a person and their address: for them alone, never in a shared cache. */
async function privateAnswers(c: Context<AppEnv>, next: () => Promise<void>) {
  await next();
  c.res.headers.set("Cache-Control", PRIVATE_CACHE);
}

function requireActor(c: Context<AppEnv>): Actor {
  const viewer = c.get("viewer");
  if (!viewer) throw new AppError("unauthenticated", "Must be logged in");
  return { userId: viewer.userId };
}
