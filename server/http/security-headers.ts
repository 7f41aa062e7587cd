import { randomBytes } from "node:crypto";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "#server/http/app-env";
import { isServedOverHttps } from "#server/http/request-origin";

/**
 * Sets the security headers of every response and a fresh CSP nonce per request; the page renderer
 * puts the nonce on the scripts it writes, so no other inline script can run. Over HTTPS (as the
 * browser reached us, see request-origin.ts) every answer carries HSTS in production, and every cookie
 * we set carries `Secure`.
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
    const overHttps = isServedOverHttps(c);
    if (overHttps) makeCookiesSecure(headers);
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
      if (overHttps) {
        headers.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
      }
    }
  });
}

/**
 * Adds `Secure` to every cookie the answer sets without it. Here rather than in each place that makes
 * a cookie (the session, the language and theme, the one-time notices…): a cookie added later is
 * covered too, and a cookie set over HTTPS must never travel back in clear.
 */
function makeCookiesSecure(headers: Headers): void {
  const cookies = headers.getSetCookie();
  if (cookies.every(isSecureCookie)) return;
  headers.delete("Set-Cookie");
  for (const cookie of cookies) headers.append("Set-Cookie", isSecureCookie(cookie) ? cookie : `${cookie}; Secure`);
}

function isSecureCookie(cookie: string): boolean {
  return cookie
    .split(";")
    .slice(1)
    .some((attribute) => attribute.trim().toLowerCase() === "secure");
}
