import { randomBytes } from "node:crypto";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "#server/http/app-env";

/**
 * Sets the security headers of every response and a fresh CSP nonce per request; the page renderer
 * puts the nonce on the scripts it writes, so no other inline script can run.
 */
export function securityHeaders({
  isProduction,
  imageSources = [],
  formTargets = [],
}: {
  isProduction: boolean;
  /** Other origins pages may load pictures from (the map tile server). */
  imageSources?: string[];
  /**
   * Other origins a form submission may end up at. Browsers check form-action on every redirect that
   * follows a submission, so the sign-in form's provider buttons (answered by a redirect to Google or
   * Facebook) need those providers' sign-in origins here to work without JavaScript.
   */
  formTargets?: string[];
}) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set("cspNonce", randomBytes(16).toString("base64"));
    await next();
    // Read again: a response reused from the cache carries the nonce it was rendered with.
    const nonce = c.get("cspNonce");
    const headers = c.res.headers;
    headers.set("X-Content-Type-Options", "nosniff");
    // A page whose address holds a secret (an order's ?key=) sends a stricter policy of its own.
    if (!headers.has("Referrer-Policy")) headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
    headers.set("X-Frame-Options", "DENY");
    headers.set("Cross-Origin-Opener-Policy", "same-origin");
    if (isProduction) {
      headers.set(
        "Content-Security-Policy",
        [
          "default-src 'self'",
          `script-src 'self' 'nonce-${nonce}'`,
          // React and toasts set style attributes; styles cannot run code.
          "style-src 'self' 'unsafe-inline'",
          ["img-src 'self' data: blob:", ...imageSources].join(" "),
          "font-src 'self'",
          "connect-src 'self'",
          "media-src 'self'",
          "object-src 'none'",
          "base-uri 'self'",
          ["form-action 'self'", ...formTargets].join(" "),
          "frame-ancestors 'none'",
        ].join("; "),
      );
      if (new URL(c.req.url).protocol === "https:") {
        headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
      }
    }
  });
}
