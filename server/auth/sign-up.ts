import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { profiles, users } from "#server/db/schema";
import type { Config } from "#server/env";
import type { AuthRequest } from "./auth-request";
import { createEmailUser, findUserByEmail, sendLink } from "./email-links";
import { parsePkce, redirectTargetFor, requireEmail, requireNewPassword, requireUserData } from "./inputs";
import { limitEmailRequest } from "./limits";
import { nameForNewAccount } from "./new-profile";
import { hashPassword } from "./passwords";
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

const UNIQUE_VIOLATION = "23505";

/**
 * Makes an unconfirmed account and e-mails the confirmation link; answers with the new user.
 * An address that already has a confirmed account gets a look-alike user with no identities and no
 * e-mail (decision 007 §9). An unconfirmed one takes the new password and data and gets a new link:
 * whoever signed the address up first (perhaps not its owner) loses their password, which defeats
 * pre-registering somebody else's address.
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
      if (existing) {
        // The real owner of a pre-registered address: their name replaces whatever was typed before.
        await tx
          .update(profiles)
          .set({ name: nameForNewAccount(data, email), updatedAt: request.now })
          .where(eq(profiles.userId, existing.id));
      }
      const user = existing
        ? (
            await tx
              .update(users)
              .set({ passwordHash, userMetadata: data, updatedAt: request.now })
              .where(eq(users.id, existing.id))
              .returning()
          )[0]!
        : await createEmailUser(tx, email, passwordHash, data, request.now, request.language);
      await sendLink(tx, config, request, user, "signup", options);
      return user.id;
    });
    return (userId && (await loadUserJson(db, userId))) || fakeUserJson(email, data, request.now);
  } catch (error) {
    // Two sign-ups for one new address at once: the second finds the first's account.
    if (isUniqueViolation(error)) return fakeUserJson(email, data, request.now);
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  const candidate = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return candidate?.code === UNIQUE_VIOLATION || candidate?.cause?.code === UNIQUE_VIOLATION;
}
