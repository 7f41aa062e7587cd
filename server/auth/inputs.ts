import { parseEmailAddress } from "#domain/email-address";
import { checkPassword, MAX_PASSWORD_LENGTH, weakPasswordMessage } from "#domain/password-policy";
import { resolveRedirectTarget } from "#domain/redirect-target";
import type { Config } from "#server/env";
import { AuthError } from "./auth-error";

/** The e-mail address of a request, lower-cased ASCII, or Supabase's validation error. */
export function requireEmail(input: unknown, missingMessage = "An email address is required"): string {
  const parsed = parseEmailAddress(input);
  if (parsed.ok) return parsed.email;
  const message = {
    required: missingMessage,
    too_long: "An email address is too long",
    invalid_format: "Unable to validate email address: invalid format",
  }[parsed.problem];
  throw new AuthError(400, "validation_failed", message);
}

/** A password someone is choosing: long enough, not a common one, and not so long it costs us to hash. */
export function requireNewPassword(password: unknown, missingMessage: string): string {
  const check = checkPassword(password);
  if (check.ok) return password as string;
  if (check.problem === "weak") {
    throw new AuthError(422, "weak_password", weakPasswordMessage(check.reasons), {
      weak_password: { reasons: check.reasons },
    });
  }
  if (check.problem === "too_long") {
    throw new AuthError(400, "validation_failed", `Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`);
  }
  throw new AuthError(400, "validation_failed", missingMessage);
}

/** Where links and providers may land: the site and the allow-list, else the site's home. */
export function redirectTargetFor(config: Config, candidate: unknown): string {
  return resolveRedirectTarget(candidate, { siteUrl: config.publicUrl, allowList: config.auth.redirectAllowList });
}

export interface PkceChallenge {
  challenge: string;
  method: "s256" | "plain";
}

/** A PKCE challenge as auth-js sends it (method `s256` in lower case), or null for the implicit flow. */
export function parsePkce(challenge: unknown, method: unknown): PkceChallenge | null {
  const hasChallenge = typeof challenge === "string" && challenge !== "";
  const hasMethod = typeof method === "string" && method !== "";
  if (!hasChallenge && !hasMethod) return null;
  if (!hasChallenge || !hasMethod) {
    throw new AuthError(400, "validation_failed", "PKCE flow requires code_challenge_method and code_challenge");
  }
  const normalized = method.toLowerCase();
  if (normalized !== "s256" && normalized !== "plain") {
    throw new AuthError(400, "validation_failed", `Code challenge method "${method.slice(0, 20)}" is not supported`);
  }
  if (challenge.length < 43 || challenge.length > 128 || !/^[A-Za-z0-9._~-]+$/.test(challenge)) {
    throw new AuthError(400, "validation_failed", "code challenge has to be between 43 and 128 characters");
  }
  return { challenge, method: normalized };
}

/**
 * `user_metadata` travels in every access token, and the web's session cookie holds the access token
 * base64url-encoded once more: browsers drop a cookie over 4096 bytes, which is then a sign-in that
 * silently does not stick. 1 KB of JSON (4/3 × 4/3 larger in the cookie) leaves room for the longest
 * address and the other claims; tests/integration/auth-limits.test.ts measures the cookie.
 */
export const MAX_USER_DATA_BYTES = 1024;
const MAX_USER_DATA_DEPTH = 8;

/**
 * Sign-up `data` becomes `user_metadata`: a plain JSON object of modest size. Keys such as
 * `__proto__` are kept as ordinary data (JSON.parse makes them own properties and nothing here
 * merges them into another object), and nothing ever reads this for authorization.
 */
export function requireUserData(data: unknown): Record<string, unknown> {
  if (data === undefined || data === null) return {};
  if (typeof data !== "object" || Array.isArray(data)) {
    throw new AuthError(400, "validation_failed", "User data must be a JSON object");
  }
  if (depthOf(data, 0) > MAX_USER_DATA_DEPTH)
    throw new AuthError(400, "validation_failed", "User data is nested too deeply");
  if (Buffer.byteLength(JSON.stringify(data)) > MAX_USER_DATA_BYTES) {
    throw new AuthError(
      400,
      "validation_failed",
      `User data is too large (at most ${MAX_USER_DATA_BYTES} bytes of JSON)`,
    );
  }
  return data as Record<string, unknown>;
}

function depthOf(value: unknown, depth: number): number {
  if (depth > MAX_USER_DATA_DEPTH || typeof value !== "object" || value === null) return depth;
  let deepest = depth + 1;
  for (const child of Object.values(value)) {
    deepest = Math.max(deepest, depthOf(child, depth + 1));
    if (deepest > MAX_USER_DATA_DEPTH) break;
  }
  return deepest;
}
