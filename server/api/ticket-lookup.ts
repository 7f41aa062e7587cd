import { Hono } from "hono";
import { clientAddress, languageFromHeader } from "#server/auth/auth-request";
import { currentTime } from "#server/clock";
import type { AppEnv } from "#server/http/app-env";
import { limitBody, readJsonBody } from "#server/http/json-body";
import { requestTicketLookup } from "#server/services/ticket-lookup";

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

/**
 * `POST /api/v1/ticket-lookup` `{ "email": "…" }`: Find My Ticket without an account. 202 with the same
 * body always; 400 only for a body that is not an e-mail address. The e-mail is written in the first
 * of our languages the Accept-Language header names.
 */
export function createTicketLookupApi() {
  const api = new Hono<AppEnv>();
  api.use(async (c, next) => {
    await next();
    // After the handler, so that refusals (400) carry it too: no cache keeps an answer about an address.
    c.res.headers.set("Cache-Control", "no-store");
  });
  api.use(limitBody());
  api.post("/", async (c) => {
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
