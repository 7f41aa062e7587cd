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
