import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { clientAddress, languageFromHeader } from "#server/auth/auth-request";
import { currentTime } from "#server/clock";
import type { AppEnv } from "#server/http/app-env";
import { limitBody, readJsonBody } from "#server/http/json-body";
import {
  requestTicketLookup,
  TICKET_LOOKUP_LIMITS,
  TICKET_LOOKUP_LINK_MS,
  ticketLookupInputSchema,
} from "#server/services/ticket-lookup";
import { operationRoute } from "./operation-route";
import { privateOperation, NO_STORE_HEADER } from "./private-operation";
import { error, problem } from "./error-answers";

/**
 * The one answer to every well-formed request, whether or not the address has orders and whether or
 * not it was over a limit (services/ticket-lookup.ts says why).
 */
export const TICKET_LOOKUP_ANSWER = {
  data: {
    status: "accepted",
    message: "If this address has orders, a link to them has been e-mailed. It is valid for 24 hours and works once.",
  },
} as const;

/** Named schemas of the answers: components.schemas of the document. */
export const TICKET_LOOKUP_SCHEMAS = {
  TicketLookupAccepted: z
    .object({
      data: z.object({ status: z.literal("accepted"), message: z.literal(TICKET_LOOKUP_ANSWER.data.message) }),
    })
    .meta({ description: "The one answer to every well-formed lookup.", examples: [TICKET_LOOKUP_ANSWER] }),
} satisfies Record<string, z.ZodType>;

/** The request bodies, as JSON Schema in the document (components.schemas). */
export const TICKET_LOOKUP_REQUEST_BODIES = {
  TicketLookupInput: ticketLookupInputSchema,
} satisfies Record<string, z.ZodType>;

const requestTicketLookupRoute = operationRoute(
  "post",
  "/",
  privateOperation(
    {
      operationId: "requestTicketLookup",
      summary: "Find my tickets by e-mail",
      description:
        "Find My Ticket without an account: when the address has confirmed orders, a link to them is " +
        `e-mailed, valid ${TICKET_LOOKUP_LINK_MS / 3_600_000} hours and once, replacing older links, in the ` +
        "first of our languages Accept-Language names. The answer is the same whether or not the address " +
        `has orders, and past the limits too (${TICKET_LOOKUP_LIMITS.perAddress.limit} requests per address ` +
        `and ${TICKET_LOOKUP_LIMITS.perClient.limit} per client an hour, beyond which nothing is sent), so ` +
        "it tells nobody anything. Needs no account.",
      tags: ["Tickets"],
      access: "none",
      body: { schema: "TicketLookupInput", example: { email: "ada@example.com" } },
    },
    {
      status: "202",
      description: "Accepted: if the address has orders, a link is on its way.",
      schema: "TicketLookupAccepted",
      cacheControl: NO_STORE_HEADER,
    },
    {
      "400": error("Not an e-mail address (code invalid, fields email: email_invalid).", {
        email_invalid: {
          summary: "Not an e-mail address",
          value: problem("invalid", "Enter a valid e-mail address.", { email: "email_invalid" }),
        },
      }),
    },
  ),
);

/**
 * `POST /api/v1/ticket-lookup` `{ "email": "…" }`: Find My Ticket without an account. 202 with the same
 * body always; 400 only for a body that is not an e-mail address. The e-mail is written in the first
 * of our languages the Accept-Language header names.
 */
export function createTicketLookupApi() {
  const api = new OpenAPIHono<AppEnv>();
  api.use(async (c, next) => {
    await next();
    // After the handler, so that refusals (400) carry it too: no cache keeps an answer about an address.
    c.res.headers.set("Cache-Control", "no-store");
  });
  api.use(limitBody());
  api.openapi(requestTicketLookupRoute, async (c) => {
    const body = await readJsonBody(c, 'The body must be JSON: {"email": "<address>"}.', { email: "email_invalid" });
    await requestTicketLookup(c.get("db"), body, {
      ip: clientAddress(c, c.get("config").auth.trustProxy),
      now: currentTime(),
      language: languageFromHeader(c.req.header("accept-language")),
    });
    return c.json(TICKET_LOOKUP_ANSWER, 202);
  });
  return api;
}
