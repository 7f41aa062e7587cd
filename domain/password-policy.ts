import COMMON_PASSWORDS from "./common-passwords.json";

/**
 * What a password must be (OWASP ASVS 6.2): at least 8 characters, not one of the few thousand
 * passwords attackers try first, and no composition rules. It is verified exactly as typed (never
 * trimmed, cut or case-folded); the upper bound only protects the server from hashing megabytes.
 */
export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;

/** Supabase Auth's reason words, which auth-js passes on in `AuthWeakPasswordError.reasons`. */
export type WeakPasswordReason = "length" | "pwned";

export type PasswordCheck =
  | { ok: true }
  | { ok: false; problem: "required" | "too_long" }
  | { ok: false; problem: "weak"; reasons: WeakPasswordReason[] };

const commonPasswords: ReadonlySet<string> = new Set(COMMON_PASSWORDS);

/** Checks the length first, so that an oversized input never reaches the list or the hash. */
export function checkPassword(password: unknown): PasswordCheck {
  if (typeof password !== "string" || password.length === 0) return { ok: false, problem: "required" };
  if (password.length > MAX_PASSWORD_LENGTH) return { ok: false, problem: "too_long" };
  const reasons: WeakPasswordReason[] = [];
  // Code points, so that an emoji counts as one character, as people expect.
  if ([...password].length < MIN_PASSWORD_LENGTH) reasons.push("length");
  if (isCommonPassword(password)) reasons.push("pwned");
  return reasons.length === 0 ? { ok: true } : { ok: false, problem: "weak", reasons };
}

/** Case does not make a listed password safe: "Password1" is tried as early as "password1". */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

/** The message Supabase Auth gives with `weak_password`, for the first reason found. */
export function weakPasswordMessage(reasons: readonly WeakPasswordReason[]): string {
  return reasons.includes("length")
    ? `Password should be at least ${MIN_PASSWORD_LENGTH} characters.`
    : "Password is known to be weak and easy to guess, please choose a different one.";
}
