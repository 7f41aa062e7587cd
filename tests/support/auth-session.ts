import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { users } from "#server/db/schema";
import type { Config } from "#server/env";
import type { AuthRequest } from "#server/auth/auth-request";
import { createEmailUser } from "#server/auth/email-links";
import { hashPassword } from "#server/auth/passwords";
import type { SessionJson } from "#server/auth/sessions";
import { signInWithPassword } from "#server/auth/sign-in";

export interface TestSession {
  userId: string;
  email: string;
  password: string;
  session: SessionJson;
}

/**
 * A confirmed account signed in with its password through the real account services, for tests that
 * need a signed-in person. The account is made directly (no confirmation e-mail, so e-mail limits
 * never trip however many a test makes); each call signs in from its own client address.
 */
export async function createTestSession(
  db: Database,
  config: Config,
  options: { email?: string; password?: string; data?: Record<string, unknown>; now?: Date } = {},
): Promise<TestSession> {
  const now = options.now ?? new Date();
  const email = (options.email ?? `person-${randomUUID().slice(0, 8)}@example.com`).toLowerCase();
  const password = options.password ?? `test-${randomBytes(9).toString("base64url")}`;
  const passwordHash = await hashPassword(password);
  const userId = await db.transaction(async (tx) => {
    const user = await createEmailUser(tx, email, passwordHash, options.data ?? {}, now);
    await tx
      .update(users)
      .set({ emailConfirmedAt: now, userMetadata: { ...(options.data ?? {}), email_verified: true } })
      .where(eq(users.id, user.id));
    return user.id;
  });
  const session = await signInWithPassword(db, config, testAuthRequest({ now }), { email, password });
  return { userId, email, password, session };
}

/** An AuthRequest from a client address of its own, so per-address throttles of one test never meet another's. */
export function testAuthRequest(overrides: Partial<AuthRequest> = {}): AuthRequest {
  return {
    ip: `10.${randomBytes(3).join(".")}`,
    userAgent: "vitest",
    now: new Date(),
    language: "en",
    ...overrides,
  };
}
