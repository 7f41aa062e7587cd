import { and, eq, ne } from "drizzle-orm";
import type { Database } from "#server/db/client";
import type { Config } from "#server/env";
import { authSessions, oneTimeTokens, profiles, users } from "#server/db/schema";
import { enqueueEmail } from "#server/services/outbox";
import { AuthError } from "./auth-error";
import type { AuthRequest } from "./auth-request";
import { requireNewPassword, requireUserData } from "./inputs";
import { reservePasswordCheck, settlePasswordCheck } from "./limits";
import { hashPassword, verifyPassword } from "./passwords";
import {
  checkReauthenticationNonce,
  reauthenticationNeeded,
  RECENT_SIGN_IN_MS,
  spendReauthenticationNonce,
} from "./reauthentication";
import { loadUserJson, type UserJson } from "./user-json";

export interface UserUpdate {
  password?: string;
  /** One way to prove it is the account's owner who sets a new password (see updateUser). */
  currentPassword?: string;
  /** The other way: the code e-mailed by GET /reauthenticate. */
  nonce?: string;
  /** Merged into user_metadata; a key set to null is removed. */
  data?: Record<string, unknown> | null;
}

/**
 * PUT /user. A new password signs out every other session and queues a "password changed" notice.
 * Who may set it (Supabase's "secure password change" asks for a nonce only in sessions older than
 * 24 hours, and its "require current password" for the current one; ours, decided here):
 * - in a session opened by a recovery link, anyone: the link has just proved the inbox;
 * - with a nonce from GET /reauthenticate, in any session, with nothing more: the nonce proves the
 *   inbox, and whoever reads it could reset the password anyway;
 * - with the current password (ASVS 6.2.3), in any session;
 * - with neither: a session older than 24 hours answers Supabase's reauthentication_needed (the
 *   client then calls reauthenticate()); a younger one current_password_required when the account has
 *   a password, and nothing when it has none (magic links, Google), as Supabase.
 */
export async function updateUser(
  db: Database,
  config: Config,
  request: AuthRequest,
  actor: { sessionId: string; userId: string },
  update: UserUpdate,
): Promise<UserJson> {
  const { now } = request;
  const [found] = await db
    .select({
      user: users,
      amr: authSessions.amr,
      sessionStartedAt: authSessions.createdAt,
      savedLanguage: profiles.preferredLanguage,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(authSessions.id, actor.sessionId), eq(authSessions.userId, actor.userId)));
  if (!found) throw new AuthError(403, "session_not_found", "Session from session_id claim in JWT does not exist");
  const { user, amr, sessionStartedAt, savedLanguage } = found;
  const changes: Partial<typeof users.$inferInsert> = {};
  if (update.data !== undefined && update.data !== null) {
    const merged: Record<string, unknown> = { ...user.userMetadata };
    for (const [key, value] of Object.entries(requireUserData(update.data))) {
      if (value === null) delete merged[key];
      else merged[key] = value;
    }
    changes.userMetadata = requireUserData(merged);
  }
  let isPasswordChange = false;
  let nonceCodeId: string | null = null;
  if (update.password !== undefined) {
    const password = requireNewPassword(update.password, "Password update requires a password");
    const isRecoverySession = amr.some((entry) => entry.method === "recovery");
    const isRecentSignIn = now.getTime() - sessionStartedAt.getTime() < RECENT_SIGN_IN_MS;
    // Who may: see above.
    if (isRecoverySession) {
      // The recovery link has just proved the inbox.
    } else if (update.nonce) {
      nonceCodeId = await checkReauthenticationNonce(db, request, user.id, update.nonce);
    } else if (user.passwordHash && (update.currentPassword || isRecentSignIn)) {
      if (!update.currentPassword) {
        throw new AuthError(400, "current_password_required", "Current password required when setting new password.");
      }
      await reservePasswordCheck(db, user.email, request);
      const isMatch = await verifyPassword(user.passwordHash, update.currentPassword);
      await settlePasswordCheck(db, user.email, request, isMatch);
      if (!isMatch) throw new AuthError(400, "current_password_invalid", "Current password is incorrect.");
    } else if (!isRecentSignIn) {
      throw reauthenticationNeeded();
    }
    if (user.passwordHash && (await verifyPassword(user.passwordHash, password))) {
      throw new AuthError(422, "same_password", "New password should be different from the old password.");
    }
    changes.passwordHash = await hashPassword(password);
    isPasswordChange = true;
  }
  if (Object.keys(changes).length > 0) {
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ ...changes, updatedAt: now })
        .where(eq(users.id, user.id));
      if (!isPasswordChange) return;
      if (nonceCodeId) await spendReauthenticationNonce(tx, nonceCodeId);
      // Whoever else holds a session may be the reason for the change (ASVS 7.4.3).
      await tx.delete(authSessions).where(and(eq(authSessions.userId, user.id), ne(authSessions.id, actor.sessionId)));
      await tx.delete(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
      // The recovery link's licence to skip the current password ends with its first use.
      await tx
        .update(authSessions)
        .set({ amr: amr.map((entry) => (entry.method === "recovery" ? { ...entry, method: "password" } : entry)) })
        .where(eq(authSessions.id, actor.sessionId));
      // In the language saved in the profile, as every e-mail to an account (see emailLanguageOf).
      const language = savedLanguage ?? request.language;
      await enqueueEmail(tx, { kind: "password_changed", to: user.email, language });
    });
  }
  return (await loadUserJson(db, user.id))!;
}
