import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { oneTimeTokens } from "#server/db/schema";
import type { Config } from "#server/env";
import { enqueueEmail } from "#server/services/outbox";
import type { AuthRequest } from "./auth-request";
import { createEmailUser, emailLanguageOf, findUserByEmail, isBanned, linkOptionsOf, sendLink } from "./email-links";
import { parsePkce, redirectTargetFor, requireEmail, requireNewPassword, requireUserData } from "./inputs";
import { countEmailSent, limitEmailRequest } from "./limits";
import { hashPassword } from "./passwords";
import { isUniqueViolation } from "./unique-violation";
import { signedUpUserJson, type UserJson } from "./user-json";

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
 * Makes an unconfirmed account and e-mails the confirmation link. The answer is the same for every
 * address (decision 007 §9): a new, unconfirmed user with the caller's data, its ids made here before
 * the address is looked up, and the same work done either way (the password is hashed, e-mail queued).
 * - A new address: the account is made with those ids and gets a confirmation link.
 * - An unconfirmed account: it gets another link, and nothing about the account changes: the
 *   password, data and name typed now travel with that link and reach the account only if it is the
 *   link followed (the first one followed retires the others). Whoever signed the address up before
 *   (perhaps not its owner) can thus neither keep nor replace the password its owner confirms.
 * - A confirmed account: nothing changes; its owner is e-mailed that someone tried to make an account
 *   with the address, with a way to sign in and to reset the password.
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
  await limitEmailRequest(db, config, request, email, "sign-up");
  const ids = { userId: randomUUID(), identityId: randomUUID() };
  const answer = signedUpUserJson(ids, email, data, request.now);
  // Hashed for known addresses too, so the answer takes as long either way.
  const passwordHash = await hashPassword(password);
  try {
    await db.transaction(async (tx) => {
      const existing = await findUserByEmail(tx, email);
      if (existing?.emailConfirmedAt) {
        if (isBanned(existing, request.now)) return;
        const language = await emailLanguageOf(tx, existing.id, request.language);
        await enqueueEmail(tx, { kind: "account_exists", to: existing.email, language });
        await countEmailSent(tx, "sign-up", request.now);
        return;
      }
      // A new account holds this password until confirmed, so signing in before then says
      // "Email not confirmed"; the link sets it again (and the data), as any sign-up link does.
      const user =
        existing ?? (await createEmailUser(tx, email, passwordHash, data, request.now, request.language, ids));
      await sendLink(tx, config, request, user, "signup", options, { passwordHash, userMetadata: data });
      await countEmailSent(tx, "sign-up", request.now);
    });
  } catch (error) {
    // Two sign-ups for one new address at once: the second finds the first's account.
    if (!isUniqueViolation(error)) throw error;
  }
  return answer;
}

export interface ResendConfirmationInput {
  email: string;
  redirectTo?: string | null;
  codeChallenge?: string | null;
  codeChallengeMethod?: string | null;
  confirmUrl?: string;
}

/**
 * Sends an unconfirmed account its sign-up confirmation again: POST /resend `{type: "signup"}` and the
 * sign-in page's "Send the confirmation e-mail again". The answer and the throttles are the same for
 * every address; only an unconfirmed account that is not banned gets an e-mail.
 * The new link replaces the account's earlier links for the password it holds, and brings that password
 * and data when followed, as they would have. Links of later sign-ups with other passwords stay: an
 * address signed up more than once stays contested (see consumeLink), whoever asks for the resend.
 */
export async function resendSignUpConfirmation(
  db: Database,
  config: Config,
  request: AuthRequest,
  input: ResendConfirmationInput,
): Promise<void> {
  const email = requireEmail(input.email);
  parsePkce(input.codeChallenge, input.codeChallengeMethod);
  const options = linkOptionsOf(config, input);
  await limitEmailRequest(db, config, request, email, "account");
  await db.transaction(async (tx) => {
    const user = await findUserByEmail(tx, email);
    if (!user || user.emailConfirmedAt || isBanned(user, request.now)) return;
    await tx
      .delete(oneTimeTokens)
      .where(
        and(
          eq(oneTimeTokens.userId, user.id),
          eq(oneTimeTokens.kind, "signup"),
          user.passwordHash === null
            ? isNull(oneTimeTokens.pendingPasswordHash)
            : eq(oneTimeTokens.pendingPasswordHash, user.passwordHash),
        ),
      );
    const pending = user.passwordHash
      ? { passwordHash: user.passwordHash, userMetadata: user.userMetadata }
      : undefined;
    await sendLink(tx, config, request, user, "signup", options, pending);
    await countEmailSent(tx, "account", request.now);
  });
}
