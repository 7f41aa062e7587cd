import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { jobs } from "#server/db/schema";
import type { Logger } from "#server/logger";
import { retryDelayMs } from "./retry-delay";

/** A job a worker has taken: `attempts` already counts the run about to happen. */
export interface ClaimedJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  maxAttempts: number;
}

/** Does one kind of job; throwing makes the job run again later (see retryDelayMs). */
export type JobHandler = (job: ClaimedJob, context: { db: Database; now: Date }) => Promise<void>;
export type JobHandlers = Readonly<Record<string, JobHandler>>;

export interface JobDependencies {
  handlers: JobHandlers;
  logger: Logger;
}

export type JobOutcome = "done" | "retrying" | "failed";

/**
 * How long a taken job stays hidden from other workers while it runs. The claim is committed before
 * the handler runs (no transaction stays open during an SMTP conversation, which on the embedded
 * database would hold up every other query); if the process dies mid-job, the job becomes due again
 * when the lease ends. Handlers must finish well within it (SMTP sends time out after 30 s).
 */
export const JOB_LEASE_MS = 5 * 60_000;

/** Longer error texts are cut: the column is for a person reading why a job failed. */
const LAST_ERROR_MAX_LENGTH = 2_000;

/**
 * Payload fields that are secrets (an e-mail's sign-in link and code): needed until the job has run,
 * dropped from the row once it is done or has failed for good (jobs are kept for days), and never
 * copied into `last_error` or the log.
 */
const SECRET_PAYLOAD_KEYS = ["link", "code"];
const withoutSecrets = sql.join(
  [sql`${jobs.payload}`, ...SECRET_PAYLOAD_KEYS.map((key) => sql`${key}::text`)],
  sql.raw(" - "),
);

/**
 * Takes the next due job of a kind this process can run, or null when none is due. SKIP LOCKED lets
 * workers of several instances claim at once without waiting on, or taking, each other's rows; only
 * kinds with a handler are claimed, so an older instance never burns the attempts of a newer kind.
 */
export async function claimNextJob(db: Database, kinds: string[], now: Date): Promise<ClaimedJob | null> {
  if (kinds.length === 0) return null;
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(isNull(jobs.doneAt), isNull(jobs.failedAt), lte(jobs.runAt, now), inArray(jobs.kind, kinds)))
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .limit(1)
    .for("update", { skipLocked: true });
  const [job] = await db
    .update(jobs)
    .set({ attempts: sql`${jobs.attempts} + 1`, runAt: new Date(now.getTime() + JOB_LEASE_MS) })
    .where(inArray(jobs.id, due))
    .returning({
      id: jobs.id,
      kind: jobs.kind,
      payload: jobs.payload,
      attempts: jobs.attempts,
      maxAttempts: jobs.maxAttempts,
    });
  return job ?? null;
}

/** Claims and runs one due job; null when there was none. */
export async function runNextJob(
  db: Database,
  deps: JobDependencies,
  now: Date,
): Promise<{ job: ClaimedJob; outcome: JobOutcome } | null> {
  const job = await claimNextJob(db, Object.keys(deps.handlers), now);
  if (!job) return null;
  try {
    await deps.handlers[job.kind]!(job, { db, now });
  } catch (error) {
    return { job, outcome: await recordFailure(db, deps.logger, job, error, now) };
  }
  await db.update(jobs).set({ doneAt: now, payload: withoutSecrets }).where(eq(jobs.id, job.id));
  return { job, outcome: "done" };
}

/** Runs every job due at `now`, one after another, until none is left; what each came to, in order. */
export async function runDueJobs(
  db: Database,
  deps: JobDependencies,
  now: Date,
): Promise<{ id: number; kind: string; outcome: JobOutcome }[]> {
  const outcomes: { id: number; kind: string; outcome: JobOutcome }[] = [];
  for (let ran = await runNextJob(db, deps, now); ran; ran = await runNextJob(db, deps, now)) {
    outcomes.push({ id: ran.job.id, kind: ran.job.kind, outcome: ran.outcome });
  }
  return outcomes;
}

async function recordFailure(
  db: Database,
  logger: Logger,
  job: ClaimedJob,
  error: unknown,
  now: Date,
): Promise<JobOutcome> {
  const redact = redactorFor(job.payload);
  const lastError = redact(error instanceof Error ? error.message : String(error)).slice(0, LAST_ERROR_MAX_LENGTH);
  const err =
    error instanceof Error
      ? { type: error.name, message: redact(error.message), stack: redact(error.stack ?? "") }
      : { message: redact(String(error)) };
  const log = { jobId: job.id, kind: job.kind, attempts: job.attempts, err };
  if (job.attempts >= job.maxAttempts) {
    await db.update(jobs).set({ failedAt: now, lastError, payload: withoutSecrets }).where(eq(jobs.id, job.id));
    logger.error(log, "job failed for good after its last attempt");
    return "failed";
  }
  const runAt = new Date(now.getTime() + retryDelayMs(job.attempts));
  await db.update(jobs).set({ runAt, lastError }).where(eq(jobs.id, job.id));
  logger.warn({ ...log, retryAt: runAt.toISOString() }, "job failed; it will run again");
  return "retrying";
}

/**
 * Replaces the job's secrets in an error text (a mail server may quote the message back): each secret
 * field whole, and, for links, the long values of their query (the token alone, as in a reflowed text).
 */
function redactorFor(payload: Record<string, unknown>): (text: string) => string {
  const secrets = new Set<string>();
  for (const key of SECRET_PAYLOAD_KEYS) {
    const value = payload[key];
    if (typeof value !== "string" || value.length === 0) continue;
    secrets.add(value);
    if (URL.canParse(value)) {
      for (const part of new URL(value).searchParams.values()) if (part.length >= 16) secrets.add(part);
    }
  }
  const longestFirst = [...secrets].sort((a, b) => b.length - a.length);
  return (text) => longestFirst.reduce((redacted, secret) => redacted.replaceAll(secret, "[redacted]"), text);
}
