import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client";
import { jobs, scheduledTasks } from "#server/db/schema";
import { UPDATE_REPUTATIONS_JOB } from "#server/services/reputations";
import { WEEKLY_DIGEST_JOB } from "#server/services/weekly-digest";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { CHECK_ENDED_EVENT_BADGES_JOB } from "#server/services/badges";
import { runDueScheduledTasks, SCHEDULED_TASKS as ALL_TASKS, type ScheduledTask } from "./scheduled-tasks";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle?.close());
beforeEach(async () => {
  await handle.db.delete(scheduledTasks);
  await handle.db.delete(jobs);
});

const HOUR_MS = 60 * 60_000;
const at = (iso: string) => new Date(iso);
/** The digest and reputations; every other task has a test of its own. */
const SCHEDULED_TASKS = ALL_TASKS.filter((task) => ["weekly_digest", "update_reputations"].includes(task.name));

async function rowOf(name: string) {
  const [row] = await handle.db.select().from(scheduledTasks).where(eq(scheduledTasks.name, name));
  return row;
}

/** A task every hour on the hour whose run takes a while inside its claim, counting its runs. */
function slowHourlyTask(name: string, runs: Date[]): ScheduledTask {
  return {
    name,
    nextRunAfter: (instant) => new Date((Math.floor(instant.getTime() / HOUR_MS) + 1) * HOUR_MS),
    async start(_tx, now) {
      runs.push(now);
      // Long enough for a competing worker's claim to reach the row while this one still holds it.
      await new Promise((resolve) => setTimeout(resolve, 150));
    },
  };
}

/** The digest and reputations (the hourly and daily tasks of saved events and follows are tested in their own files). */
const DIGEST_AND_REPUTATIONS = SCHEDULED_TASKS.filter((task) =>
  ["weekly_digest", "update_reputations"].includes(task.name),
);

describe(`scheduled tasks on the ${testDatabaseKind()} database`, () => {
  it("makes the rows on the first run, due at the next scheduled instants, and starts nothing yet", async () => {
    // A Wednesday: the digest is next Monday at 14:00 UTC, reputations tomorrow at 06:00 UTC.
    const now = at("2026-03-11T10:30:00Z");
    expect(await runDueScheduledTasks(handle.db, DIGEST_AND_REPUTATIONS, now)).toEqual([]);
    expect(await rowOf("weekly_digest")).toEqual({
      name: "weekly_digest",
      nextRunAt: at("2026-03-16T14:00:00Z"),
      lastRunAt: null,
    });
    expect(await rowOf("update_reputations")).toEqual({
      name: "update_reputations",
      nextRunAt: at("2026-03-12T06:00:00Z"),
      lastRunAt: null,
    });
    expect(await handle.db.select().from(jobs)).toEqual([]);
    // Running again before anything is due changes nothing.
    expect(await runDueScheduledTasks(handle.db, DIGEST_AND_REPUTATIONS, at("2026-03-12T05:59:59Z"))).toEqual([]);
    expect((await rowOf("update_reputations"))?.lastRunAt).toBeNull();
  });

  it("starts a due task by queueing its job, and moves its next run to the next scheduled instant", async () => {
    await runDueScheduledTasks(handle.db, DIGEST_AND_REPUTATIONS, at("2026-03-11T10:30:00Z"));

    const reputationsDue = at("2026-03-12T06:00:05Z");
    expect(await runDueScheduledTasks(handle.db, DIGEST_AND_REPUTATIONS, reputationsDue)).toEqual([
      "update_reputations",
    ]);
    expect(await rowOf("update_reputations")).toMatchObject({
      nextRunAt: at("2026-03-13T06:00:00Z"),
      lastRunAt: reputationsDue,
    });
    expect((await rowOf("weekly_digest"))?.lastRunAt).toBeNull();

    // Monday 14:00 UTC: the digest; reputations ran last on the 12th, so every day since is one run, not six.
    // Claimed a few seconds late, the digest's run is still named by its scheduled instant (the edition).
    const digestDue = at("2026-03-16T14:00:00Z");
    const claimedAt = at("2026-03-16T14:00:03Z");
    expect(await runDueScheduledTasks(handle.db, DIGEST_AND_REPUTATIONS, claimedAt)).toEqual([
      "weekly_digest",
      "update_reputations",
    ]);
    expect(await rowOf("weekly_digest")).toMatchObject({ nextRunAt: at("2026-03-23T14:00:00Z"), lastRunAt: claimedAt });
    expect(await rowOf("update_reputations")).toMatchObject({ nextRunAt: at("2026-03-17T06:00:00Z") });

    const queued = await handle.db.select({ kind: jobs.kind, payload: jobs.payload }).from(jobs).orderBy(jobs.id);
    expect(queued).toEqual([
      { kind: UPDATE_REPUTATIONS_JOB, payload: {} },
      { kind: WEEKLY_DIGEST_JOB, payload: { runAt: digestDue.toISOString() } },
      { kind: UPDATE_REPUTATIONS_JOB, payload: {} },
    ]);
  });

  it("re-checks badges daily at 07:00 UTC for events ended in the two days before", async () => {
    const badges = ALL_TASKS.filter((task) => task.name === "check_ended_event_badges");
    await runDueScheduledTasks(handle.db, badges, at("2026-03-11T10:30:00Z"));
    expect(await runDueScheduledTasks(handle.db, badges, at("2026-03-12T06:59:59Z"))).toEqual([]);
    expect(await runDueScheduledTasks(handle.db, badges, at("2026-03-12T07:00:02Z"))).toEqual([
      "check_ended_event_badges",
    ]);
    expect(await handle.db.select({ kind: jobs.kind, payload: jobs.payload }).from(jobs)).toEqual([
      { kind: CHECK_ENDED_EVENT_BADGES_JOB, payload: { since: "2026-03-10T07:00:00.000Z" } },
    ]);
  });

  it("runs a due task exactly once when two workers claim it at the same moment", async () => {
    const runs: Date[] = [];
    const task = slowHourlyTask("test_hourly", runs);
    await runDueScheduledTasks(handle.db, [task], at("2026-03-11T10:30:00Z"));
    expect((await rowOf("test_hourly"))?.nextRunAt).toEqual(at("2026-03-11T11:00:00Z"));

    // Two processes waking a few milliseconds apart, both seeing the row due.
    const [first, second] = await Promise.all([
      runDueScheduledTasks(handle.db, [task], at("2026-03-11T11:00:01Z")),
      runDueScheduledTasks(handle.db, [task], at("2026-03-11T11:00:02Z")),
    ]);
    expect([...first, ...second]).toEqual(["test_hourly"]);
    expect(runs).toHaveLength(1);
    expect((await rowOf("test_hourly"))?.nextRunAt).toEqual(at("2026-03-11T12:00:00Z"));

    // Many at once, at the next hour: still one run.
    const many = await Promise.all(
      Array.from({ length: 6 }, () => runDueScheduledTasks(handle.db, [task], at("2026-03-11T12:00:00Z"))),
    );
    expect(many.flat()).toEqual(["test_hourly"]);
    expect(runs).toHaveLength(2);
  });

  it("makes a row only once when two workers start on a new database together", async () => {
    const runs: Date[] = [];
    const task = slowHourlyTask("test_new", runs);
    const now = at("2026-03-11T10:30:00Z");
    await Promise.all([runDueScheduledTasks(handle.db, [task], now), runDueScheduledTasks(handle.db, [task], now)]);
    expect(await handle.db.select().from(scheduledTasks)).toEqual([
      { name: "test_new", nextRunAt: at("2026-03-11T11:00:00Z"), lastRunAt: null },
    ]);
    expect(runs).toEqual([]);
  });

  it("does not move the schedule when a run fails to start: the claim is rolled back and tried again", async () => {
    let fails = true;
    const task: ScheduledTask = {
      name: "test_failing",
      nextRunAfter: (instant) => new Date(instant.getTime() + HOUR_MS),
      async start() {
        if (fails) throw new Error("cannot queue");
      },
    };
    await runDueScheduledTasks(handle.db, [task], at("2026-03-11T10:00:00Z"));
    const due = at("2026-03-11T11:00:00Z");
    await expect(runDueScheduledTasks(handle.db, [task], due)).rejects.toThrow("cannot queue");
    expect(await rowOf("test_failing")).toMatchObject({ nextRunAt: due, lastRunAt: null });
    fails = false;
    expect(await runDueScheduledTasks(handle.db, [task], due)).toEqual(["test_failing"]);
    expect(await rowOf("test_failing")).toMatchObject({ nextRunAt: at("2026-03-11T12:00:00Z"), lastRunAt: due });
  });
});
