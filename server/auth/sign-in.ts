import type { Database } from "#server/db/client";
import type { Config } from "#server/env";
import { parseEmailAddress } from "#domain/email-address";
import { MAX_PASSWORD_LENGTH } from "#domain/password-policy";
import { AuthError } from "./auth-error";
import type { AuthRequest } from "./auth-request";
import { findUserByEmail, isBanned } from "./email-links";
import { limitSignInsFromClient, recordFailedSignIn, refuseIfTooManyFailures } from "./limits";
import { verifyPassword } from "./passwords";
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
  await limitSignInsFromClient(db, request);
  // Too long to be anyone's password (they are refused at sign-up): never worth hashing.
  if (!parsed.ok || typeof input.password !== "string" || input.password.length > MAX_PASSWORD_LENGTH) {
    throw invalidCredentials();
  }
  const email = parsed.email;
  await refuseIfTooManyFailures(db, email, request);
  const user = await findUserByEmail(db, email);
  const isMatch = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !isMatch) {
    await recordFailedSignIn(db, email, request);
    throw invalidCredentials();
  }
  if (!user.emailConfirmedAt) throw new AuthError(400, "email_not_confirmed", "Email not confirmed");
  if (isBanned(user, request.now)) throw new AuthError(400, "user_banned", "User is banned");
  return db.transaction((tx) => startSession(tx, ring, config, request, user, "password"));
}
