import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { clientAddress, languageFromHeader } from "#server/auth/auth-request";
import { currentTime } from "#server/clock";
import { limitBody, readJsonBody } from "#server/http/json-body";
import type { AppEnv } from "#server/http/app-env";
import { NEWSLETTER_LIMITS, newsletterInputSchema, subscribeToNewsletter } from "#server/services/newsletter";
import { operationRoute } from "./operation-route";
import { privateOperation, NO_STORE_HEADER } from "./private-operation";
import { error, problem } from "./error-answers";

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

/** Named schemas of the answers: components.schemas of the document. */
export const NEWSLETTER_SCHEMAS = {
  NewsletterAccepted: z
    .object({ data: z.object({ status: z.literal("accepted"), message: z.literal(NEWSLETTER_ANSWER.data.message) }) })
    .meta({ description: "The one answer to every well-formed subscription request.", examples: [NEWSLETTER_ANSWER] }),
} satisfies Record<string, z.ZodType>;

/** The request bodies, as JSON Schema in the document (components.schemas). */
export const NEWSLETTER_REQUEST_BODIES = {
  NewsletterInput: newsletterInputSchema,
} satisfies Record<string, z.ZodType>;

const subscribeToNewsletterRoute = operationRoute(
  "post",
  "/",
  privateOperation(
    {
      operationId: "subscribeToNewsletter",
      summary: "Subscribe to the weekly digest",
      description:
        "Asks for the weekly e-mail digest (promoted events first, then upcoming ones) at an address, " +
        "with double opt-in: a link to confirm is e-mailed, and nothing else is sent until it is " +
        "followed. Every digest has an unsubscribe link. The answer is the same whether the address " +
        `is new, already subscribed, or past the limits (${NEWSLETTER_LIMITS.perAddress.limit} requests ` +
        `per address and ${NEWSLETTER_LIMITS.perClient.limit} per client an hour, beyond which nothing ` +
        "is sent), so it tells nobody who subscribes. Needs no account.",
      tags: ["Newsletter"],
      access: "none",
      body: { schema: "NewsletterInput", example: { email: "ada@example.com", language: "fr" } },
    },
    {
      status: "202",
      description: "Accepted: unless the address already receives the digest, a confirmation link is on its way.",
      schema: "NewsletterAccepted",
      cacheControl: NO_STORE_HEADER,
    },
    {
      "400": error("Malformed input (code invalid, fields email: email_invalid, language: language_invalid).", {
        email_invalid: {
          summary: "Not an e-mail address",
          value: problem("invalid", "Enter a valid e-mail address and language.", { email: "email_invalid" }),
        },
        language_invalid: {
          summary: "Not one of en, fr, ar, am",
          value: problem("invalid", "Enter a valid e-mail address and language.", {
            language: "language_invalid",
          }),
        },
      }),
    },
  ),
);

/**
 * `POST /api/v1/newsletter` `{ "email": "…", "language"?: "fr" }`: asks for the weekly digest (double
 * opt-in). 202 with the same body always; 400 only for malformed input. Without a language, the digest
 * is written in the first of ours Accept-Language names.
 */
export function createNewsletterApi() {
  const api = new OpenAPIHono<AppEnv>();
  api.use(async (c, next) => {
    await next();
    c.res.headers.set("Cache-Control", "no-store");
  });
  api.use(limitBody());
  api.openapi(subscribeToNewsletterRoute, async (c) => {
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
