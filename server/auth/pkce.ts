import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import type { Config } from "#server/env";
import { flowStates, users } from "#server/db/schema";
import { AuthError } from "./auth-error";
import type { AuthRequest } from "./auth-request";
import { constantTimeEquals, hashToken } from "./secrets";
import { startSession, type AuthenticationMethod, type SessionJson } from "./sessions";
import { loadKeyRing } from "./signing-keys";

/** Supabase's flow-state lifetime: a code must be exchanged within five minutes. */
export const FLOW_STATE_LIFETIME_MS = 5 * 60 * 1000;

export function s256(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}

/**
 * POST /token?grant_type=pkce: trades the one-time code a link or a provider returned for a
 * session, once, and only with the verifier whose hash the client sent when the flow began.
 */
export async function exchangeAuthCode(
  db: Database,
  config: Config,
  request: AuthRequest,
  input: { authCode: string; codeVerifier: string },
): Promise<SessionJson> {
  const { authCode, codeVerifier } = input;
  if (!authCode || !codeVerifier || typeof authCode !== "string" || typeof codeVerifier !== "string") {
    throw new AuthError(
      400,
      "validation_failed",
      "invalid request: both auth code and code verifier should be non-empty",
    );
  }
  if (authCode.length > 256 || codeVerifier.length > 256) {
    throw new AuthError(404, "flow_state_not_found", "invalid flow state, no valid flow state found");
  }
  const ring = await loadKeyRing(db);
  return db.transaction(async (tx) => {
    const [flow] = await tx
      .select()
      .from(flowStates)
      .where(eq(flowStates.authCodeHash, hashToken(authCode)))
      .for("update");
    if (!flow || !flow.userId) {
      throw new AuthError(404, "flow_state_not_found", "invalid flow state, no valid flow state found");
    }
    if (flow.expiresAt <= request.now) {
      throw new AuthError(422, "flow_state_expired", "invalid flow state, flow state has expired");
    }
    const expected = flow.codeChallengeMethod === "plain" ? codeVerifier : s256(codeVerifier);
    if (!flow.codeChallenge || !constantTimeEquals(expected, flow.codeChallenge)) {
      throw new AuthError(400, "bad_code_verifier", "code challenge does not match previously saved code verifier");
    }
    await tx.delete(flowStates).where(eq(flowStates.id, flow.id));
    const [user] = await tx.select().from(users).where(eq(users.id, flow.userId));
    if (!user) throw new AuthError(404, "flow_state_not_found", "invalid flow state, no valid flow state found");
    return startSession(tx, ring, config, request, user, flow.authenticationMethod as AuthenticationMethod);
  });
}
