import { z } from "zod";
import type { SessionJson } from "#server/auth/sessions";
import type { Config } from "#server/env";

/** The cookie that carries a web session (decision 007 §4). */
export const SESSION_COOKIE = "session";

/** The three things the server needs to serve and renew a web session. */
export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  /** When the access token expires, in seconds since the epoch (Supabase's `expires_at`). */
  expiresAt: number;
}

const sessionTokensSchema = z.object({
  accessToken: z.string().min(1).max(4096),
  refreshToken: z.string().min(1).max(512),
  expiresAt: z.number().int().positive(),
});

/**
 * How long the browser keeps the cookie: as long as a session can live at all (30 days, decision
 * 007 §3). The server decides whether it is still good; the cookie only has to survive until then.
 */
const COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** Reads the session tokens from a Cookie header; a missing or malformed cookie reads as none. */
export function readSessionCookie(cookieHeader: string | null | undefined): SessionTokens | null {
  const value = readCookieValue(cookieHeader, SESSION_COOKIE);
  if (!value) return null;
  try {
    const parsed = sessionTokensSchema.safeParse(JSON.parse(Buffer.from(value, "base64url").toString("utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Whether a request carries a session cookie at all, valid or not (cheap: no decoding). */
export function hasSessionCookie(cookieHeader: string | null | undefined): boolean {
  return readCookieValue(cookieHeader, SESSION_COOKIE) !== undefined;
}

/** The Set-Cookie value that stores a session in the browser. */
export function sessionCookie(config: Config, tokens: SessionTokens): string {
  // base64url keeps the JSON inside the characters a cookie value may hold, without quoting.
  const value = Buffer.from(
    JSON.stringify({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresAt: tokens.expiresAt }),
  ).toString("base64url");
  return `${SESSION_COOKIE}=${value}; ${cookieAttributes(config)}; Max-Age=${COOKIE_MAX_AGE_SECONDS}`;
}

/** What the cookie keeps of a session the account services issued. */
export function tokensFromSession(session: SessionJson): SessionTokens {
  return { accessToken: session.access_token, refreshToken: session.refresh_token, expiresAt: session.expires_at };
}

/** The Set-Cookie value that removes the session cookie. */
export function clearedSessionCookie(config: Config): string {
  return `${SESSION_COOKIE}=; ${cookieAttributes(config)}; Max-Age=0`;
}

/**
 * The PKCE verifier of a provider sign-in started on the web, kept for the few minutes until the
 * provider sends the browser back to /auth/callback; only that page receives it.
 */
export const OAUTH_VERIFIER_COOKIE = "oauth_verifier";
const OAUTH_VERIFIER_PATH = "/auth/callback";
const OAUTH_VERIFIER_MAX_AGE_SECONDS = 10 * 60;

export function oauthVerifierCookie(config: Config, verifier: string): string {
  return `${OAUTH_VERIFIER_COOKIE}=${verifier}; ${cookieAttributes(config, OAUTH_VERIFIER_PATH)}; Max-Age=${OAUTH_VERIFIER_MAX_AGE_SECONDS}`;
}

export function clearedOAuthVerifierCookie(config: Config): string {
  return `${OAUTH_VERIFIER_COOKIE}=; ${cookieAttributes(config, OAUTH_VERIFIER_PATH)}; Max-Age=0`;
}

/** Whether a response already sets or clears the session cookie (a sign-in or sign-out did). */
export function setsSessionCookie(headers: Headers): boolean {
  return headers.getSetCookie().some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`));
}

/**
 * HttpOnly: page scripts never need the tokens. SameSite=Lax: sent on links from other sites (an
 * e-mail's link lands signed in) but not on their form posts. Secure whenever the site is served over
 * HTTPS, so the tokens never travel in clear.
 */
export function cookieAttributes(config: Config, path = "/"): string {
  const secure = config.publicUrl.startsWith("https:") ? "; Secure" : "";
  return `Path=${path}; HttpOnly; SameSite=Lax${secure}`;
}

/** Reads any cookie by name (the PKCE verifier travels in its own short-lived one). */
export function readCookieValue(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const separator = part.indexOf("=");
    if (separator === -1 || part.slice(0, separator).trim() !== name) continue;
    return part.slice(separator + 1).trim() || undefined;
  }
  return undefined;
}
