import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, describe, expect, it } from "vitest";
import { openEmbedded } from "#server/db/client";
import { events } from "#server/db/schema";
import { startPostgres, type PostgresServer } from "#tests/support/postgres-server";
import { removeDataDir, startSiteServer, type SiteServer } from "#tests/support/site-server";

const servers: SiteServer[] = [];
const cleanups: (() => void)[] = [];
afterAll(async () => {
  // Servers first: their data folders and database go away after them.
  await Promise.all(servers.map((server) => server.stop()));
  for (const cleanup of cleanups) cleanup();
});

/** Starts a server and makes sure it is stopped after the tests, even when an assertion fails first. */
async function timedStart(options: Parameters<typeof startSiteServer>[0] = {}) {
  const startedAt = performance.now();
  const server = await startSiteServer(options);
  const ms = performance.now() - startedAt;
  servers.push(server);
  return { server, ms };
}

async function homeHtml(server: SiteServer): Promise<string> {
  const response = await fetch(`${server.url}/`);
  expect(response.status).toBe(200);
  return response.text();
}

describe("the server on the embedded database", () => {
  it("seeds a new database on first start within 20 s, and a restart keeps the data and answers within 3 s", async () => {
    const first = await timedStart();
    cleanups.push(() => removeDataDir(first.server.dataDir));
    expect(first.ms).toBeLessThan(20_000);
    expect(await homeHtml(first.server)).toContain("Jazz Nights at the Wharf");
    await first.server.stop();

    // Change a row behind the server's back: if the restart kept the data, the change shows.
    const database = await openEmbedded({ dir: path.join(first.server.dataDir, "db") });
    await database.db.update(events).set({ title: "Persistence Check Evening" }).where(eq(events.id, 12));
    await database.close();

    const second = await timedStart({ dataDir: first.server.dataDir });
    expect(second.ms).toBeLessThan(3_000);
    const html = await homeHtml(second.server);
    expect(html).toContain(">Persistence Check Evening</a>");
    expect(html).not.toContain(">Sunrise Yoga on the Lawn at Wolf Trap</a>");
    await second.server.stop();
  });

  it("refuses a second server on the same data folder with a clear message", async () => {
    const { server } = await timedStart();
    cleanups.push(() => removeDataDir(server.dataDir));
    await expect(startSiteServer({ dataDir: server.dataDir })).rejects.toThrow(/in use by process \d+/);
    await server.stop();
  });

  it("reopens cleanly after the server is killed with SIGKILL", async () => {
    const { server } = await timedStart();
    cleanups.push(() => removeDataDir(server.dataDir));
    const exited = new Promise((resolve) => server.process.once("exit", resolve));
    server.process.kill("SIGKILL");
    await exited;
    const { server: again } = await timedStart({ dataDir: server.dataDir });
    expect(await homeHtml(again)).toContain("Jazz Nights at the Wharf");
    expect((await fetch(`${again.url}/healthz`)).status).toBe(200);
    await again.stop();
  });

  it("refuses to start on a bad setting, naming it in one clear line", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "dmv-events-bad-config-"));
    cleanups.push(() => removeDataDir(dataDir));
    const attempt = startSiteServer({ dataDir, env: { PORT: "not-a-port", LOG_LEVEL: "loud" } });
    await expect(attempt).rejects.toThrow(/Cannot start: Invalid configuration:\n\s+PORT: .+\n\s+LOG_LEVEL: /);
  });

  it("stops gracefully on SIGTERM, exiting with status 0", async () => {
    const { server } = await timedStart();
    cleanups.push(() => removeDataDir(server.dataDir));
    const exitCode = new Promise((resolve) => server.process.once("exit", (code) => resolve(code)));
    server.process.kill("SIGTERM");
    expect(await exitCode).toBe(0);
  });
});

describe("the server on PostgreSQL (DATABASE_URL)", () => {
  let postgresServer: PostgresServer;

  it("runs the same migrations and seed, and serves the seeded events", async () => {
    postgresServer = await startPostgres();
    cleanups.push(() => postgresServer.stop());
    const admin = postgres(postgresServer.url(), { onnotice: () => {} });
    await admin.unsafe("create database site");
    await admin.end();

    const { server } = await timedStart({ env: { DATABASE_URL: postgresServer.url("site") } });
    expect(await homeHtml(server)).toContain("Jazz Nights at the Wharf");
    expect(server.output()).toContain('"database":"postgres"');

    const check = postgres(postgresServer.url("site"), { onnotice: () => {} });
    const [row] = await check<{ count: number }[]>`select count(*)::int as count from events`;
    await check.end();
    expect(row?.count).toBe(38);
  });

  it("lets two app processes start together on a new database: migrated and seeded once, both serving", async () => {
    const admin = postgres(postgresServer.url(), { onnotice: () => {} });
    await admin.unsafe("create database shared_site");
    await admin.end();
    const env = { DATABASE_URL: postgresServer.url("shared_site") };
    const [first, second] = await Promise.all([timedStart({ env }), timedStart({ env })]);
    for (const { server } of [first, second]) expect(await homeHtml(server)).toContain("Jazz Nights at the Wharf");

    const check = postgres(postgresServer.url("shared_site"), { onnotice: () => {} });
    const [row] = await check<{ count: number }[]>`select count(*)::int as count from events`;
    await check.end();
    expect(row?.count).toBe(38);
  });

  it("reports 503 on /healthz and shows the error page, without internals, when the database goes away", async () => {
    const { server } = await timedStart({ env: { DATABASE_URL: postgresServer.url("site") } });
    postgresServer.stop();

    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: "unavailable", database: "down" });

    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(500);
    const html = await page.text();
    expect(html).toContain("Something went wrong");
    expect(html).not.toMatch(/ECONNREFUSED|postgres|stack|at [A-Za-z]+ \(/i);
  });
});
