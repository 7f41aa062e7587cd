import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { bootServer } from "#server/boot";
import { openDatabase } from "#server/db/client";
import { users } from "#server/db/schema";
import { PROJECT_ROOT } from "#server/project-root";
import { isStaff } from "#server/services/staff";
import { freshShellEnv, runNpm, startNpm } from "#tests/support/npm-run";

/**
 * The first staff account of a fresh site (issue 18): `npm run staff:grant -- email` as the README
 * writes it, and STAFF_EMAILS at start, on the embedded database of a data directory of their own.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), "dmv-events-staff-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function withDatabase<T>(work: (db: Awaited<ReturnType<typeof openDatabase>>["db"]) => Promise<T>): Promise<T> {
  const database = await openDatabase({ databaseUrl: undefined, embeddedDir: path.join(dataDir, "db") });
  try {
    await database.migrate();
    return await work(database.db);
  } finally {
    await database.close();
  }
}

describe("making the first staff member", () => {
  it("works from the command line for an existing account, and says so when there is none", async () => {
    const userId = await withDatabase(async (db) => {
      const [user] = await db.insert(users).values({ email: "first.staff@example.org" }).returning({ id: users.id });
      return user!.id;
    });
    const env = freshShellEnv({ DATA_DIR: dataDir });

    const missing = startNpm(["run", "staff:grant", "--", "nobody@example.org"], { cwd: PROJECT_ROOT, env });
    expect(await missing.exitCode).toBe(1);
    expect(missing.output()).toContain("nobody@example.org: no account has this address");

    const output = await runNpm(["run", "staff:grant", "--", "First.Staff@example.org"], { cwd: PROJECT_ROOT, env });
    expect(output).toContain("First.Staff@example.org: is now staff.");
    expect(await withDatabase((db) => isStaff(db, userId))).toBe(true);
  }, 120_000);

  it("works from STAFF_EMAILS at start", async () => {
    const userId = await withDatabase(async (db) => {
      const [user] = await db.insert(users).values({ email: "second.staff@example.org" }).returning({ id: users.id });
      return user!.id;
    });
    const running = await bootServer({
      env: {
        NODE_ENV: "test",
        PORT: "0",
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        SEED_SAMPLE_DATA: "false",
        LOG_LEVEL: "silent",
        STAFF_EMAILS: "someone.else@example.org, second.staff@example.org",
      },
    });
    try {
      expect(await isStaff(running.database.db, userId)).toBe(true);
    } finally {
      await running.close();
    }
  }, 60_000);
});
