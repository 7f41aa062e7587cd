import { and, eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { otpCodes, users } from "#server/db/schema";
import type { Config } from "#server/env";
import { enqueueEmail } from "#server/services/outbox";
import { AuthError } from "./auth-error";
import type { AuthRequest } from "./auth-request";
import { emailLanguageOf } from "./email-links";
import { countEmailSent, limitEmailRequest } from "./limits";
import { findMatchingCode, issueOtpCode, limitCodeChecks, recordFailedCode } from "./otp-codes";

/**
 * A session opened this recently counts as a recent sign-in: Supabase's "secure password change" asks
 * for a nonce only in older ones (user-update.ts says what we ask, and when).
 */
export const RECENT_SIGN_IN_MS = 24 * 3600 * 1000;

export const reauthenticationNeeded = () =>
  new AuthError(400, "reauthentication_needed", "Password update requires reauthentication");

const nonceInvalid = () => new AuthError(422, "reauthentication_not_valid", "Nonce has expired or is invalid");

/**
 * GET /reauthenticate (supabase-js's `reauthenticate()`): e-mails the signed-in person a six-digit
 * nonce that lets this account set a new password (PUT /user `{password, nonce}`). Only the newest
 * nonce works. Under the same e-mail limits as every other account e-mail.
 */
export async function requestReauthentication(
  db: Database,
  config: Config,
  request: AuthRequest,
  userId: string,
): Promise<void> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AuthError(403, "user_not_found", "User from sub claim in JWT does not exist");
  if (!user.emailConfirmedAt) throw new AuthError(422, "email_not_confirmed", "Please verify your email first.");
  // Only ever to an account that exists (the signed-in one): the budget sign-up spam cannot spend.
  await limitEmailRequest(db, config, request, user.email, "account");
  await db.transaction(async (tx) => {
    await tx.delete(otpCodes).where(and(eq(otpCodes.userId, user.id), eq(otpCodes.kind, "reauthentication")));
    const code = await issueOtpCode(tx, {
      userId: user.id,
      kind: "reauthentication",
      oneTimeTokenId: null,
      now: request.now,
    });
    const language = await emailLanguageOf(tx, user.id, request.language);
    await enqueueEmail(tx, { kind: "reauthentication", to: user.email, language, code });
    await countEmailSent(tx, "account", request.now);
  });
}

/**
 * Checks a nonce of `userId` and returns the id of its code, which the password change spends in its
 * own transaction (spendReauthenticationNonce). Wrong nonces count against the account (otp-codes.ts).
 */
export async function checkReauthenticationNonce(
  db: Database,
  request: AuthRequest,
  userId: string,
  nonce: string,
): Promise<string> {
  const subject = `reauthentication:${userId}`;
  await limitCodeChecks(db, request, subject);
  const code = await findMatchingCode(db, { userId, kinds: ["reauthentication"], code: nonce, now: request.now });
  if (!code) {
    await recordFailedCode(db, request, subject);
    throw nonceInvalid();
  }
  return code.id;
}

/** Spends a checked nonce; a request that used it at the same moment leaves nothing, and this one fails. */
export async function spendReauthenticationNonce(tx: Pick<Database, "delete">, codeId: string): Promise<void> {
  const spent = await tx.delete(otpCodes).where(eq(otpCodes.id, codeId)).returning({ id: otpCodes.id });
  if (spent.length === 0) throw nonceInvalid();
}
