import { currentTime } from "#server/clock";
import type { Database } from "#server/db/client";
import type { Logger } from "#server/logger";
import { deleteExpiredRows } from "./delete-expired-rows";
import { onJobEnqueued } from "#server/services/job-signal";
import { runNextJob, type JobHandlers } from "./run-due-jobs";
import { runDueScheduledTasks, SCHEDULED_TASKS, type ScheduledTask } from "./scheduled-tasks";

/** How often the worker looks for due jobs (retries, and jobs queued by other instances). */
export const POLL_INTERVAL_MS = 1_000;
/** How often expired throttle windows, flows, link tokens and old jobs are deleted. */
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;
/**
 * A job is usually queued inside a transaction that commits a moment later; looking at once would
 * not see it yet (on PostgreSQL). This short wait catches most commits; the poll catches the rest.
 */
const ENQUEUE_SETTLE_MS = 25;

export interface JobsWorker {
  /** Stops taking jobs and resolves once the job running now, if any, has finished. */
  stop(): Promise<void>;
}

/**
 * The in-process worker: drains due jobs one at a time, then sleeps until the next poll or until a
 * job is queued in this process, and runs the housekeeping once at start and then hourly.
 */
export function startJobsWorker({
  db,
  handlers,
  logger,
  pollIntervalMs = POLL_INTERVAL_MS,
  housekeepingIntervalMs = HOUSEKEEPING_INTERVAL_MS,
  scheduledTasks = SCHEDULED_TASKS,
}: {
  db: Database;
  handlers: JobHandlers;
  logger: Logger;
  pollIntervalMs?: number;
  housekeepingIntervalMs?: number;
  /** Recurring work started on each wake when due (the weekly digest, reputations). */
  scheduledTasks?: readonly ScheduledTask[];
}): JobsWorker {
  let isStopping = false;
  let lastHousekeepingAt = -Infinity;
  // A wake-up that arrives while the worker is busy must not be lost: it skips the next sleep.
  let isWakeRequested = false;
  let endSleep: (() => void) | null = null;
  const wake = () => {
    isWakeRequested = true;
    endSleep?.();
  };

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        endSleep = null;
        isWakeRequested = false;
        resolve();
      };
      const timer = setTimeout(finish, isWakeRequested ? 0 : ms);
      // A worker someone forgot to stop must not keep the process alive.
      timer.unref();
      endSleep = finish;
    });

  const stopListening = onJobEnqueued(() => {
    setTimeout(wake, ENQUEUE_SETTLE_MS).unref();
  });

  async function housekeepIfDue() {
    if (Date.now() - lastHousekeepingAt < housekeepingIntervalMs) return;
    lastHousekeepingAt = Date.now();
    const deleted = await deleteExpiredRows(db, currentTime());
    logger.debug({ deleted }, "deleted expired rows");
  }

  async function work() {
    while (!isStopping) {
      try {
        await housekeepIfDue();
        // Before draining, so that a run started now (its job queued) is taken in this same round.
        await runDueScheduledTasks(db, scheduledTasks, currentTime());
        while (!isStopping && (await runNextJob(db, { handlers, logger }, currentTime()))) {
          // Keep draining: more jobs may be due.
        }
      } catch (error) {
        // The database may be away for a moment (a restart, a failover): try again at the next poll.
        logger.error({ err: error }, "the jobs worker could not reach the database");
      }
      if (!isStopping) await sleep(pollIntervalMs);
    }
  }

  const working = work();
  return {
    async stop() {
      isStopping = true;
      stopListening();
      wake();
      await working;
    },
  };
}
