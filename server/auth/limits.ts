import type { Database } from "#server/db/client";
import type { Config } from "#server/env";
import { AuthError } from "./auth-error";
import type { AuthRequest } from "./auth-request";
import { countHits, hit, hitAndCount } from "./throttle";

/**
 * The throttles of the account services (issue 4 item 6), counted in the database so every instance
 * shares them. Limits keyed on an address count whether or not it has an account, so they reveal
 * nothing; per-client-address limits are generous because many people can share one NAT.
 */
export const LIMITS = {
  /**
   * Wrong passwords for one e-mail address from one client address, then that client waits. Keyed on
   * both, so a stranger guessing cannot lock the owner out from everywhere.
   */
  failedSignInsPerAccountFromClient: { limit: 10, windowSeconds: 15 * 60 },
  /** Wrong passwords for one address from anywhere: ASVS's ceiling of 100 an hour, against spread-out guessing. */
  failedSignInsPerAccount: { limit: 100, windowSeconds: 3600 },
  /** Password sign-ins per client address: about one a second for five minutes. */
  signInsPerClient: { limit: 300, windowSeconds: 5 * 60 },
  /** Requests that send e-mail (sign-up, magic link, recovery) per client address, as Supabase's RATE_LIMIT_OTP. */
  emailRequestsPerClient: { limit: 30, windowSeconds: 5 * 60 },
  /** E-mails per address: one a minute (Supabase's SMTP_MAX_FREQUENCY). */
  emailsPerAddress: { limit: 1, windowSeconds: 60 },
} as const;

const requestRateLimit = () => new AuthError(429, "over_request_rate_limit", "Request rate limit reached");

/**
 * Counts a password sign-in from this client, and refuses it when the client has made too many, or
 * when `email` (once known to be well formed) has had too many wrong passwords from this client or
 * far too many from everywhere. Failures are counted whether or not the address has an account.
 */
export async function limitSignIn(db: Database, request: AuthRequest, email: string | null): Promise<void> {
  const counters = email === null ? [] : failureCounters(email, request);
  const { hit, counts } = await hitAndCount(
    db,
    { key: `sign-in:ip:${request.ip}`, ...LIMITS.signInsPerClient },
    counters,
    request.now,
  );
  if (!hit!.isAllowed || counters.some(({ limit }, index) => counts[index]! >= limit)) throw requestRateLimit();
}

/** Refuses before the password is even checked once an address has had too many wrong ones (see limitSignIn). */
export async function refuseIfTooManyFailures(db: Database, email: string, request: AuthRequest): Promise<void> {
  const counters = failureCounters(email, request);
  const hits = await countHits(db, counters, request.now);
  if (counters.some(({ limit }, index) => hits[index]! >= limit)) throw requestRateLimit();
}

export async function recordFailedSignIn(db: Database, email: string, request: AuthRequest): Promise<void> {
  for (const { key, limit, windowSeconds } of failureCounters(email, request)) {
    await hit(db, key, limit, windowSeconds, request.now);
  }
}

function failureCounters(email: string, request: AuthRequest) {
  return [
    { key: `sign-in-failures:${email}:ip:${request.ip}`, ...LIMITS.failedSignInsPerAccountFromClient },
    { key: `sign-in-failures:${email}`, ...LIMITS.failedSignInsPerAccount },
  ];
}

/**
 * Every request that may send an e-mail passes here, known address or not, before anything is
 * looked up: same answers, same 429s, so the limits cannot tell whether an account exists.
 */
export async function limitEmailRequest(db: Database, config: Config, request: AuthRequest, email: string) {
  const perClient = LIMITS.emailRequestsPerClient;
  if (
    !(await hit(db, `email-requests:ip:${request.ip}`, perClient.limit, perClient.windowSeconds, request.now)).isAllowed
  ) {
    throw requestRateLimit();
  }
  const perAddress = LIMITS.emailsPerAddress;
  const address = await hit(db, `emails:address:${email}`, perAddress.limit, perAddress.windowSeconds, request.now);
  if (!address.isAllowed) {
    throw new AuthError(
      429,
      "over_email_send_rate_limit",
      `For security purposes, you can only request this after ${address.retryAfterSeconds} seconds.`,
    );
  }
  if (!(await hit(db, "emails:all", config.auth.emailsPerHour, 3600, request.now)).isAllowed) {
    throw new AuthError(429, "over_email_send_rate_limit", "email rate limit exceeded");
  }
}
