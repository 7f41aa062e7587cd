import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { identities, users } from "#server/db/schema";

export type UserRow = typeof users.$inferSelect;
export type IdentityRow = typeof identities.$inferSelect;

/** Supabase Auth's User object (wire-format reference §3), the fields we have. */
export interface UserJson {
  id: string;
  aud: "authenticated";
  role: "authenticated";
  email: string;
  email_confirmed_at?: string;
  confirmed_at?: string;
  phone: "";
  /** Only in sign-up's answer: when the confirmation e-mail was sent. */
  confirmation_sent_at?: string;
  last_sign_in_at?: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  identities: IdentityJson[];
  created_at: string;
  updated_at: string;
  is_anonymous: false;
}

export interface IdentityJson {
  identity_id: string;
  id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  email: string;
  last_sign_in_at?: string;
  created_at: string;
  updated_at: string;
}

export const AUDIENCE = "authenticated";

export function toUserJson(user: UserRow, identityRows: IdentityRow[]): UserJson {
  return {
    id: user.id,
    aud: AUDIENCE,
    role: AUDIENCE,
    email: user.email,
    ...(user.emailConfirmedAt
      ? { email_confirmed_at: user.emailConfirmedAt.toISOString(), confirmed_at: user.emailConfirmedAt.toISOString() }
      : {}),
    phone: "",
    ...(user.lastSignInAt ? { last_sign_in_at: user.lastSignInAt.toISOString() } : {}),
    app_metadata: user.appMetadata,
    user_metadata: user.userMetadata,
    identities: identityRows.map((identity) => ({
      identity_id: identity.id,
      id: identity.providerId,
      user_id: identity.userId,
      identity_data: identity.identityData,
      provider: identity.provider,
      email: user.email,
      ...(identity.lastSignInAt ? { last_sign_in_at: identity.lastSignInAt.toISOString() } : {}),
      created_at: identity.createdAt.toISOString(),
      updated_at: identity.updatedAt.toISOString(),
    })),
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
    is_anonymous: false,
  };
}

export async function loadUserJson(db: Database, userId: string): Promise<UserJson | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  return toUserJson(user, await db.select().from(identities).where(eq(identities.userId, userId)));
}

/** The `identity_data` of an e-mail identity as it is made: not yet verified, its subject the user's id. */
export function newEmailIdentityData(userId: string, email: string): Record<string, unknown> {
  return { sub: userId, email, email_verified: false, phone_verified: false };
}

/**
 * What sign-up answers, for every address alike (decision 007 §9): the user a new, unconfirmed
 * account is, with one e-mail identity, times of now, the caller's data and `confirmation_sent_at`.
 * For a new address the ids are the account's own (sign-up made it with them); for an address that
 * already has an account they are fresh random ones, made the same way, so neither the shape, nor the
 * values, nor their order tell a taken address from a new one, or a repeat sign-up from a first.
 */
export function signedUpUserJson(
  ids: { userId: string; identityId: string },
  email: string,
  data: Record<string, unknown>,
  now: Date,
): UserJson {
  const at = now.toISOString();
  return {
    id: ids.userId,
    aud: AUDIENCE,
    role: AUDIENCE,
    email,
    phone: "",
    confirmation_sent_at: at,
    app_metadata: { provider: "email", providers: ["email"] },
    user_metadata: data,
    identities: [
      {
        identity_id: ids.identityId,
        id: ids.userId,
        user_id: ids.userId,
        identity_data: newEmailIdentityData(ids.userId, email),
        provider: "email",
        email,
        created_at: at,
        updated_at: at,
      },
    ],
    created_at: at,
    updated_at: at,
    is_anonymous: false,
  };
}
