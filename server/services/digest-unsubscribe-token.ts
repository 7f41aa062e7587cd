import { jwtVerify, SignJWT, decodeProtectedHeader } from "jose";
import { ACCESS_TOKEN_ALGORITHM, loadKeyRing, publicKeyFor } from "#server/auth/signing-keys";
import type { Database } from "#server/db/client";

/** Who a digest went to: a newsletter subscription, or a signed-in person with interests. */
export type DigestRecipient = { subscriptionId: number } | { userId: string };

/** Only these tokens carry it: an access token (audience "authenticated") is never one, nor the reverse. */
const AUDIENCE = "digest-unsubscribe";
const MAX_TOKEN_LENGTH = 1_000;

/**
 * The secret in a digest's unsubscribe link, signed with the site's signing key. A subscription
 * stores only the hash of its own random token (shown once, in the confirmation e-mail), so a weekly
 * digest cannot repeat it; and people with accounts have no such token at all. A signature names the
 * recipient without storing anything, and keeps working for as long as old digests are read: an
 * unsubscribe link must not expire.
 */
export async function digestUnsubscribeToken(db: Database, recipient: DigestRecipient): Promise<string> {
  const { signing } = await loadKeyRing(db);
  const subject = "subscriptionId" in recipient ? `s:${recipient.subscriptionId}` : `u:${recipient.userId}`;
  return new SignJWT({})
    .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, kid: signing.kid })
    .setSubject(subject)
    .setAudience(AUDIENCE)
    .sign(signing.privateKey);
}

/** The recipient a token names, or null when it is not one we signed for this. */
export async function readDigestUnsubscribeToken(db: Database, token: string): Promise<DigestRecipient | null> {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  try {
    const key = await publicKeyFor(db, decodeProtectedHeader(token).kid);
    if (!key) return null;
    const { payload } = await jwtVerify(token, key, { audience: AUDIENCE, algorithms: [ACCESS_TOKEN_ALGORITHM] });
    const subject = payload.sub ?? "";
    if (/^s:\d{1,9}$/.test(subject)) return { subscriptionId: Number(subject.slice(2)) };
    if (/^u:[0-9a-f-]{36}$/i.test(subject)) return { userId: subject.slice(2) };
    return null;
  } catch {
    return null;
  }
}
