// Password sign-in latency: POST /auth/v1/token?grant_type=password with 10 concurrent clients for
// about 10 s, against the app in a server process of its own with the production configuration, first on
// the embedded database and then on PostgreSQL. Reports p50/p95/p99 and sign-ins per second.
// Bar (issue 4 acceptance): p95 ≤ 250 ms with 10 concurrent sign-ins.
//
// Run: npm run bench:signin. Environment: DURATION (seconds, default 10), CONCURRENCY (default 10),
// ACCOUNTS (default 200), DATABASES (default "embedded,postgres").
// Each sign-in uses the next of ACCOUNTS accounts, from a client address of its own passed through
// X-Forwarded-For with TRUST_PROXY on (as behind a load balancer), so neither the per-account nor the
// per-address throttle counts these as one person hammering the door: the bench measures the work of a
// sign-in (an Argon2id verification, a session and a refresh token written, an ES256 token signed).
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { serve } from "@hono/node-server";
import { eq } from "drizzle-orm";
import postgres from "postgres";
import { createApp } from "#server/app";
import { createEmailUser } from "#server/auth/email-links";
import { hashPassword } from "#server/auth/passwords";
import { openDatabase } from "#server/db/client";
import { users } from "#server/db/schema";
import { readConfig } from "#server/env";
import { createLogger } from "#server/logger";
import { startServerProcess, tieToParent } from "#tests/support/app-processes";
import { startPostgres } from "#tests/support/postgres-server";

const DURATION = positiveNumber("DURATION", 10);
const CONCURRENCY = positiveNumber("CONCURRENCY", 10);
const ACCOUNTS = positiveNumber("ACCOUNTS", 200);
const DATABASES = (process.env.DATABASES ?? "embedded,postgres").split(",").map((name) => name.trim());
const PASSWORD = "bench-passphrase-42";
const BAR_P95_MS = 250;

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

const accountEmail = (index: number) => `bench-${index}@example.com`;

/** The server side, run as `sign-in.ts --serve` in a child process: prints its URL once it listens. */
async function serveForBench(): Promise<void> {
  tieToParent();
  const config = readConfig({ ...process.env, NODE_ENV: "production", TRUST_PROXY: "true", LOG_LEVEL: "warn" });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, embeddedDir: config.embeddedDatabaseDir });
  await database.migrate();
  // One hash for every account: making 200 distinct ones would only slow the set-up down.
  const passwordHash = await hashPassword(PASSWORD);
  await database.db.transaction(async (tx) => {
    for (let index = 0; index < ACCOUNTS; index += 1) {
      const user = await createEmailUser(tx, accountEmail(index), passwordHash, {}, new Date());
      await tx.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, user.id));
    }
  });
  const app = createApp({ db: database.db, config, logger: createLogger(config) });
  const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => {
    console.log(`LISTENING http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  });
  const stop = () => server.close(() => void database.close().then(() => process.exit(0)));
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

interface Result {
  database: string;
  requests: number;
  failures: number;
  failureDetail: string;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
}

async function signInOnce(url: string, index: number): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const response = await fetch(`${url}/auth/v1/token?grant_type=password`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-supabase-api-version": "2024-01-01",
      "x-forwarded-for": `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
    },
    body: JSON.stringify({ email: accountEmail(index % ACCOUNTS), password: PASSWORD, gotrue_meta_security: {} }),
  });
  await response.arrayBuffer();
  return { ms: performance.now() - started, status: response.status };
}

async function measure(database: string, url: string): Promise<Result> {
  // Warm-up: the signing key is made and cached, JIT and connection pools settle.
  for (let index = 0; index < CONCURRENCY * 2; index += 1) await signInOnce(url, 1_000_000 + index);
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  const deadline = started + DURATION * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const { ms, status } = await signInOnce(url, (next += 1));
        latencies.push(ms);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (fraction: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * fraction))]!;
  const failures = [...statuses].filter(([status]) => status !== 200).reduce((sum, [, count]) => sum + count, 0);
  return {
    database,
    requests: latencies.length,
    failures,
    failureDetail: [...statuses].map(([status, count]) => `${status}×${count}`).join(" "),
    seconds,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
  };
}

async function runBench(): Promise<void> {
  const results: Result[] = [];
  for (const database of DATABASES) {
    const dataDir = mkdtempSync(path.join(tmpdir(), "dmv-events-signin-"));
    let stopPostgres = () => {};
    let env: Record<string, string> = { DATA_DIR: dataDir, ACCOUNTS: String(ACCOUNTS) };
    if (database === "postgres") {
      const server = await startPostgres();
      stopPostgres = () => server.stop();
      const admin = postgres(server.url(), { onnotice: () => {} });
      await admin.unsafe("create database signin_bench");
      await admin.end();
      env = { ...env, DATABASE_URL: server.url("signin_bench") };
    } else if (database !== "embedded") {
      throw new Error(`DATABASES: unknown database "${database}"`);
    }
    const server = await startServerProcess({
      script: fileURLToPath(import.meta.url),
      args: ["--serve"],
      env,
      profileDir: process.env.PROFILE_DIR,
    }).catch((error) => {
      stopPostgres();
      throw error;
    });
    try {
      console.log(`Measuring ${CONCURRENCY} concurrent sign-ins for ${DURATION} s on the ${database} database...`);
      results.push(await measure(database, server.url));
    } finally {
      await server.stop();
      stopPostgres();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  console.log("\n| database | concurrency | sign-ins | per second | p50 | p95 | p99 | failures | p95 ≤ 250 ms |");
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const result of results) {
    console.log(
      `| ${result.database} | ${CONCURRENCY} | ${result.requests} | ${(result.requests / result.seconds).toFixed(1)} | ` +
        `${result.p50.toFixed(0)} ms | ${result.p95.toFixed(0)} ms | ${result.p99.toFixed(0)} ms | ` +
        `${result.failures}${result.failures ? ` (${result.failureDetail})` : ""} | ${result.p95 <= BAR_P95_MS && result.failures === 0 ? "yes" : "no"} |`,
    );
  }
  if (results.some((result) => result.p95 > BAR_P95_MS || result.failures > 0)) process.exitCode = 1;
}

if (process.argv.includes("--serve")) await serveForBench();
else await runBench();
