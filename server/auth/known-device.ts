import { createHash, randomUUID } from "node:crypto";
import { decodeProtectedHeader, jwtVerify, SignJWT } from "jose";
import type { Database } from "#server/db/client";
import type { Config } from "#server/env";
import { cookieAttributes, readCookieValue } from "#server/http/session-cookie";
import { ACCESS_TOKEN_ALGORITHM, loadKeyRing, publicKeyFor } from "./signing-keys";

/**
 * A browser that has signed in to an address with its password before (OWASP's "device cookie"): the
 * web keeps this token in an HttpOnly cookie, and wrong passwords from that browser are counted for it
 * alone rather than for its client address. So someone guessing from the owner's own network (a shared
 * NAT, an office) cannot make the owner wait, while the guesser, without the token, still does.
 * Signed with the access tokens' key and bound to one address; it grants nothing but that counter.
 */
const AUDIENCE = "known-device";
const LIFETIME_SECONDS = 180 * 24 * 3600;

/** The cookie the web keeps the token in; only the sign-in page's form receives it. */
export const KNOWN_DEVICE_COOKIE = "known_device";
const KNOWN_DEVICE_PATH = "/signin";

/** The token a sign-in request's browser kept, if any. */
export function knownDeviceTokenOf(request: Request): string | null {
  return readCookieValue(request.headers.get("Cookie"), KNOWN_DEVICE_COOKIE) ?? null;
}

export function knownDeviceCookie(config: Config, token: string): string {
  return `${KNOWN_DEVICE_COOKIE}=${token}; ${cookieAttributes(config, KNOWN_DEVICE_PATH)}; Max-Age=${LIFETIME_SECONDS}`;
}

/** Only the hash of the address travels in the token: the cookie need not carry the address itself. */
const subjectOf = (email: string) => createHash("sha256").update(email).digest("base64url");

export async function issueKnownDeviceToken(db: Database, email: string, now: Date): Promise<string> {
  const ring = await loadKeyRing(db);
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, kid: ring.signing.kid, typ: "JWT" })
    .setSubject(subjectOf(email))
    .setAudience(AUDIENCE)
    .setJti(randomUUID())
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + LIFETIME_SECONDS)
    .sign(ring.signing.privateKey);
}

/** The device's id when `token` is one of ours, unexpired and for `email`; null for anything else. */
export async function knownDeviceIdFor(
  db: Database,
  token: string | null | undefined,
  email: string,
  now: Date,
): Promise<string | null> {
  if (!token || token.length > 1024) return null;
  try {
    const key = await publicKeyFor(db, decodeProtectedHeader(token).kid);
    if (!key) return null;
    const { payload } = await jwtVerify(token, key, {
      algorithms: [ACCESS_TOKEN_ALGORITHM],
      audience: AUDIENCE,
      subject: subjectOf(email),
      currentDate: now,
    });
    return typeof payload.jti === "string" ? payload.jti : null;
  } catch {
    return null;
  }
}
