import { Hono } from "hono";
import { clientAddress, languageFromHeader } from "#server/auth/auth-request";
import { currentTime } from "#server/clock";
import { limitBody, readJsonBody } from "#server/http/json-body";
import type { AppEnv } from "#server/http/app-env";
import { subscribeToNewsletter } from "#server/services/newsletter";

/**
 * The one answer to every well-formed request, whether the address is new, already subscribed or
 * over a limit (services/newsletter.ts says why).
 */
export const NEWSLETTER_ANSWER = {
  data: {
    status: "accepted",
    message:
      "If this address is not subscribed yet, a link to confirm the subscription has been e-mailed. Nothing is sent until it is followed.",
  },
} as const;

/**
 * `POST /api/v1/newsletter` `{ "email": "…", "language"?: "fr" }`: asks for the weekly digest (double
 * opt-in). 202 with the same body always; 400 only for malformed input. Without a language, the digest
 * is written in the first of ours Accept-Language names.
 */
export function createNewsletterApi() {
  const api = new Hono<AppEnv>();
  api.use(async (c, next) => {
    await next();
    c.res.headers.set("Cache-Control", "no-store");
  });
  api.use(limitBody());
  api.post("/", async (c) => {
    const body = await readJsonBody(c, 'The body must be JSON: {"email": "<address>", "language": "en"}.', {
      email: "email_invalid",
    });
    await subscribeToNewsletter(c.get("db"), body, {
      ip: clientAddress(c, c.get("config").auth.trustProxy),
      now: currentTime(),
      language: languageFromHeader(c.req.header("accept-language")),
    });
    return c.json(NEWSLETTER_ANSWER, 202);
  });
  return api;
}
