import { createHash, randomBytes, randomInt } from "node:crypto";
import { and, eq, gt, inArray } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { otpCodes } from "#server/db/schema";
import { AuthError } from "./auth-error";
import type { AuthRequest } from "./auth-request";
import { constantTimeEquals } from "./secrets";
import { hit, hitAndCount } from "./throttle";

export type OtpCodeKind = (typeof otpCodes.$inferSelect)["kind"];

/**
 * Every code lives 15 minutes, as our magic links do (decision 007 §8), also in a sign-up e-mail whose
 * link lives a day: six digits are far easier to guess than a link's 256 bits.
 */
export const OTP_CODE_LIFETIME_MS = 15 * 60 * 1000;

/**
 * Wrong codes allowed per address (or, for reauthentication, per account) in 15 minutes; then even the
 * right one waits. With codes that live 15 minutes that leaves a guesser about 1 in 100,000 per code.
 * Counted whether or not the address has an account, so the limit tells nothing.
 */
const FAILED_CODES = { limit: 5, windowSeconds: 15 * 60 };
/** Code checks per client address: Supabase's RATE_LIMIT_VERIFY (30 in 5 minutes). */
const CODE_CHECKS_PER_CLIENT = { limit: 30, windowSeconds: 5 * 60 };

/**
 * A new six-digit code of `kind` for `userId`, stored hashed in the caller's transaction; the caller
 * e-mails the digits returned. A link's code (`oneTimeTokenId`) dies with its link.
 */
export async function issueOtpCode(
  tx: Pick<Database, "insert">,
  input: { userId: string; kind: OtpCodeKind; oneTimeTokenId: string | null; now: Date },
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  const salt = randomBytes(16).toString("hex");
  await tx.insert(otpCodes).values({
    userId: input.userId,
    kind: input.kind,
    oneTimeTokenId: input.oneTimeTokenId,
    salt,
    codeHash: hashCode(salt, code),
    expiresAt: new Date(input.now.getTime() + OTP_CODE_LIFETIME_MS),
    createdAt: input.now,
  });
  return code;
}

/**
 * Hashing keeps the digits out of sight (a glance at the table, a backup, a log of a query), but a
 * million candidates are quickly tried against a stolen hash: what protects a code is its short life,
 * the attempt limits and single use, not the hash.
 */
function hashCode(salt: string, code: string): string {
  return createHash("sha256").update(`${salt}:${code}`).digest("hex");
}

export const isSixDigitCode = (value: unknown): value is string => typeof value === "string" && /^\d{6}$/.test(value);

/** The live code of `userId` among `kinds` that `code` matches, or undefined. */
export async function findMatchingCode(
  tx: Pick<Database, "select">,
  input: { userId: string; kinds: readonly OtpCodeKind[]; code: string; now: Date },
) {
  if (input.kinds.length === 0 || !isSixDigitCode(input.code)) return undefined;
  const rows = await tx
    .select()
    .from(otpCodes)
    .where(
      and(
        eq(otpCodes.userId, input.userId),
        inArray(otpCodes.kind, [...input.kinds]),
        gt(otpCodes.expiresAt, input.now),
      ),
    );
  // Every row is compared, so the time taken does not depend on which one matches.
  let match: (typeof rows)[number] | undefined;
  for (const row of rows) {
    if (constantTimeEquals(hashCode(row.salt, input.code), row.codeHash)) match ??= row;
  }
  return match;
}

/**
 * Counts one code check from this client, and refuses it when the client has made too many, or when
 * `subject` (an address, or a reauthenticating account) has had too many wrong codes.
 */
export async function limitCodeChecks(db: Database, request: AuthRequest, subject: string): Promise<void> {
  const {
    hits: [clientHit],
    counts,
  } = await hitAndCount(
    db,
    [{ key: `otp-checks:ip:${request.ip}`, ...CODE_CHECKS_PER_CLIENT }],
    [{ key: failuresKey(subject), windowSeconds: FAILED_CODES.windowSeconds }],
    request.now,
  );
  if (!clientHit!.isAllowed || counts[0]! >= FAILED_CODES.limit) {
    throw new AuthError(429, "over_request_rate_limit", "Request rate limit reached");
  }
}

export async function recordFailedCode(db: Database, request: AuthRequest, subject: string): Promise<void> {
  await hit(db, failuresKey(subject), FAILED_CODES.limit, FAILED_CODES.windowSeconds, request.now);
}

const failuresKey = (subject: string) => `otp-failures:${subject}`;
