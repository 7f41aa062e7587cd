import { decodeProtectedHeader, jwtVerify, SignJWT } from "jose";
import { ACCESS_TOKEN_ALGORITHM, loadKeyRing, publicKeyFor } from "#server/auth/signing-keys";
import type { Database } from "#server/db/client";

/** Who stops following whom. */
export interface UnfollowRequest {
  followerId: string;
  organizerId: string;
}

/** Only these tokens carry it: neither an access token nor a digest's unsubscribe token is one. */
const AUDIENCE = "unfollow-organizer";
const MAX_TOKEN_LENGTH = 1_000;
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const SUBJECT = new RegExp(`^f:(${UUID}):(${UUID})$`, "i");

/**
 * The secret in the one-click unfollow link of a followed organizers' e-mail, signed with the site's
 * signing key as the digest's unsubscribe link is (digest-unsubscribe-token.ts): it names the follower
 * and the organizer without storing anything, and does not expire, as old e-mails are read late.
 */
export async function unfollowToken(db: Database, request: UnfollowRequest): Promise<string> {
  const { signing } = await loadKeyRing(db);
  return new SignJWT({})
    .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, kid: signing.kid })
    .setSubject(`f:${request.followerId}:${request.organizerId}`)
    .setAudience(AUDIENCE)
    .sign(signing.privateKey);
}

/** The follower and organizer a token names, or null when it is not one we signed for this. */
export async function readUnfollowToken(db: Database, token: string): Promise<UnfollowRequest | null> {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  try {
    const key = await publicKeyFor(db, decodeProtectedHeader(token).kid);
    if (!key) return null;
    const { payload } = await jwtVerify(token, key, { audience: AUDIENCE, algorithms: [ACCESS_TOKEN_ALGORITHM] });
    const match = SUBJECT.exec(payload.sub ?? "");
    return match ? { followerId: match[1]!.toLowerCase(), organizerId: match[2]!.toLowerCase() } : null;
  } catch {
    return null;
  }
}
