import { and, eq, gt } from "drizzle-orm";
import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from "jose";
import type { Database } from "#server/db/client";
import type { Config } from "#server/env";
import { authSessions, users } from "#server/db/schema";
import { AuthError } from "./auth-error";
import { isUuid } from "./secrets";
import { ACCESS_TOKEN_ALGORITHM, loadKeyRing, publicKeyFor, type KeyRing } from "./signing-keys";
import { AUDIENCE, loadUserJson, type UserJson } from "./user-json";

export interface AccessTokenClaims extends JWTPayload {
  sub: string;
  aud: string;
  exp: number;
  iat: number;
  email: string;
  phone: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  role: string;
  aal: "aal1";
  amr: { method: string; timestamp: number }[];
  session_id: string;
  is_anonymous: boolean;
}

/** Tokens name our API as issuer (decision 007), so a token of another deployment never passes. */
export function issuerOf(config: Config): string {
  return `${config.publicUrl}/auth/v1`;
}

/** Clocks of browsers and servers drift; more than this in the future is not drift. */
const MAX_CLOCK_SKEW_SECONDS = 60;

export async function signAccessToken(
  ring: KeyRing,
  config: Config,
  claims: Omit<AccessTokenClaims, "iss" | "aud" | "exp" | "iat" | "role" | "aal" | "is_anonymous" | "phone">,
  now: Date,
): Promise<{ token: string; expiresAt: number }> {
  const iat = Math.floor(now.getTime() / 1000);
  const expiresAt = iat + config.auth.accessTokenSeconds;
  const token = await new SignJWT({
    ...claims,
    phone: "",
    role: AUDIENCE,
    aal: "aal1",
    is_anonymous: false,
  })
    .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, kid: ring.signing.kid, typ: "JWT" })
    .setIssuer(issuerOf(config))
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(expiresAt)
    .sign(ring.signing.privateKey);
  return { token, expiresAt };
}

export interface Authenticated {
  user: UserJson;
  sessionId: string;
  claims: AccessTokenClaims;
}

/**
 * Checks an access token the way every authenticated request needs: signature with one of our keys
 * (ES256 only: `none` and HMAC tokens are refused, whatever their header says), expiry, issuer and
 * audience, and then that its session still exists, so a sign-out takes effect at once.
 */
export async function authenticateAccessToken(
  db: Database,
  config: Config,
  accessToken: string,
  now: Date,
): Promise<Authenticated> {
  const claims = await verifyAccessToken(db, config, accessToken, now);
  const [session] = await db
    .select({ id: authSessions.id, userId: authSessions.userId, bannedUntil: users.bannedUntil })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .where(and(eq(authSessions.id, claims.session_id), gt(authSessions.notAfter, now)));
  if (!session || session.userId !== claims.sub) {
    throw new AuthError(403, "session_not_found", "Session from session_id claim in JWT does not exist");
  }
  if (session.bannedUntil && session.bannedUntil > now) throw new AuthError(403, "user_banned", "User is banned");
  const user = await loadUserJson(db, claims.sub);
  if (!user) throw new AuthError(403, "user_not_found", "User from sub claim in JWT does not exist");
  return { user, sessionId: session.id, claims };
}

async function verifyAccessToken(db: Database, config: Config, token: string, now: Date): Promise<AccessTokenClaims> {
  await loadKeyRing(db);
  try {
    const { payload } = await jwtVerify(
      token,
      async (header) => {
        const key = await publicKeyFor(db, header.kid);
        if (!key) throw new joseErrors.JWKSNoMatchingKey();
        return key;
      },
      {
        algorithms: [ACCESS_TOKEN_ALGORITHM],
        issuer: issuerOf(config),
        audience: AUDIENCE,
        currentDate: now,
        requiredClaims: ["sub", "exp", "iat"],
      },
    );
    if (typeof payload.iat !== "number" || payload.iat > now.getTime() / 1000 + MAX_CLOCK_SKEW_SECONDS) {
      throw new Error("token is used before it was issued");
    }
    if (!isUuid(payload.sub) || !isUuid(payload.session_id)) throw new Error("token names no valid session");
    return payload as AccessTokenClaims;
  } catch (error) {
    const detail =
      error instanceof joseErrors.JWTExpired ? "token has invalid claims: token is expired" : describe(error);
    throw new AuthError(403, "bad_jwt", `invalid JWT: unable to parse or verify signature, ${detail}`);
  }
}

function describe(error: unknown): string {
  if (error instanceof joseErrors.JWKSNoMatchingKey) return "no key matches the token's kid";
  if (error instanceof joseErrors.JOSEError || error instanceof Error) return error.message;
  return "token is malformed";
}
