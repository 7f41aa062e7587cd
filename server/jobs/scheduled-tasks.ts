import { and, eq, inArray, lte } from "drizzle-orm";
import { DIGEST_SCHEDULE, nextDailyRunAfter, nextWeeklyRunAfter } from "#domain/schedule";
import type { Database } from "#server/db/client";
import { scheduledTasks } from "#server/db/schema";
import { UPDATE_REPUTATIONS_JOB } from "#server/services/reputations";
import { WEEKLY_DIGEST_JOB } from "#server/services/weekly-digest";
import { enqueueJob } from "#server/services/enqueue-job";
import { CHECK_ENDED_EVENT_BADGES_JOB, ENDED_EVENTS_LOOKBACK_MS } from "#server/services/badges";
import { FOLLOWED_EVENTS_EMAIL_HOUR, nextHourlyRunAfter } from "#domain/saves-follows";
import { SAVED_REMINDERS_JOB } from "#server/services/saved-reminders";
import { FOLLOWED_EVENTS_EMAILS_JOB } from "#server/services/followed-events-emails";
import { PLAN_TASK_REMINDERS_JOB } from "#server/services/plan-task-reminders";

/** Work that recurs, by name (the row of `scheduled_tasks` that says when it runs next). */
export interface ScheduledTask {
  name: string;
  /** The run that follows one at `instant` (or the first, when the row is made at `instant`). */
  nextRunAfter(instant: Date): Date;
  /**
   * Starts a run inside the claim's transaction, so a run starts only if its claim commits and a
   * claim never commits without its run. Tasks queue a job rather than work here: the work then has
   * the outbox's retries, and no long transaction holds the claim. The job is due at `now`, the
   * worker's clock (which the dev clock may have moved), not the database's. `dueAt` is the instant
   * this run was scheduled for, which `now` may be a little (or, after a stop, much) later than.
   */
  start(tx: Pick<Database, "insert">, now: Date, dueAt: Date): Promise<void>;
}

/** The weekly digest (DIGEST_SCHEDULE: Mondays at 14:00 UTC); reputations daily at 06:00 UTC. */
export const SCHEDULED_TASKS: readonly ScheduledTask[] = [
  {
    name: "weekly_digest",
    nextRunAfter: (instant) => nextWeeklyRunAfter(instant, DIGEST_SCHEDULE.weekday, DIGEST_SCHEDULE.hour),
    // The edition is named by its scheduled instant: it features the campaigns running then, the ones
    // charged for it (domain/promotion-pricing.ts), however late its e-mails go out.
    start: (tx, now, dueAt) => enqueueJob(tx, WEEKLY_DIGEST_JOB, { runAt: dueAt.toISOString() }, now),
  },
  {
    name: "update_reputations",
    nextRunAfter: (instant) => nextDailyRunAfter(instant, 6),
    start: (tx, now) => enqueueJob(tx, UPDATE_REPUTATIONS_JOB, {}, now),
  },
  {
    // Successful events (a badge) need to have ended, which no activity announces: daily at 07:00 UTC,
    // the organizers of events ended since the run before (with a day's overlap) are re-checked.
    name: "check_ended_event_badges",
    nextRunAfter: (instant) => nextDailyRunAfter(instant, 7),
    start: (tx, now, dueAt) =>
      enqueueJob(
        tx,
        CHECK_ENDED_EVENT_BADGES_JOB,
        { since: new Date(dueAt.getTime() - ENDED_EVENTS_LOOKBACK_MS).toISOString() },
        now,
      ),
  },
  // Saved events' reminders: every hour, so each goes out soon after 9:00 the day before in its zone.
  {
    name: "saved_event_reminders",
    nextRunAfter: nextHourlyRunAfter,
    start: (tx, now) => enqueueJob(tx, SAVED_REMINDERS_JOB, {}, now),
  },
  // Followed organizers' new events: one e-mail a day at most, covering the day up to the run's instant.
  {
    name: "followed_events_emails",
    nextRunAfter: (instant) => nextDailyRunAfter(instant, FOLLOWED_EVENTS_EMAIL_HOUR),
    start: (tx, now, dueAt) => enqueueJob(tx, FOLLOWED_EVENTS_EMAILS_JOB, { runAt: dueAt.toISOString() }, now),
  },
  // Saved event plans' tasks due within three days: once a day, at 13:00 UTC (8 or 9 AM in Washington).
  {
    name: "plan_task_reminders",
    nextRunAfter: (instant) => nextDailyRunAfter(instant, 13),
    start: (tx, now) => enqueueJob(tx, PLAN_TASK_REMINDERS_JOB, {}, now),
  },
];

/**
 * Starts every task due at `now`, once across all app processes, and answers the names started. A
 * task without a row gets one whose first run is the next scheduled instant (a new site does not send
 * a digest the moment it starts). A due task is claimed by one conditional UPDATE that moves
 * `next_run_at` past `now`: a second process trying at the same moment waits for the first one's row
 * lock, then finds the row no longer due and changes nothing. Runs missed while every process was
 * down are not made up one by one: the next one simply comes next (one digest, not three).
 */
export async function runDueScheduledTasks(
  db: Database,
  tasks: readonly ScheduledTask[],
  now: Date,
): Promise<string[]> {
  if (tasks.length === 0) return [];
  // One read per wake in the usual case (nothing due): the worker wakes every second.
  const rows = await db
    .select({ name: scheduledTasks.name, nextRunAt: scheduledTasks.nextRunAt })
    .from(scheduledTasks)
    .where(
      inArray(
        scheduledTasks.name,
        tasks.map((task) => task.name),
      ),
    );
  const nextRunByName = new Map(rows.map((row) => [row.name, row.nextRunAt]));
  const started: string[] = [];
  for (const task of tasks) {
    const nextRunAt = nextRunByName.get(task.name);
    if (!nextRunAt) {
      await db
        .insert(scheduledTasks)
        .values({ name: task.name, nextRunAt: task.nextRunAfter(now) })
        .onConflictDoNothing();
    } else if (nextRunAt.getTime() <= now.getTime() && (await claimAndStart(db, task, now, nextRunAt))) {
      started.push(task.name);
    }
  }
  return started;
}

async function claimAndStart(db: Database, task: ScheduledTask, now: Date, dueAt: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(scheduledTasks)
      .set({ nextRunAt: task.nextRunAfter(now), lastRunAt: now })
      .where(and(eq(scheduledTasks.name, task.name), lte(scheduledTasks.nextRunAt, now)))
      .returning({ name: scheduledTasks.name });
    if (claimed.length === 0) return false;
    await task.start(tx, now, dueAt);
    return true;
  });
}
