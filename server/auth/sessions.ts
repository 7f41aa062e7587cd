import { randomUUID } from "node:crypto";
import { and, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import { instant, type Database } from "#server/db/client";
import type { Config } from "#server/env";
import { authSessions, identities, refreshTokens, users } from "#server/db/schema";
import { signAccessToken } from "./access-tokens";
import { AuthError } from "./auth-error";
import type { AuthRequest } from "./auth-request";
import { hashToken, isWellFormedToken, randomToken } from "./secrets";
import { loadKeyRing, type KeyRing } from "./signing-keys";
import { toUserJson, type IdentityRow, type UserJson, type UserRow } from "./user-json";

/** The token response of every grant (wire-format reference §3). */
export interface SessionJson {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserJson;
}

/** Decision 007 §3: a session ends after 7 days without a refresh, and after 30 days in any case. */
export const SESSION_INACTIVITY_MS = 7 * 24 * 3600 * 1000;
export const SESSION_LIFETIME_MS = 30 * 24 * 3600 * 1000;
/** Supabase's reuse interval: tabs refreshing together with one token all get a working one. */
export const REFRESH_REUSE_INTERVAL_MS = 10_000;

export type AuthenticationMethod = "password" | "email/signup" | "magiclink" | "recovery" | "oauth";

/**
 * Starts a session for `user` and returns its first tokens: the session, its first refresh token and
 * the user's last sign-in time are written by one statement, so it is atomic on its own and may also
 * run inside a caller's transaction. `ring` is loaded before any transaction: the embedded database runs
 * one transaction at a time, so nothing inside may wait for a query outside it.
 */
export async function startSession(
  db: Database,
  ring: KeyRing,
  config: Config,
  request: AuthRequest,
  user: UserRow,
  method: AuthenticationMethod,
  /** The user's identities when the caller has already read them, which saves a query. */
  knownIdentities?: IdentityRow[],
): Promise<SessionJson> {
  const { now } = request;
  const amr = [{ method, timestamp: Math.floor(now.getTime() / 1000) }];
  const sessionId = randomUUID();
  const refreshToken = randomToken();
  // Sign-in is a hot path (issue 4's latency bar): one round trip instead of a transaction of three.
  await db.execute(sql`
    with new_session as (
      insert into ${authSessions} (id, user_id, amr, refreshed_at, not_after, user_agent, ip_address, created_at)
      values (${sessionId}, ${user.id}, ${JSON.stringify(amr)}::jsonb, ${instant(now)},
              ${instant(new Date(now.getTime() + SESSION_LIFETIME_MS))}, ${request.userAgent}, ${request.ip}, ${instant(now)})
      returning id
    ), first_token as (
      insert into ${refreshTokens} (session_id, token_hash, created_at, updated_at)
      select id, ${hashToken(refreshToken)}, ${instant(now)}, ${instant(now)} from new_session
    )
    update ${users} set last_sign_in_at = ${instant(now)} where id = ${user.id}`);
  return issueTokens(
    db,
    ring,
    config,
    now,
    { ...user, lastSignInAt: now },
    sessionId,
    amr,
    refreshToken,
    knownIdentities,
  );
}

async function issueTokens(
  tx: Database,
  ring: KeyRing,
  config: Config,
  now: Date,
  user: UserRow,
  sessionId: string,
  amr: { method: string; timestamp: number }[],
  refreshToken: string,
  knownIdentities?: IdentityRow[],
): Promise<SessionJson> {
  const identityRows = knownIdentities ?? (await tx.select().from(identities).where(eq(identities.userId, user.id)));
  const { token, expiresAt } = await signAccessToken(
    ring,
    config,
    {
      sub: user.id,
      email: user.email,
      app_metadata: user.appMetadata,
      user_metadata: user.userMetadata,
      amr,
      session_id: sessionId,
    },
    now,
  );
  return {
    access_token: token,
    token_type: "bearer",
    expires_in: config.auth.accessTokenSeconds,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: toUserJson(user, identityRows),
  };
}

type RefreshOutcome = { session: SessionJson } | { error: AuthError };

/**
 * Rotates a refresh token (wire-format reference §4.1): the token is spent and its child returned.
 * A spent token is still honoured when a child of it is live (the client lost the answer, or tabs
 * refreshed together) or it was spent less than 10 s ago; the answer is then a new sibling: a child
 * of the live token, which is left working, so every tab's token works and whichever lands in the
 * cookie last is good. Any other reuse means the token was copied, so the whole session is revoked.
 */
export async function refreshSession(
  db: Database,
  config: Config,
  request: AuthRequest,
  input: { refreshToken: string },
): Promise<SessionJson> {
  if (!isWellFormedToken(input.refreshToken)) {
    throw new AuthError(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
  }
  const ring = await loadKeyRing(db);
  const { now } = request;
  const tokenHash = hashToken(input.refreshToken);
  // Failures that revoke something return instead of throwing, so that the revocation commits.
  const outcome = await db.transaction(async (tx): Promise<RefreshOutcome> => {
    const [found] = await tx
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, tokenHash));
    if (!found) throw new AuthError(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
    // One refresh of a session at a time: parallel refreshes queue here and see each other's work.
    const [session] = await tx.select().from(authSessions).where(eq(authSessions.id, found.sessionId)).for("update");
    if (!session) throw new AuthError(400, "session_not_found", "Invalid Refresh Token: No Valid Session Found");
    const [user] = await tx.select().from(users).where(eq(users.id, session.userId));
    const expiry = sessionExpiry(session, now);
    if (expiry || !user) {
      await tx.delete(authSessions).where(eq(authSessions.id, session.id));
      return { error: new AuthError(400, "session_expired", expiry ?? "Invalid Refresh Token: Session Expired") };
    }
    if (user.bannedUntil && user.bannedUntil > now) {
      return { error: new AuthError(400, "user_banned", "Invalid Refresh Token: User Banned") };
    }
    const [token] = await tx.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
    let parent = token!;
    if (token!.isRevoked) {
      const isLiveInSession = and(eq(refreshTokens.sessionId, session.id), eq(refreshTokens.isRevoked, false));
      const newestLive = (condition: SQL | undefined) =>
        tx.select().from(refreshTokens).where(condition).orderBy(desc(refreshTokens.id)).limit(1);
      const isRecent = now.getTime() - token!.updatedAt.getTime() < REFRESH_REUSE_INTERVAL_MS;
      let [live] = await newestLive(and(isLiveInSession, eq(refreshTokens.parentHash, tokenHash)));
      if (!live && isRecent) [live] = await newestLive(isLiveInSession);
      if (!live) {
        await tx.delete(authSessions).where(eq(authSessions.id, session.id));
        return { error: new AuthError(400, "refresh_token_already_used", "Invalid Refresh Token: Already Used") };
      }
      // We keep only hashes, so the live token cannot be sent again: a child of it is, and the live
      // one stays valid, since another tab may hold it.
      parent = live;
    } else {
      await tx.update(refreshTokens).set({ isRevoked: true, updatedAt: now }).where(eq(refreshTokens.id, parent.id));
    }
    const refreshToken = randomToken();
    await tx.insert(refreshTokens).values({
      sessionId: session.id,
      tokenHash: hashToken(refreshToken),
      parentHash: parent.tokenHash,
      createdAt: now,
      updatedAt: now,
    });
    await tx.update(authSessions).set({ refreshedAt: now }).where(eq(authSessions.id, session.id));
    return { session: await issueTokens(tx, ring, config, now, user, session.id, session.amr, refreshToken) };
  });
  if ("error" in outcome) throw outcome.error;
  return outcome.session;
}

function sessionExpiry(session: typeof authSessions.$inferSelect, now: Date): string | null {
  if (session.notAfter <= now) return "Invalid Refresh Token: Session Expired";
  if (session.refreshedAt.getTime() + SESSION_INACTIVITY_MS <= now.getTime()) {
    return "Invalid Refresh Token: Session Expired (Inactivity)";
  }
  return null;
}

export type SignOutScope = "global" | "local" | "others";

/** Ends sessions: all of the user's (global), this one (local), or all but this one (others). */
export async function signOut(
  db: Database,
  actor: { sessionId: string; userId: string },
  scope: SignOutScope,
): Promise<void> {
  const where =
    scope === "local"
      ? and(eq(authSessions.id, actor.sessionId), eq(authSessions.userId, actor.userId))
      : scope === "others"
        ? and(eq(authSessions.userId, actor.userId), ne(authSessions.id, actor.sessionId))
        : eq(authSessions.userId, actor.userId);
  await db.delete(authSessions).where(where);
}
