import { asc, eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client";
import { jobs } from "#server/db/schema";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { enqueueJobs } from "#server/services/enqueue-job";
import { retryDelayMs } from "./retry-delay";
import { JOB_LEASE_MS, runDueJobs, type JobHandler } from "./run-due-jobs";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle?.close());
beforeEach(async () => {
  await handle.db.delete(jobs);
});

/** A logger that keeps what it writes, to assert on. */
function recordingLogger() {
  const lines: { level: number; msg: string; jobId?: number }[] = [];
  const logger = pino({ level: "info", base: undefined }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

async function insertJob(values: Partial<typeof jobs.$inferInsert> = {}) {
  const [job] = await handle.db
    .insert(jobs)
    .values({ kind: "test", payload: {}, runAt: new Date("2026-01-01T00:00:00Z"), ...values })
    .returning();
  return job!;
}

async function jobById(id: number) {
  const [job] = await handle.db.select().from(jobs).where(eq(jobs.id, id));
  return job!;
}

const now = new Date("2026-03-01T12:00:00Z");
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`running due jobs on the ${testDatabaseKind()} database`, () => {
  it("runs a due job with its kind's handler, once, and records when it was done", async () => {
    const job = await insertJob({ payload: { greeting: "hello" } });
    const seen: unknown[] = [];
    const { logger } = recordingLogger();
    const outcomes = await runDueJobs(
      handle.db,
      { handlers: { test: async (claimed) => void seen.push(claimed.payload) }, logger },
      now,
    );
    expect(outcomes).toEqual([{ id: job.id, kind: "test", outcome: "done" }]);
    expect(seen).toEqual([{ greeting: "hello" }]);
    const stored = await jobById(job.id);
    expect(stored.doneAt).toEqual(now);
    expect(stored.attempts).toBe(1);
    expect(stored.failedAt).toBeNull();
    expect(await runDueJobs(handle.db, { handlers: { test: async () => {} }, logger }, now)).toEqual([]);
  });

  it("leaves jobs that are not due yet, finished ones, and kinds it has no handler for", async () => {
    const later = await insertJob({ runAt: new Date(now.getTime() + 1_000) });
    await insertJob({ doneAt: now });
    await insertJob({ failedAt: now });
    const unknown = await insertJob({ kind: "from_a_newer_version" });
    const { logger } = recordingLogger();
    expect(await runDueJobs(handle.db, { handlers: { test: async () => {} }, logger }, now)).toEqual([]);
    expect((await jobById(unknown.id)).attempts).toBe(0);
    const outcomes = await runDueJobs(
      handle.db,
      { handlers: { test: async () => {} }, logger },
      new Date(now.getTime() + 1_000),
    );
    expect(outcomes.map((outcome) => outcome.id)).toEqual([later.id]);
  });

  it("runs the oldest due jobs first", async () => {
    const second = await insertJob({ runAt: new Date("2026-02-01T00:00:00Z") });
    const first = await insertJob({ runAt: new Date("2026-01-01T00:00:00Z") });
    const { logger } = recordingLogger();
    const outcomes = await runDueJobs(handle.db, { handlers: { test: async () => {} }, logger }, now);
    expect(outcomes.map((outcome) => outcome.id)).toEqual([first.id, second.id]);
  });

  it("retries a failing job later, waiting twice as long after each failure, until it succeeds", async () => {
    const job = await insertJob();
    const { logger, lines } = recordingLogger();
    let failuresLeft = 2;
    const flaky: JobHandler = async () => {
      if (failuresLeft-- > 0) throw new Error("mail server busy");
    };
    const deps = { handlers: { test: flaky }, logger };

    expect(await runDueJobs(handle.db, deps, now)).toEqual([{ id: job.id, kind: "test", outcome: "retrying" }]);
    let stored = await jobById(job.id);
    expect(stored).toMatchObject({ attempts: 1, lastError: "mail server busy", doneAt: null, failedAt: null });
    expect(stored.runAt).toEqual(new Date(now.getTime() + retryDelayMs(1)));
    // Not before its time.
    expect(await runDueJobs(handle.db, deps, new Date(stored.runAt.getTime() - 1))).toEqual([]);

    expect((await runDueJobs(handle.db, deps, stored.runAt))[0]?.outcome).toBe("retrying");
    const secondFailureAt = stored.runAt;
    stored = await jobById(job.id);
    expect(stored.attempts).toBe(2);
    expect(stored.runAt).toEqual(new Date(secondFailureAt.getTime() + retryDelayMs(2)));

    expect((await runDueJobs(handle.db, deps, stored.runAt))[0]?.outcome).toBe("done");
    stored = await jobById(job.id);
    expect(stored.attempts).toBe(3);
    expect(stored.doneAt).not.toBeNull();
    expect(lines.filter((line) => line.msg === "job failed; it will run again")).toHaveLength(2);
  });

  it("marks a job failed after its last attempt, logs it as an error, and never runs it again", async () => {
    const job = await insertJob({ maxAttempts: 2 });
    const { logger, lines } = recordingLogger();
    const deps = { handlers: { test: async () => Promise.reject(new Error("mailbox full")) }, logger };
    await runDueJobs(handle.db, deps, now);
    const retryAt = (await jobById(job.id)).runAt;
    expect(await runDueJobs(handle.db, deps, retryAt)).toEqual([{ id: job.id, kind: "test", outcome: "failed" }]);
    const stored = await jobById(job.id);
    expect(stored).toMatchObject({ attempts: 2, lastError: "mailbox full", doneAt: null });
    expect(stored.failedAt).toEqual(retryAt);
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 50, msg: "job failed for good after its last attempt", jobId: job.id }),
    );
    expect(await runDueJobs(handle.db, deps, new Date(retryAt.getTime() + 24 * 60 * 60_000))).toEqual([]);
  });

  it("hides a job while it runs, and runs it again if its worker died before finishing", async () => {
    const job = await insertJob();
    const { logger } = recordingLogger();
    let release = () => {};
    const stuck = new Promise<void>((resolve) => (release = resolve));
    const running = runDueJobs(handle.db, { handlers: { test: () => stuck }, logger }, now);
    await expect.poll(async () => (await jobById(job.id)).attempts).toBe(1);
    // Another worker a minute later does not take it…
    const other = { handlers: { test: async () => {} }, logger };
    expect(await runDueJobs(handle.db, other, new Date(now.getTime() + 60_000))).toEqual([]);
    // …until the lease has run out, as it would if the first worker's process had been killed.
    const afterLease = new Date(now.getTime() + JOB_LEASE_MS);
    expect(await runDueJobs(handle.db, other, afterLease)).toEqual([{ id: job.id, kind: "test", outcome: "done" }]);
    release();
    await running;
  });

  it("runs a job once when two workers race for it", async () => {
    const job = await insertJob();
    const { logger } = recordingLogger();
    let runs = 0;
    const slow: JobHandler = async () => {
      runs++;
      await pause(100);
    };
    const [first, second] = await Promise.all([
      runDueJobs(handle.db, { handlers: { test: slow }, logger }, now),
      runDueJobs(handle.db, { handlers: { test: slow }, logger }, now),
    ]);
    expect(runs).toBe(1);
    expect([...first, ...second]).toEqual([{ id: job.id, kind: "test", outcome: "done" }]);
  });

  it("shares many jobs among three racing workers with each job run exactly once", async () => {
    const inserted = await handle.db
      .insert(jobs)
      .values(Array.from({ length: 30 }, (_, index) => ({ kind: "test", payload: { index }, runAt: now })))
      .returning({ id: jobs.id });
    const { logger } = recordingLogger();
    const ranBy = new Map<number, number[]>();
    const worker = (name: number) =>
      runDueJobs(
        handle.db,
        {
          handlers: {
            test: async (job) => {
              ranBy.set(job.id, [...(ranBy.get(job.id) ?? []), name]);
              await pause(5);
            },
          },
          logger,
        },
        now,
      );
    const results = await Promise.all([worker(1), worker(2), worker(3)]);
    expect([...ranBy.keys()].sort((a, b) => a - b)).toEqual(inserted.map((row) => row.id).sort((a, b) => a - b));
    expect([...ranBy.values()].every((workers) => workers.length === 1)).toBe(true);
    expect(results.flat()).toHaveLength(30);
    if (handle.kind === "postgres") {
      // On PostgreSQL each worker claims on a connection of its own: all of them got a share.
      expect(results.every((outcomes) => outcomes.length > 0)).toBe(true);
    }
    const stored = await handle.db.select().from(jobs).orderBy(asc(jobs.id));
    expect(stored.every((job) => job.doneAt !== null && job.attempts === 1)).toBe(true);
  });
});

describe(`queueing many jobs at once on the ${testDatabaseKind()} database`, () => {
  it("queues every payload, in order, past a single statement's worth", async () => {
    const payloads = Array.from({ length: 2_345 }, (_, index) => ({ index }));
    await handle.db.transaction((tx) => enqueueJobs(tx, "bulk", payloads));
    const rows = await handle.db.select({ payload: jobs.payload }).from(jobs).orderBy(asc(jobs.id));
    expect(rows.map((row) => row.payload)).toEqual(payloads);
    await enqueueJobs(handle.db, "bulk", []);
    expect(await handle.db.$count(jobs)).toBe(payloads.length);
  });
});
