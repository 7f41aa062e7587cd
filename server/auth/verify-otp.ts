import { parseEmailAddress } from "#domain/email-address";
import type { Database } from "#server/db/client";
import type { Config } from "#server/env";
import { AuthError } from "./auth-error";
import type { AuthRequest } from "./auth-request";
import { consumeLinkById, findUserByEmail, isBanned, linkKindsOf, SESSION_METHOD } from "./email-links";
import { findMatchingCode, limitCodeChecks, recordFailedCode } from "./otp-codes";
import { startSession, type SessionJson } from "./sessions";
import { loadKeyRing } from "./signing-keys";

const codeInvalid = () => new AuthError(403, "otp_expired", "Token has expired or is invalid");

/**
 * POST /verify `{email, token, type}`: supabase-js's `verifyOtp`. The six-digit code of a sign-up,
 * magic-link or reset e-mail signs its owner in as following the e-mail's link would (and spends the
 * link with it). A wrong, used or expired code, and any code for an address without an account, all
 * answer Supabase's 403 otp_expired; each counts against the address (otp-codes.ts).
 */
export async function verifyEmailCode(
  db: Database,
  config: Config,
  request: AuthRequest,
  input: { email: unknown; token: string; type: string },
): Promise<SessionJson> {
  const kinds = linkKindsOf(input.type);
  const address = parseEmailAddress(input.email);
  if (!address.ok) throw new AuthError(422, "validation_failed", "Invalid email format");
  const { email } = address;
  await limitCodeChecks(db, request, email);
  const ring = await loadKeyRing(db);
  try {
    return await db.transaction(async (tx) => {
      const user = await findUserByEmail(tx, email);
      if (!user) throw codeInvalid();
      if (isBanned(user, request.now)) throw new AuthError(403, "user_banned", "User is banned");
      const code = await findMatchingCode(tx, { userId: user.id, kinds, code: input.token, now: request.now });
      const link = code?.oneTimeTokenId ? await consumeLinkById(tx, code.oneTimeTokenId, request.now) : undefined;
      if (!link) throw codeInvalid();
      return startSession(tx, ring, config, request, link.user, SESSION_METHOD[link.kind]);
    });
  } catch (error) {
    if (error instanceof AuthError && error.code === "otp_expired") await recordFailedCode(db, request, email);
    throw error;
  }
}
