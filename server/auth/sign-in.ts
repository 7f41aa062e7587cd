import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { users } from "#server/db/schema";
import type { Config } from "#server/env";
import { parseEmailAddress } from "#domain/email-address";
import { MAX_PASSWORD_LENGTH } from "#domain/password-policy";
import { AuthError } from "./auth-error";
import type { AuthRequest } from "./auth-request";
import { findAccountByEmail, isBanned } from "./email-links";
import { knownDeviceIdFor } from "./known-device";
import { limitSignIn, settlePasswordCheck } from "./limits";
import { hashPassword, isOutdatedHash, verifyPassword } from "./passwords";
import { startSession, type SessionJson } from "./sessions";
import { loadKeyRing } from "./signing-keys";

const invalidCredentials = () => new AuthError(400, "invalid_credentials", "Invalid login credentials");

/**
 * POST /token?grant_type=password. Unknown address, account without a password and wrong password
 * all answer the same, after the same Argon2 work; "Email not confirmed" only comes once the
 * password matched, so it tells nothing to someone who does not know it.
 */
export async function signInWithPassword(
  db: Database,
  config: Config,
  request: AuthRequest,
  input: { email: string; password: string },
): Promise<SessionJson> {
  if (!input.email || !input.password) throw new AuthError(400, "validation_failed", "missing email or phone");
  const parsed = parseEmailAddress(input.email);
  const ring = await loadKeyRing(db);
  // Too long to be anyone's password (they are refused at sign-up): never worth hashing.
  const isHashable = parsed.ok && typeof input.password === "string" && input.password.length <= MAX_PASSWORD_LENGTH;
  const knownDeviceId = isHashable
    ? await knownDeviceIdFor(db, request.knownDeviceToken, parsed.email, request.now)
    : null;
  await limitSignIn(db, request, isHashable ? parsed.email : null, knownDeviceId);
  if (!isHashable) throw invalidCredentials();
  const email = parsed.email;
  const account = await findAccountByEmail(db, email);
  const user = account?.user;
  const isMatch = await verifyPassword(user?.passwordHash ?? null, input.password);
  await settlePasswordCheck(db, email, request, isMatch, knownDeviceId);
  if (!user || !isMatch) throw invalidCredentials();
  if (!user.emailConfirmedAt) throw new AuthError(400, "email_not_confirmed", "Email not confirmed");
  if (isBanned(user, request.now)) throw new AuthError(400, "user_banned", "User is banned");
  if (isOutdatedHash(user.passwordHash!)) {
    // Hashes made with older parameters are replaced while the password is at hand.
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(input.password) })
      .where(eq(users.id, user.id));
  }
  return startSession(db, ring, config, request, user, "password", account.identities);
}
