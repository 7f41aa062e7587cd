import type { Database } from "#server/db/client";
import { jobs } from "#server/db/schema";
import { signalJobEnqueued } from "./job-signal";

/**
 * Queues work for the jobs worker in the caller's transaction: it runs only if the use case commits,
 * at `runAt` or as soon as possible. Several instances never run one job twice (run-due-jobs.ts).
 */
export async function enqueueJob(
  db: Pick<Database, "insert">,
  kind: string,
  payload: Record<string, unknown>,
  runAt?: Date,
): Promise<void> {
  await db.insert(jobs).values({ kind, payload, ...(runAt ? { runAt } : {}) });
  signalJobEnqueued();
}

/** Rows per insert: well under PostgreSQL's 65,535 parameters per statement. */
const ROWS_PER_INSERT = 1_000;

/**
 * Queues one job of `kind` per payload, due now, in the caller's transaction, with one statement per
 * thousand jobs: a use case that tells every ticket holder something holds its locks that much less.
 */
export async function enqueueJobs(
  db: Pick<Database, "insert">,
  kind: string,
  payloads: readonly Record<string, unknown>[],
): Promise<void> {
  if (payloads.length === 0) return;
  for (let start = 0; start < payloads.length; start += ROWS_PER_INSERT) {
    await db.insert(jobs).values(payloads.slice(start, start + ROWS_PER_INSERT).map((payload) => ({ kind, payload })));
  }
  signalJobEnqueued();
}
