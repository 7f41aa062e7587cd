import type { Database } from "#server/db/client";
import type { Config } from "#server/env";
import { AuthError } from "./auth-error";
import type { AuthRequest } from "./auth-request";
import { hitAndCount, unhit, type Counter } from "./throttle";

/**
 * The throttles of the account services (issue 4 item 6, issue 16 points 2 and 7), counted in the
 * database so every instance shares them. Limits keyed on an address count whether or not it has an
 * account, so they reveal nothing; per-client-address limits are generous because many people can
 * share one NAT. Design: docs/decisions/007-accounts-sessions-and-mail.md §9 and §12.
 */
export const LIMITS = {
  /**
   * Wrong passwords for one e-mail address from one client address, then that client waits. Keyed on
   * both, so a stranger guessing cannot lock the owner out from everywhere.
   */
  failedSignInsPerAccountFromClient: { limit: 10, windowSeconds: 15 * 60 },
  /**
   * Wrong passwords for one address from anywhere: past ASVS's ceiling of 100 an hour the address is
   * under attack, and each client gets a single wrong guess per window of the limit above (instead of
   * ten). A client that has not guessed wrong still has its password checked, so the owner gets in.
   */
  failedSignInsPerAccount: { limit: 100, windowSeconds: 3600 },
  /** Password sign-ins per client address: about one a second for five minutes. */
  signInsPerClient: { limit: 300, windowSeconds: 5 * 60 },
  /** E-mails per address: one a minute (Supabase's SMTP_MAX_FREQUENCY). */
  emailsPerAddress: { limit: 1, windowSeconds: 60 },
} as const;

/** A client's share of each hourly e-mail budget: a third, so no one client can spend a budget alone. */
const CLIENT_SHARE_OF_EMAIL_BUDGET = 1 / 3;

const HOUR_SECONDS = 3600;

const requestRateLimit = () => new AuthError(429, "over_request_rate_limit", "Request rate limit reached");

/**
 * Counts a password sign-in from this client and, when `email` is well formed, takes one of its wrong
 * password attempts up front, before the password is checked: of any number of parallel guesses at
 * most the limit get checked at all. Settle it with settlePasswordCheck once the answer is known.
 * Refused (429) when the client has made too many sign-ins, or too many wrong guesses at `email`.
 * From a browser known to have signed in to `email` before (`knownDeviceId`, see known-device.ts) the
 * wrong guesses are counted for that browser instead of the client address.
 */
export async function limitSignIn(
  db: Database,
  request: AuthRequest,
  email: string | null,
  knownDeviceId: string | null = null,
): Promise<void> {
  const client = { key: `sign-in:ip:${request.ip}`, ...LIMITS.signInsPerClient };
  const {
    hits: [clientHit, attempt],
    counts: [accountFailures],
  } = await hitAndCount(
    db,
    email === null ? [client] : [client, attemptCounter(email, request, knownDeviceId)],
    email === null ? [] : [accountCounter(email)],
    request.now,
  );
  if (!clientHit!.isAllowed) throw requestRateLimit();
  if (attempt && isRefusedAttempt(attempt.hits, accountFailures!)) throw requestRateLimit();
}

/**
 * The same up-front count for checking the current password of a signed-in person (changing the
 * password): guesses there count with the sign-in's, so a stolen session cannot guess freely.
 */
export async function reservePasswordCheck(db: Database, email: string, request: AuthRequest): Promise<void> {
  const {
    hits: [attempt],
    counts: [accountFailures],
  } = await hitAndCount(db, [attemptCounter(email, request)], [accountCounter(email)], request.now);
  if (isRefusedAttempt(attempt!.hits, accountFailures!)) throw requestRateLimit();
}

/**
 * `attemptsFromClient` counts this attempt and every wrong one before it in the window (right ones are
 * taken back). Under attack (the address past its ceiling from everywhere), a client that already
 * guessed wrong in the window waits; one that did not may still try, so the owner is never locked out
 * by guesses from elsewhere.
 */
function isRefusedAttempt(attemptsFromClient: number, accountFailures: number): boolean {
  if (attemptsFromClient > LIMITS.failedSignInsPerAccountFromClient.limit) return true;
  return accountFailures >= LIMITS.failedSignInsPerAccount.limit && attemptsFromClient > 1;
}

/**
 * After the password was checked: a right one takes back the attempt counted up front, a wrong one
 * stays counted and also counts for the address from everywhere. Called for unknown addresses alike.
 */
export async function settlePasswordCheck(
  db: Database,
  email: string,
  request: AuthRequest,
  isMatch: boolean,
  knownDeviceId: string | null = null,
): Promise<void> {
  if (isMatch) await unhit(db, attemptCounter(email, request, knownDeviceId), request.now);
  else await hitAndCount(db, [accountCounter(email)], [], request.now);
}

function attemptCounter(email: string, request: AuthRequest, knownDeviceId: string | null = null) {
  const source = knownDeviceId ? `device:${knownDeviceId}` : `ip:${request.ip}`;
  return { key: `sign-in-failures:${email}:${source}`, ...LIMITS.failedSignInsPerAccountFromClient };
}

function accountCounter(email: string) {
  return { key: `sign-in-failures:${email}`, ...LIMITS.failedSignInsPerAccount };
}

/**
 * The two hourly budgets of account e-mails, each `AUTH_EMAILS_PER_HOUR`: what anyone may ask for about
 * any address (sign-up, magic link), and what only reaches an account that exists (password recovery,
 * the sign-up confirmation sent again). Junk addresses spend only the first, so recovery of an existing
 * account is never starved by them. A budget counts e-mails really queued (countEmailSent), while the
 * refusal comes before anything is looked up, the same for every address of a request kind.
 */
export type EmailBudget = "sign-up" | "account";

function budgetCounter(budget: EmailBudget): Counter {
  return { key: `emails:${budget}`, windowSeconds: HOUR_SECONDS };
}

/**
 * Every request that may send an e-mail passes here, known address or not, before anything is
 * looked up: same answers, same 429s, so the limits cannot tell whether an account exists. In order:
 * the request kind's budget, the client's share of the hour, then the address's minute.
 */
export async function limitEmailRequest(
  db: Database,
  config: Config,
  request: AuthRequest,
  email: string,
  budget: EmailBudget,
): Promise<void> {
  const ceiling = config.auth.emailsPerHour;
  const perClient = {
    key: `email-requests:ip:${request.ip}`,
    limit: Math.max(1, Math.floor(ceiling * CLIENT_SHARE_OF_EMAIL_BUDGET)),
    windowSeconds: HOUR_SECONDS,
  };
  const perAddress = { key: `emails:address:${email}`, ...LIMITS.emailsPerAddress };
  const {
    hits: [client, address],
    counts: [sent],
  } = await hitAndCount(db, [perClient, perAddress], [budgetCounter(budget)], request.now);
  // The site's own state first: when the hour's budget is spent, that is what anyone needs to know.
  if (sent! >= ceiling) throw new AuthError(429, "over_email_send_rate_limit", "email rate limit exceeded");
  if (!client!.isAllowed) throw requestRateLimit();
  if (!address!.isAllowed) {
    throw new AuthError(
      429,
      "over_email_send_rate_limit",
      `For security purposes, you can only request this after ${address!.retryAfterSeconds} seconds.`,
    );
  }
}

/**
 * Counts one queued e-mail against its budget, in the transaction that queues it. Requests checked
 * at the same moment may pass the ceiling by the few in flight; it is a guard for the mail server's
 * reputation, not an exact quota.
 */
export async function countEmailSent(db: Database, budget: EmailBudget, now: Date): Promise<void> {
  await hitAndCount(db, [{ ...budgetCounter(budget), limit: Number.MAX_SAFE_INTEGER }], [], now);
}
