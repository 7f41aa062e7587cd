import { randomUUID } from "node:crypto";
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

/**
 * What sign-up answers for an address that already has a confirmed account: a user of the same shape
 * as a new one, with a new id and no identities, and no e-mail sent (Supabase's behaviour with
 * confirmation on, decision 007 §9). The person who owns the address learns nothing new; apps tell
 * "already registered" from the empty identities.
 */
export function fakeUserJson(email: string, data: Record<string, unknown>, now: Date): UserJson {
  const at = now.toISOString();
  return {
    id: randomUUID(),
    aud: AUDIENCE,
    role: AUDIENCE,
    email,
    phone: "",
    app_metadata: { provider: "email", providers: ["email"] },
    user_metadata: data,
    identities: [],
    created_at: at,
    updated_at: at,
    is_anonymous: false,
  };
}
