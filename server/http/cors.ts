import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { AppError } from "#server/errors";
import type { AppEnv } from "#server/http/app-env";
import { errorResponse } from "#server/http/error-response";
import { addVary } from "#server/http/vary";

/**
 * Who may call `/api/v1` from a page on another site (decision 012). Public reads (what anyone may
 * see without signing in) are open to every origin, without credentials. Everything else is closed,
 * except to the origins listed in CORS_ORIGINS, which may call any endpoint with a bearer token. No
 * answer allows credentials: the session cookie never works across sites, whatever the origin.
 */

/** The public reads: GET and HEAD of these paths answer the same to everyone. */
const PUBLIC_READS = [
  /^\/api\/v1\/events$/,
  /^\/api\/v1\/events\/[^/]+$/,
  /^\/api\/v1\/events\/[^/]+\/photos$/,
  /^\/api\/v1\/(stats|categories|venues|sponsors|openapi\.json)$/,
  /^\/api\/v1\/(sponsors|organizers)\/[^/]+$/,
  /^\/api\/v1\/community$/,
  /^\/api\/v1\/users\/[^/]+$/,
  /^\/api\/v1\/users\/[^/]+\/badges$/,
  /^\/api\/v1\/events\/[^/]+\/reviews$/,
];
const READ_METHODS = new Set(["GET", "HEAD"]);
/** What a listed origin's page may send: a bearer token, JSON, an idempotent retry, a conditional read. */
const LISTED_REQUEST_HEADERS =
  "Authorization, Content-Type, Idempotency-Key, If-None-Match, Accept-Language, X-Request-Id";
const PUBLIC_REQUEST_HEADERS = "If-None-Match, Accept-Language, X-Request-Id";
const LISTED_METHODS = "GET, HEAD, POST, PUT, PATCH, DELETE";
/** Answer headers a page may read besides the always-readable ones (Content-Type, Cache-Control…). */
const EXPOSED_HEADERS = "ETag, Location, Retry-After, X-Request-Id";
/** How long a browser may reuse a preflight answer. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

export function isPublicRead(method: string, path: string): boolean {
  return READ_METHODS.has(method) && PUBLIC_READS.some((pattern) => pattern.test(path));
}

export function apiCors({ listedOrigins }: { listedOrigins: string[] }) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const origin = c.req.header("Origin");
    const isListed = origin !== undefined && listedOrigins.includes(origin);
    const requestedMethod = c.req.header("Access-Control-Request-Method");
    if (c.req.method === "OPTIONS" && origin !== undefined && requestedMethod !== undefined) {
      return preflight(c, { origin, isListed, isPublic: isPublicRead(requestedMethod, c.req.path) });
    }
    await next();
    const headers = c.res.headers;
    if (isPublicRead(c.req.method, c.req.path)) {
      // The same `*` to every origin: nothing here varies with Origin.
      headers.set("Access-Control-Allow-Origin", "*");
      headers.set("Access-Control-Expose-Headers", EXPOSED_HEADERS);
      return;
    }
    addVary(headers, ["Origin"]);
    if (isListed) {
      headers.set("Access-Control-Allow-Origin", origin);
      headers.set("Access-Control-Expose-Headers", EXPOSED_HEADERS);
    }
  });
}

/**
 * The browser's question before a call it may not make unasked (another method, a bearer token, JSON).
 * A listed origin may make any call; any origin may make a public read with the harmless headers; the
 * rest get a 403 that says why, which the browser takes as a no.
 */
function preflight(
  c: Context<AppEnv>,
  { origin, isListed, isPublic }: { origin: string; isListed: boolean; isPublic: boolean },
) {
  c.header("Vary", "Origin");
  if (!isListed && !isPublic) {
    return errorResponse(
      c,
      new AppError(
        "forbidden",
        `Pages on ${origin.slice(0, 200)} may not make this call: only public reads are open to every site, the rest to the origins in CORS_ORIGINS.`,
      ),
    );
  }
  c.header("Access-Control-Allow-Origin", isListed ? origin : "*");
  c.header("Access-Control-Allow-Methods", isListed ? LISTED_METHODS : "GET, HEAD");
  c.header("Access-Control-Allow-Headers", isListed ? LISTED_REQUEST_HEADERS : PUBLIC_REQUEST_HEADERS);
  c.header("Access-Control-Max-Age", String(PREFLIGHT_MAX_AGE_SECONDS));
  return c.body(null, 204);
}
