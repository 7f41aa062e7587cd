import { OpenAPIHono } from "@hono/zod-openapi";
import { WAITLIST_CONFIRM_HOURS, WAITLIST_LIMITS } from "#server/services/waitlist";
import type { Context } from "hono";
import { z } from "zod";
import { LANGUAGES } from "#domain/language";
import { buyerSchema, WAITLIST_OFFER_HOURS } from "#domain/order";
import { parseRecordId } from "#domain/record-id";
import { clientAddress, languageFromHeader } from "#server/auth/auth-request";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import type { AppEnv } from "#server/http/app-env";
import { limitBody, readJsonBody } from "#server/http/json-body";
import {
  joinTicketTypeWaitlist,
  leaveWaitlist,
  listMyWaitlistEntries,
  type WaitlistEntry,
} from "#server/services/waitlist";
import { invalidInput } from "./invalid-input";
import { PRIVATE_CACHE } from "./cache-control";
import { operationRoute } from "./operation-route";
import { requireActor } from "./require-actor";
import { privateOperation } from "./private-operation";
import { error, problem } from "./error-answers";
import { recordIdParameter } from "./common-parameters";

const BODY_SHAPE = 'The body must be JSON: {"name": "<name>", "email": "<address>"}.';

/** What joining takes; `language` (of the offer e-mail) defaults to the request's Accept-Language. */
const joinBodySchema = z
  .object({
    name: buyerSchema.shape.name,
    email: buyerSchema.shape.email,
    language: z
      .enum(LANGUAGES)
      .optional()
      .describe("The language of the offer e-mail; by default the first of ours Accept-Language names."),
  })
  .strict();

/** The request bodies, as JSON Schema in the document (components.schemas). */
export const WAITLIST_REQUEST_BODIES = {
  WaitlistJoinInput: joinBodySchema,
} satisfies Record<string, z.ZodType>;

const joinWaitlistRoute = operationRoute(
  "post",
  "/ticket-types/{id}/waitlist",
  privateOperation(
    {
      operationId: "joinWaitlist",
      summary: "Join a waitlist",
      description:
        "Puts a name and an e-mail address in line for a sold-out ticket type of an upcoming event, " +
        "signed in or not (signed in, the place is also the person's). When tickets come free, the people " +
        `in line are offered one each, in order, by e-mail: it is held for them for ${WAITLIST_OFFER_HOURS} ` +
        "hours in a pending order they can pay. Only a confirmed address is offered anything: unless the " +
        "caller is signed in with that address, a link to confirm it is e-mailed, valid " +
        `${WAITLIST_CONFIRM_HOURS} hours, after which the place lapses (joining again sends a new link). ` +
        "One place per address and ticket type. At most " +
        `${WAITLIST_LIMITS.joinsPerAddress.limit} joins per address an hour and ` +
        `${WAITLIST_LIMITS.joinsPerClient.limit} per client in ` +
        `${WAITLIST_LIMITS.joinsPerClient.windowSeconds / 60} minutes.`,
      tags: ["Waitlist"],
      access: "optional",
      parameters: [recordIdParameter("The ticket type's number (ticketTypes[].id of GET /events/{id}).")],
      body: { schema: "WaitlistJoinInput", example: { name: "Ada Lovelace", email: "ada@example.com" } },
    },
    { status: "201", description: "The place in line.", schema: "WaitlistEntryResponse" },
    {
      "400": error("The body is not valid (code invalid): fields names each bad field, or eventId: event_ended.", {
        invalid_body: {
          summary: "Bad fields",
          value: problem("invalid", 'The body must be JSON: {"name": "<name>", "email": "<address>"}.', {
            email: "email_invalid",
          }),
        },
        event_ended: {
          summary: "The event has ended or was cancelled",
          value: problem("invalid", "The event has ended or was cancelled.", { eventId: "event_ended" }),
        },
      }),
      "404": error("No such ticket type (code not_found).", {
        not_found: {
          summary: "No such ticket type",
          value: problem("not_found", "No such ticket type at that event.", { ticketTypeId: "not_found" }),
        },
        not_a_number: { summary: "Not a number", value: problem("not_found", "No such ticket type.") },
      }),
      "409": error(
        "Not now (code conflict): fields ticketTypeId: tickets_available (order them instead) or email: " +
          "already_waiting.",
        {
          tickets_available: {
            summary: "Tickets are left",
            value: problem("conflict", "This ticket type still has tickets: order them instead.", {
              ticketTypeId: "tickets_available",
            }),
          },
          already_waiting: {
            summary: "Already in line",
            value: problem("conflict", "This address is already on the waitlist for this ticket type.", {
              email: "already_waiting",
            }),
          },
        },
      ),
      "429": error("Too many joins (code rate_limited, fields email: too_many_attempts).", {
        too_many_attempts: {
          summary: "Too many joins",
          value: problem("rate_limited", "Too many waitlist joins; try again later.", {
            email: "too_many_attempts",
          }),
        },
      }),
    },
  ),
);

const listMyWaitlistEntriesRoute = operationRoute(
  "get",
  "/waitlist",
  privateOperation(
    {
      operationId: "listMyWaitlistEntries",
      summary: "My waitlist places",
      description:
        "The signed-in person's waitlist places, joined signed in or under their confirmed account " +
        "address, newest first, at most 100.",
      tags: ["Waitlist"],
    },
    { description: "The places.", schema: "WaitlistEntryList" },
  ),
);

const leaveWaitlistRoute = operationRoute(
  "delete",
  "/waitlist/{entryId}",
  privateOperation(
    {
      operationId: "leaveWaitlist",
      summary: "Leave a waitlist",
      description:
        "Takes one of the signed-in person's places out of line while it is still waiting. An offer " +
        "already holds a ticket in a pending order: cancel that order instead. A place that is not theirs, " +
        "or no longer waiting, is 404: nobody learns whose places exist.",
      tags: ["Waitlist"],
      parameters: [recordIdParameter("The place's number (id of a waitlist place).", "entryId")],
    },
    { description: "The place, now left.", schema: "WaitlistEntryResponse" },
    {
      "404": error("No waiting place of the person's with that number (code not_found).", {
        not_found: {
          summary: "Not theirs, or not waiting",
          value: problem("not_found", "No waitlist place of yours with that id is waiting."),
        },
        not_a_number: { summary: "Not a number", value: problem("not_found", "No such waitlist place.") },
      }),
    },
  ),
);

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
  const api = new OpenAPIHono<AppEnv>();
  api.use("/ticket-types/*", privateAnswers);
  api.use("/waitlist", privateAnswers);
  api.use("/waitlist/*", privateAnswers);
  api.use(limitBody());

  api.openapi(joinWaitlistRoute, async (c) => {
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

  api.openapi(listMyWaitlistEntriesRoute, async (c) => {
    const entries = await listMyWaitlistEntries(c.get("db"), requireActor(c));
    return c.json({ data: entries.map(waitlistEntryJson) });
  });

  api.openapi(leaveWaitlistRoute, async (c) => {
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
