import { createMiddleware } from "hono/factory";
import { AppError } from "#server/errors";
import type { AppEnv } from "#server/http/app-env";
import { errorResponse } from "#server/http/error-response";
import { requestOrigin } from "#server/http/request-origin";
import { hasSessionCookie } from "#server/http/session-cookie";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Bearer tokens only, never cookies (decision 007 §5): another site cannot make a browser send one. */
const EXEMPT_PREFIX = "/auth/v1/";

/**
 * Cross-site request forgery (decision 007 §5). A state-changing request that carries the session
 * cookie must come from our own pages: its `Origin` is this site (as the browser reached it, through a
 * trusted proxy's record when TRUST_PROXY is on, or as PUBLIC_URL names it), or, when a browser sends no Origin, `Sec-Fetch-Site` says
 * same-origin. Anything else is refused with 403 before it reaches a handler. SameSite=Lax on the
 * cookie is the second layer.
 *
 * Forms posted from another site without our cookie are refused too when they name their origin:
 * no page of ours is meant to be posted from elsewhere, and this stops another site from signing a
 * visitor into an account of its choosing (login CSRF). The JSON API is left to its own rules there,
 * since bearer-token clients may call it from anywhere.
 */
export function csrfProtection() {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || c.req.path.startsWith(EXEMPT_PREFIX)) return next();
    const origin = c.req.header("Origin");
    const allowed = [requestOrigin(c), new URL(c.get("config").publicUrl).origin];
    if (hasSessionCookie(c.req.header("Cookie"))) {
      const isSameOrigin =
        origin !== undefined ? allowed.includes(origin) : c.req.header("Sec-Fetch-Site") === "same-origin";
      if (!isSameOrigin) return refuse(c);
    } else if (origin !== undefined && !c.req.path.startsWith("/api/") && !allowed.includes(origin)) {
      return refuse(c);
    }
    return next();
  });
}

function refuse(c: Parameters<typeof errorResponse>[0]) {
  c.header("Cache-Control", "no-store");
  return errorResponse(c, new AppError("forbidden", "This request must come from this site's own pages."));
}
