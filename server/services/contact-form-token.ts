import { randomUUID } from "node:crypto";
import { decodeProtectedHeader, jwtVerify, SignJWT } from "jose";
import { ACCESS_TOKEN_ALGORITHM, loadKeyRing, publicKeyFor } from "#server/auth/signing-keys";
import { hit } from "#server/auth/throttle";
import type { Database } from "#server/db/client";

/**
 * The spam trap's signed timestamp (no CAPTCHA: it costs people nothing). A contact form carries a
 * token naming the form and the instant its page was served; a post is trusted only with a token we
 * signed for that form, at least MIN_FILL_MS old (people take longer to write a message; scripts
 * post at once), used once.
 */
const AUDIENCE = "contact-form";
const MAX_TOKEN_LENGTH = 1_000;
/** Faster than this from page to post is a script. */
export const MIN_FILL_MS = 2_000;
/** A page left open longer asks for the message to be sent again (a person is told, see checkFormToken). */
export const MAX_FORM_AGE_MS = 12 * 60 * 60_000;

/** Which form a token belongs to: /contact, or one event's organizer form. */
export type ContactFormName = "site" | `event:${number}`;

export async function issueFormToken(db: Database, form: ContactFormName, now: Date): Promise<string> {
  const { signing } = await loadKeyRing(db);
  return new SignJWT({ form, at: now.getTime() })
    .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, kid: signing.kid })
    .setAudience(AUDIENCE)
    .setJti(randomUUID())
    .sign(signing.privateKey);
}

/**
 * "ok": a token of ours for this form, old enough and not yet used. "expired": ours but too old (a
 * person who left the page open: they are asked to send again). "trap": no token, a forged one, one of
 * another form, or one posted too fast: treated as a bot's.
 */
export type FormTokenCheck =
  { outcome: "ok"; id: string; issuedAt: Date } | { outcome: "expired" } | { outcome: "trap" };

export async function checkFormToken(
  db: Database,
  token: unknown,
  form: ContactFormName,
  now: Date,
): Promise<FormTokenCheck> {
  if (typeof token !== "string" || token.length === 0 || token.length > MAX_TOKEN_LENGTH) return { outcome: "trap" };
  try {
    const key = await publicKeyFor(db, decodeProtectedHeader(token).kid);
    if (!key) return { outcome: "trap" };
    const { payload } = await jwtVerify(token, key, { audience: AUDIENCE, algorithms: [ACCESS_TOKEN_ALGORITHM] });
    if (payload.form !== form || typeof payload.at !== "number" || typeof payload.jti !== "string") {
      return { outcome: "trap" };
    }
    const age = now.getTime() - payload.at;
    if (age < MIN_FILL_MS) return { outcome: "trap" };
    if (age > MAX_FORM_AGE_MS) return { outcome: "expired" };
    return { outcome: "ok", id: payload.jti, issuedAt: new Date(payload.at) };
  } catch {
    return { outcome: "trap" };
  }
}

/**
 * Marks a checked token used; false when it already was (a replayed post). The count is kept in the
 * throttle's table, in the minute the token was issued, so every use of one token meets the same row,
 * and rows are deleted only a day after (longer than a token lives).
 */
export async function spendFormToken(db: Database, check: { id: string; issuedAt: Date }): Promise<boolean> {
  const result = await hit(db, `contact:form:${check.id}`, 1, 60, check.issuedAt);
  return result.isAllowed;
}
