import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client";
import { jobs, mailboxMessages, rateLimitHits } from "#server/db/schema";
import { createLogger } from "#server/logger";
import { createMailboxMailer } from "#server/mail/mailer";
import { enqueueEmail } from "#server/services/outbox";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { createJobHandlers } from "./job-handlers";
import { startJobsWorker } from "./jobs-worker";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle?.close());

const logger = createLogger({ mode: "test", logLevel: "silent" });
const siteUrl = "http://localhost:3000";

describe(`the jobs worker on the ${testDatabaseKind()} database`, () => {
  it("sends an e-mail queued in a committed transaction to the dev mailbox well before its next poll", async () => {
    const db = handle.db;
    // A poll this slow would never be reached within the test: only the in-process signal can wake it.
    const worker = startJobsWorker({
      db,
      handlers: createJobHandlers({ db, mailer: createMailboxMailer(db), siteUrl }),
      logger,
      pollIntervalMs: 60_000,
    });
    // Let the first round (housekeeping and an empty queue) finish, so the worker is asleep.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const queuedAt = Date.now();
    await db.transaction(async (tx) => {
      await enqueueEmail(tx, {
        kind: "magiclink",
        to: "worker@example.com",
        language: "fr",
        link: `${siteUrl}/auth/confirm?token_hash=abc&type=magiclink`,
      });
    });
    await expect
      .poll(async () => db.select().from(mailboxMessages).where(eq(mailboxMessages.toAddress, "worker@example.com")), {
        interval: 20,
        timeout: 5_000,
      })
      .toHaveLength(1);
    expect(Date.now() - queuedAt).toBeLessThan(5_000);
    const [message] = await db.select().from(mailboxMessages);
    expect(message?.subject).toBe("Votre lien de connexion à DMV Events");
    const [job] = await db.select().from(jobs);
    expect(job?.doneAt).not.toBeNull();
    await worker.stop();
  });

  it("deletes expired rows when it starts", async () => {
    const db = handle.db;
    await db.insert(rateLimitHits).values({ key: "ip:old", windowStart: new Date(Date.now() - 2 * 86_400_000) });
    const worker = startJobsWorker({ db, handlers: {}, logger, pollIntervalMs: 60_000 });
    await expect.poll(async () => db.select().from(rateLimitHits), { interval: 20 }).toHaveLength(0);
    await worker.stop();
  });

  it("on stop, finishes the job it is running and takes no other", async () => {
    const db = handle.db;
    await db.delete(jobs);
    await db.insert(jobs).values([
      { kind: "slow", payload: { n: 1 } },
      { kind: "slow", payload: { n: 2 } },
    ]);
    let started = 0;
    let finished = 0;
    const worker = startJobsWorker({
      db,
      handlers: {
        slow: async () => {
          started++;
          await new Promise((resolve) => setTimeout(resolve, 300));
          finished++;
        },
      },
      logger,
      pollIntervalMs: 20,
    });
    await expect.poll(() => started, { interval: 10 }).toBe(1);
    await worker.stop();
    expect({ started, finished }).toEqual({ started: 1, finished: 1 });
    const stored = await db.select().from(jobs);
    expect(stored.filter((job) => job.doneAt !== null)).toHaveLength(1);
    expect(stored.filter((job) => job.attempts === 0)).toHaveLength(1);
  });
});
