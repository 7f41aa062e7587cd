import type { Database } from "#server/db/client";
import type { Config } from "#server/env";
import type { AuthRequest } from "./auth-request";
import { createEmailUser, findUserByEmail, sendLink } from "./email-links";
import { parsePkce, redirectTargetFor, requireEmail, requireNewPassword, requireUserData } from "./inputs";
import { limitEmailRequest } from "./limits";
import { hashPassword } from "./passwords";
import { isUniqueViolation } from "./unique-violation";
import { fakeUserJson, loadUserJson, type UserJson } from "./user-json";

export interface SignUpInput {
  email: string;
  password: string;
  data?: Record<string, unknown> | null;
  redirectTo?: string | null;
  codeChallenge?: string | null;
  codeChallengeMethod?: string | null;
  /** The web's confirmation page; absent for `/auth/v1` clients (decision 007 §8). */
  confirmUrl?: string;
}

/**
 * Makes an unconfirmed account and e-mails the confirmation link; answers with the new user.
 * An address that already has a confirmed account gets a look-alike user with no identities and no
 * e-mail (decision 007 §9). An unconfirmed one gets another link, and nothing about the account
 * changes: the password, data and name typed now travel with that link and reach the account only
 * if it is the link followed (the first one followed retires the others). Whoever signed the address
 * up before (perhaps not its owner) can thus neither keep nor replace the password its owner confirms.
 */
export async function signUp(
  db: Database,
  config: Config,
  request: AuthRequest,
  input: SignUpInput,
): Promise<UserJson> {
  const email = requireEmail(input.email);
  const password = requireNewPassword(input.password, "Signup requires a valid password");
  const data = requireUserData(input.data);
  parsePkce(input.codeChallenge, input.codeChallengeMethod);
  const options = {
    redirectTo: redirectTargetFor(config, input.redirectTo),
    codeChallenge: input.codeChallenge ?? null,
    codeChallengeMethod: input.codeChallengeMethod ?? null,
    ...(input.confirmUrl ? { confirmUrl: input.confirmUrl } : {}),
  };
  await limitEmailRequest(db, config, request, email);
  // Hashed for known addresses too, so the answer takes as long either way.
  const passwordHash = await hashPassword(password);
  try {
    const userId = await db.transaction(async (tx) => {
      const existing = await findUserByEmail(tx, email);
      if (existing?.emailConfirmedAt) return null;
      // A new account holds this password until confirmed, so signing in before then says
      // "Email not confirmed"; the link sets it again (and the data), as any sign-up link does.
      const user = existing ?? (await createEmailUser(tx, email, passwordHash, data, request.now, request.language));
      await sendLink(tx, config, request, user, "signup", options, { passwordHash, userMetadata: data });
      return user.id;
    });
    const user = userId ? await loadUserJson(db, userId) : null;
    // The caller's own data, never what an earlier sign-up of the address typed.
    return user ? { ...user, user_metadata: data } : fakeUserJson(email, data, request.now);
  } catch (error) {
    // Two sign-ups for one new address at once: the second finds the first's account.
    if (isUniqueViolation(error)) return fakeUserJson(email, data, request.now);
    throw error;
  }
}
