import { SESSION_REFRESH_MARGIN_SECONDS, secondsUntilRefresh } from "#domain/session-timing";
import type { Language } from "#domain/language";
import { UNNAMED_MEMBER_NAME } from "#domain/profile";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { authenticateAccessToken, type Authenticated } from "#server/auth/access-tokens";
import { isAuthError } from "#server/auth/auth-error";
import { authRequestFrom, languageFromHeader } from "#server/auth/auth-request";
import { refreshSession } from "#server/auth/sessions";
import type { Database } from "#server/db/client";
import { getHeaderProfile } from "#server/services/profiles";
import { AppError } from "#server/errors";
import type { AppEnv, Viewer } from "#server/http/app-env";
import { errorResponse } from "#server/http/error-response";
import {
  clearedSessionCookie,
  hasSessionCookie,
  readSessionCookie,
  sessionCookie,
  setsSessionCookie,
  tokensFromSession,
  type SessionTokens,
} from "#server/http/session-cookie";

/** Where the browser's timer asks for a new access token (app/components/session-keeper.tsx). */
export const SESSION_REFRESH_PATH = "/session/refresh";

/**
 * Requests that never need to know who is asking: files (pages ask for many pictures at once, none
 * of them personal), the auth API, which reads its own bearer token, and the health check.
 */
const SKIPPED_PREFIXES = [
  "/assets/",
  "/uploads/",
  "/media/",
  "/favicon.",
  "/auth/v1/",
  "/healthz",
  "/robots.txt",
  "/sitemap.xml",
  "/sitemaps/",
];
/** Responses that show a person's own data; the others (images, files) may stay cacheable. */
const PERSONAL_TYPE = /^(text\/html|text\/x-script|application\/json)/;

/**
 * Establishes who is asking (decision 007 §4) and puts them in the `viewer` variable, null for
 * visitors. A request without a session cookie or a bearer token costs nothing here.
 *
 * From the `session` cookie: the access token is checked (signature, expiry, live session); when it
 * has expired or ends within 90 s it is renewed with the refresh token during this request, and the
 * rotated tokens go back in the cookie, as Supabase's server-side helpers do, so the page rendered
 * now already shows the person signed in. A refresh that fails for good (the session was revoked,
 * expired, or its token reused) clears the cookie; one that fails for a passing reason (the database
 * is busy) keeps it for the next request.
 *
 * Responses to a signed-in request say `private, no-store`: they hold the person's own data.
 */
export function viewerMiddleware() {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.set("viewer", null);
    if (SKIPPED_PREFIXES.some((prefix) => c.req.path.startsWith(prefix))) return next();
    const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header("Authorization") ?? "")?.[1];
    const hasCookie = !bearer && hasSessionCookie(c.req.header("Cookie"));
    if (!bearer && !hasCookie) return next();
    const tokens = hasCookie ? readSessionCookie(c.req.header("Cookie")) : null;

    let setCookie: string | null = null;
    if (bearer) {
      c.set("viewer", await viewerFromAccessToken(c, bearer, null));
    } else if (!tokens) {
      // A cookie we cannot read (old format, tampered): drop it rather than carry it forever.
      setCookie = clearedSessionCookie(c.get("config"));
    } else {
      const outcome = await establishFromCookie(c, tokens);
      c.set("viewer", outcome.viewer);
      setCookie = outcome.setCookie;
    }

    await next();

    const headers = c.res.headers;
    // A route that signed in or out has the last word on the cookie.
    if (setCookie && !setsSessionCookie(headers)) headers.append("Set-Cookie", setCookie);
    if ((c.get("viewer") || setCookie) && PERSONAL_TYPE.test(headers.get("Content-Type") ?? "")) {
      headers.set("Cache-Control", "private, no-store");
    }
  });
}

/**
 * `POST /session/refresh`: the middleware above has renewed the session if its access token ends
 * within the margin (as on any request; an early or repeated call renews nothing, so tabs asking
 * together do not spend refresh tokens for nothing); this answers when the access token in the
 * cookie ends, or 401 when there is no session any more, in which case the page shows itself signed out.
 */
export function handleSessionRefresh(c: Context<AppEnv>) {
  c.header("Cache-Control", "no-store");
  const viewer = c.get("viewer");
  if (!viewer?.sessionExpiresAt) return errorResponse(c, new AppError("unauthenticated", "No session to refresh."));
  const refreshInSeconds = secondsUntilRefresh(viewer.sessionExpiresAt, Math.floor(Date.now() / 1000));
  return c.json({ expiresAt: viewer.sessionExpiresAt, refreshInSeconds });
}

async function establishFromCookie(
  c: Context<AppEnv>,
  tokens: SessionTokens,
): Promise<{ viewer: Viewer | null; setCookie: string | null }> {
  const config = c.get("config");
  const now = new Date();
  const secondsLeft = tokens.expiresAt - Math.floor(now.getTime() / 1000);
  if (secondsLeft > SESSION_REFRESH_MARGIN_SECONDS) {
    const viewer = await viewerFromAccessToken(c, tokens.accessToken, tokens.expiresAt);
    if (viewer) return { viewer, setCookie: null };
    // A token that no longer passes may still come with a good refresh token (a key rotation, say).
  }
  try {
    const session = await refreshSession(c.get("db"), config, authRequestFrom(c, requestLanguage(c), now), {
      refreshToken: tokens.refreshToken,
    });
    const renewed = tokensFromSession(session);
    const viewer = await viewerFromAccessToken(c, renewed.accessToken, renewed.expiresAt);
    return { viewer, setCookie: viewer ? sessionCookie(config, renewed) : clearedSessionCookie(config) };
  } catch (error) {
    if (isDefinitiveRefreshFailure(error)) return { viewer: null, setCookie: clearedSessionCookie(config) };
    c.get("logger").warn({ err: error, requestId: c.get("requestId") }, "session refresh failed; kept for a retry");
    // Still usable until it ends: the next request tries again.
    const viewer = secondsLeft > 0 ? await viewerFromAccessToken(c, tokens.accessToken, tokens.expiresAt) : null;
    return { viewer, setCookie: null };
  }
}

/** 4xx answers are final (revoked, expired, reused, malformed); 409 (a concurrent refresh) and 5xx pass. */
function isDefinitiveRefreshFailure(error: unknown): boolean {
  return isAuthError(error) && error.status >= 400 && error.status < 500 && error.status !== 409;
}

async function viewerFromAccessToken(
  c: Context<AppEnv>,
  accessToken: string,
  sessionExpiresAt: number | null,
): Promise<Viewer | null> {
  let authenticated: Authenticated;
  try {
    authenticated = await authenticateAccessToken(c.get("db"), c.get("config"), accessToken, new Date());
  } catch (error) {
    if (isAuthError(error)) return null;
    throw error;
  }
  return {
    ...(await describeViewer(c.get("db"), authenticated, requestLanguage(c))),
    ...(sessionExpiresAt ? { sessionExpiresAt } : {}),
  };
}

/**
 * The name and picture the header shows, from the profile, else from what was given at sign-up, else
 * the word for "Member" (never part of the address: checkout offers this name as the buyer's).
 */
async function describeViewer(db: Database, { user, sessionId }: Authenticated, language: Language): Promise<Viewer> {
  const profile = await getHeaderProfile(db, user.id);
  const metadataName = user.user_metadata.name ?? user.user_metadata.full_name;
  const name = profile?.name || (typeof metadataName === "string" && metadataName) || UNNAMED_MEMBER_NAME[language];
  return {
    userId: user.id,
    sessionId,
    email: user.email,
    name,
    profileImage: profile?.profileImage ?? null,
    isStaff: profile?.isStaff ?? false,
    unreadNotifications: profile?.unreadNotifications ?? 0,
    unseenBadges: profile?.unseenBadges ?? [],
  };
}

function requestLanguage(c: Context<AppEnv>) {
  return languageFromHeader(c.req.header("Accept-Language"));
}
