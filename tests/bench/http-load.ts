// Requests per second and latency (p50, p99) of server-rendered pages and the events API under
// concurrent load, on the production build, first on the embedded database and then on PostgreSQL;
// the server's peak memory during the page runs; and the ceiling ratio: the home page against the
// same HTML bytes sent as a static response by a minimal node:http server.
// Bars (quality-bars.md, Performance): pages ≥ 150 req/s home, ≥ 250 req/s list and detail, p99 ≤ 150 ms
// (20 connections, 10 s, higher still on PostgreSQL); GET /api/v1/events?limit=20 ≥ 1,000 req/s embedded,
// ≥ 2,000 req/s PostgreSQL, p99 ≤ 50 ms; page within 3× of the static ceiling; RSS ≤ 350 MB.
//
// Run: npm run bench:http. Environment: DURATION (seconds per run, default 10), CONNECTIONS (default 20),
// WARMUP (seconds per URL before measuring, default 2), DATABASES (default "embedded,postgres").
// Traffic goes to 127.0.0.1 only. The load generator runs in this process, on the same 2 cores as the server.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import postgres from "postgres";
import { startPostgres, type PostgresServer } from "#tests/support/postgres-server";
import { removeDataDir, startSiteServer, type SiteServer } from "#tests/support/site-server";
import { buildIfStale } from "../../scripts/build-if-stale.js";
import { prepareBenchDatabase } from "./bench-saves-follows";

const DURATION = positiveNumber("DURATION", 10);
const CONNECTIONS = positiveNumber("CONNECTIONS", 20);
const WARMUP = positiveNumber("WARMUP", 2);
const API_CONNECTIONS = [...new Set([CONNECTIONS, 50])];
const DATABASES = (process.env.DATABASES ?? "embedded,postgres").split(",").map((name) => name.trim());
for (const name of DATABASES) {
  if (name !== "embedded" && name !== "postgres") throw new Error(`DATABASES: unknown database "${name}"`);
}
type DatabaseKind = "embedded" | "postgres";

/** What a current desktop browser sends, so pages stream as they do for visitors and travel compressed. */
const BROWSER_HEADERS = {
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "accept-encoding": "gzip, deflate, br, zstd",
  "accept-language": "en-US,en;q=0.9",
};
const PAGE_HEADERS = {
  ...BROWSER_HEADERS,
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8",
};
const API_HEADERS = { ...BROWSER_HEADERS, accept: "application/json" };

interface Target {
  name: string;
  path: string;
  kind: "page" | "api";
  connections: number;
}

const TARGETS: Target[] = [
  { name: "home", path: "/", kind: "page", connections: CONNECTIONS },
  { name: "list", path: "/events", kind: "page", connections: CONNECTIONS },
  { name: "detail", path: "/events/1", kind: "page", connections: CONNECTIONS },
  ...API_CONNECTIONS.map((connections): Target => ({
    name: "api",
    path: "/api/v1/events?limit=20",
    kind: "api",
    connections,
  })),
];

interface Row {
  label: string;
  database: DatabaseKind | "—";
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  bytesPerResponse: number;
  failures: number;
  failureDetail: string;
  bar: string;
  meets: boolean | null;
  target?: Target;
}

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

// Everything started here is stopped on the way out: in order when the script ends, on Ctrl-C and on the
// watchdog; at once (synchronously) if the process dies of an uncaught error, e.g. its output pipe closing.
interface Cleanup {
  stop: () => void | Promise<void>;
  now: () => void;
}
const cleanups: Cleanup[] = [];
/** Registers a cleanup; the function returned runs it (once) and forgets it. */
function track(cleanup: Cleanup): () => Promise<void> {
  cleanups.push(cleanup);
  return async () => {
    const index = cleanups.indexOf(cleanup);
    if (index === -1) return;
    cleanups.splice(index, 1);
    await cleanup.stop();
  };
}
async function cleanUp(): Promise<void> {
  while (cleanups.length > 0) {
    try {
      await cleanups.pop()!.stop();
    } catch (error) {
      console.error("cleanup failed:", error);
    }
  }
}
process.on("exit", () => {
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      cleanup.now();
    } catch {
      // Going down anyway.
    }
  }
});
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping servers`);
    void cleanUp().finally(() => process.exit(130));
  });
}
// The script stops by itself: if something hangs, give up well after the planned time.
const plannedSeconds = DATABASES.length * (TARGETS.length * (WARMUP + DURATION + 5) + 120) + WARMUP + DURATION + 60;
const watchdog = setTimeout(() => {
  console.error(`\nWATCHDOG: still running after ${plannedSeconds} s; stopping everything.`);
  void cleanUp().finally(() => process.exit(2));
}, plannedSeconds * 1000);
watchdog.unref();

/** The CPU time (user + system, in clock ticks of 10 ms) process `pid` has used so far. */
function cpuTicks(pid: number): number | null {
  try {
    // Fields after the command name, which is in parentheses and may hold spaces: state is field 3.
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
  } catch {
    return null;
  }
}

/**
 * Waits until the server stops working off requests of the previous run: a client that stops does
 * not stop the renders already queued, and they would eat into the next measurement.
 */
async function waitForIdle(pid: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let before = cpuTicks(pid);
  while (before !== null && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const after = cpuTicks(pid);
    if (after === null || after - before <= 2) return; // ≤ 8% of a core over 250 ms
    before = after;
  }
}

async function load(url: string, connections: number, seconds: number, headers: Record<string, string>) {
  return autocannon({ url, connections, duration: seconds, headers, timeout: 10 });
}

/** Answers other than 200 and connection errors; for a measured run, also a run in which nothing completed. */
function failuresOf(result: autocannon.Result, measured = true): { count: number; detail: string } {
  const parts: string[] = [];
  let count = 0;
  for (const [status, stats] of Object.entries(result.statusCodeStats ?? {})) {
    if (status === "200") continue;
    count += stats.count ?? 0;
    parts.push(`${stats.count ?? 0}× HTTP ${status}`);
  }
  if (result.errors > 0) parts.push(`${result.errors} connection errors (${result.timeouts} timeouts)`);
  if (result.resets > 0) parts.push(`${result.resets} resets`);
  const nothingDone = measured && result.requests.total === 0;
  if (nothingDone) parts.push("no request completed during the run");
  return { count: count + result.errors + (nothingDone ? 1 : 0), detail: parts.join(", ") };
}

/** The server's resident memory, sampled every 200 ms while `active`. */
class RssSampler {
  peakKb = 0;
  active = false;
  private timer: NodeJS.Timeout;
  constructor(private readonly pid: number) {
    this.timer = setInterval(() => {
      if (this.active) this.peakKb = Math.max(this.peakKb, this.read("VmRSS"));
    }, 200);
  }
  read(field: "VmRSS" | "VmHWM"): number {
    try {
      const match = readFileSync(`/proc/${this.pid}/status`, "utf8").match(new RegExp(`^${field}:\\s+(\\d+) kB`, "m"));
      return match ? Number(match[1]) : 0;
    } catch {
      return 0; // the process is gone
    }
  }
  stop() {
    clearInterval(this.timer);
  }
}

/** One GET with node:http, which leaves the body as sent (compressed when it was). */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Record<string, string | string[]>; body: Buffer }>(
    (resolve, reject) => {
      const req = httpRequest(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers as Record<string, string | string[]>,
            body: Buffer.concat(chunks),
          }),
        );
        res.on("error", reject);
      });
      req.on("error", reject);
      req.end();
    },
  );
}

function barFor(target: Target, database: DatabaseKind): { text: string; rps: number; p99: number } {
  if (target.kind === "api") {
    const rps = database === "embedded" ? 1000 : 2000;
    return { text: `≥ ${rps.toLocaleString("en-US")} req/s, p99 ≤ 50 ms`, rps, p99: 50 };
  }
  const rps = target.name === "home" ? 150 : 250;
  return { text: `≥ ${rps} req/s${database === "postgres" ? " and > embedded" : ""}, p99 ≤ 150 ms`, rps, p99: 150 };
}

const rows: Row[] = [];
const alarms: string[] = [];
const memory: { database: DatabaseKind; peakKb: number; hwmKb: number }[] = [];
let homeSnapshot: { headers: Record<string, string | string[]>; body: Buffer } | null = null;

async function benchDatabase(database: DatabaseKind): Promise<void> {
  let stopPostgres: (() => Promise<void>) | null = null;
  const env: Record<string, string> = { LOG_LEVEL: "warn" };
  if (database === "postgres") {
    console.log("Starting PostgreSQL…");
    const pg: PostgresServer = await startPostgres();
    stopPostgres = track({ stop: () => pg.stop(), now: () => pg.stop() });
    const admin = postgres(pg.url(), { onnotice: () => {} });
    await admin.unsafe("create database bench_http");
    await admin.end();
    env.DATABASE_URL = pg.url("bench_http");
  }
  // The sample data plus the issue's volume of saved events and follows, before the site starts.
  const dataDir = mkdtempSync(path.join(tmpdir(), "dmv-events-bench-"));
  await prepareBenchDatabase({ dataDir, ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}) });
  console.log(`Starting the site on the ${database} database…`);
  const startedAt = performance.now();
  const site: SiteServer = await startSiteServer({ dataDir, env });
  const stopSite = track({
    stop: async () => {
      await site.stop();
      removeDataDir(site.dataDir);
    },
    now: () => {
      site.process.kill("SIGKILL");
      removeDataDir(site.dataDir);
    },
  });
  console.log(
    `  ready in ${((performance.now() - startedAt) / 1000).toFixed(1)} s at ${site.url} (pid ${site.process.pid})`,
  );
  const rss = new RssSampler(site.process.pid!);
  try {
    for (const target of TARGETS) {
      const url = `${site.url}${target.path}`;
      const headers = target.kind === "page" ? PAGE_HEADERS : API_HEADERS;
      const probe = await rawGet(url, headers);
      if (probe.status !== 200) {
        alarms.push(`${database} ${target.path}: the first request answered HTTP ${probe.status}`);
        console.error(`!!! ${database} ${target.path}: HTTP ${probe.status} on the first request`);
      }
      if (target.name === "home" && !homeSnapshot) homeSnapshot = probe;
      await waitForIdle(site.process.pid!);
      rss.active = target.kind === "page";
      process.stdout.write(`  ${target.path} × ${target.connections} connections: warm-up ${WARMUP} s… `);
      const warm = await load(url, target.connections, WARMUP, headers);
      const warmFailures = failuresOf(warm, false);
      if (warmFailures.count > 0) {
        alarms.push(`${database} ${target.path} (warm-up, ${target.connections} conn.): ${warmFailures.detail}`);
      }
      await waitForIdle(site.process.pid!);
      process.stdout.write(`measuring ${DURATION} s… `);
      const result = await load(url, target.connections, DURATION, headers);
      rss.active = false;
      const failures = failuresOf(result);
      const bar = barFor(target, database);
      const rps = result.requests.average;
      console.log(
        `${rps.toFixed(0)} req/s, p99 ${result.latency.p99} ms${failures.count ? `, FAILURES: ${failures.detail}` : ""}`,
      );
      if (failures.count > 0) {
        alarms.push(`${database} ${target.path} (${target.connections} conn.): ${failures.detail}`);
        console.error(`!!! ${database} ${target.path}: ${failures.detail}`);
      }
      let meets = rps >= bar.rps && result.latency.p99 <= bar.p99 && failures.count === 0;
      if (database === "postgres" && target.kind === "page") {
        const embedded = rows.find(
          (row) =>
            row.database === "embedded" && row.target?.path === target.path && row.connections === target.connections,
        );
        if (embedded) meets &&= rps > embedded.rps;
      }
      rows.push({
        label: `\`${target.path}\``,
        database,
        connections: target.connections,
        rps,
        p50: result.latency.p50,
        p99: result.latency.p99,
        bytesPerResponse: result.requests.total > 0 ? result.throughput.total / result.requests.total : 0,
        failures: failures.count,
        failureDetail: failures.detail,
        bar: bar.text,
        meets,
        target,
      });
    }
    memory.push({ database, peakKb: rss.peakKb, hwmKb: rss.read("VmHWM") });
    const errorLines = site
      .output()
      .split("\n")
      .filter((line) => /"level":(50|60)/.test(line) || (!line.startsWith("{") && /error/i.test(line)));
    if (errorLines.length > 0) {
      alarms.push(
        `${database}: the server logged ${errorLines.length} error line(s), first: ${errorLines[0]!.slice(0, 300)}`,
      );
    }
  } finally {
    rss.stop();
    await stopSite();
    if (stopPostgres) await stopPostgres();
  }
}

/** A node:http server in its own process answering every request with the saved bytes and headers. */
const STATIC_SERVER = `
const { createServer } = require("node:http");
const { readFileSync } = require("node:fs");
const body = readFileSync(process.env.BODY_FILE);
const headers = JSON.parse(readFileSync(process.env.HEADERS_FILE, "utf8"));
headers["content-length"] = String(body.length);
const server = createServer((req, res) => { res.writeHead(200, headers); res.end(body); });
server.listen(0, "127.0.0.1", () => console.log("PORT " + server.address().port));
process.on("SIGTERM", () => server.close(() => process.exit(0)));
`;

async function benchStaticCeiling(snapshot: { headers: Record<string, string | string[]>; body: Buffer }) {
  const dir = mkdtempSync(path.join(tmpdir(), "dmv-events-static-"));
  const headers = Object.fromEntries(
    Object.entries(snapshot.headers).filter(
      ([name]) => !["date", "connection", "keep-alive", "transfer-encoding", "content-length"].includes(name),
    ),
  );
  writeFileSync(path.join(dir, "body"), snapshot.body);
  writeFileSync(path.join(dir, "headers.json"), JSON.stringify(headers));
  const child: ChildProcess = spawn(process.execPath, ["-e", STATIC_SERVER], {
    env: { ...process.env, BODY_FILE: path.join(dir, "body"), HEADERS_FILE: path.join(dir, "headers.json") },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const stopChild = track({
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
    now: () => {
      child.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    },
  });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      let output = "";
      child.stdout!.on("data", (chunk) => {
        output += chunk;
        const match = output.match(/PORT (\d+)/);
        if (match) resolve(Number(match[1]));
      });
      child.once("exit", (code) => reject(new Error(`the static server exited (${code})`)));
    });
    const url = `http://127.0.0.1:${port}/`;
    console.log(
      `Static ceiling: ${snapshot.body.length} bytes of / (${headers["content-encoding"] ?? "uncompressed"}) from node:http`,
    );
    process.stdout.write(`  / × ${CONNECTIONS} connections: warm-up ${WARMUP} s… `);
    await load(url, CONNECTIONS, WARMUP, PAGE_HEADERS);
    await waitForIdle(child.pid!);
    process.stdout.write(`measuring ${DURATION} s… `);
    const result = await load(url, CONNECTIONS, DURATION, PAGE_HEADERS);
    const failures = failuresOf(result);
    console.log(`${result.requests.average.toFixed(0)} req/s`);
    if (failures.count > 0) alarms.push(`static ceiling: ${failures.detail}`);
    rows.push({
      label: "`/` as static bytes",
      database: "—",
      connections: CONNECTIONS,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      bytesPerResponse: result.requests.total > 0 ? result.throughput.total / result.requests.total : 0,
      failures: failures.count,
      failureDetail: failures.detail,
      bar: "the ceiling",
      meets: null,
    });
    return result.requests.average;
  } finally {
    await stopChild();
    rmSync(dir, { recursive: true, force: true });
  }
}

try {
  buildIfStale();
  const [load1] = loadavg();
  if (load1! > 0.5) {
    console.warn(
      `WARNING: the machine is busy before the benchmark starts (load average ${load1!.toFixed(2)} on ${availableParallelism()} cores); figures will be low and noisy.`,
    );
  }
  console.log(
    `HTTP load: ${DURATION} s per run after ${WARMUP} s of warm-up, ${CONNECTIONS} connections (API also 50), databases: ${DATABASES.join(", ")}\n`,
  );
  for (const database of DATABASES) await benchDatabase(database as DatabaseKind);

  let staticRps: number | null = null;
  if (homeSnapshot) staticRps = await benchStaticCeiling(homeSnapshot);

  const ms = (value: number) => (Number.isInteger(value) ? String(value) : value.toFixed(1));
  console.log(
    `\nHTTP load, production build, ${DURATION} s per run after ${WARMUP} s of warm-up (autocannon, same machine)\n`,
  );
  console.log(
    "| page | database | connections | req/s | p50 ms | p99 ms | KB/response | non-200 + errors | bar | meets |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|");
  for (const row of rows) {
    const verdict = row.meets === null ? "" : row.meets ? "yes" : "**NO**";
    const failures = row.failures > 0 ? `**${row.failures}** (${row.failureDetail})` : "0";
    console.log(
      `| ${row.label} | ${row.database} | ${row.connections} | ${row.rps.toFixed(0)} | ${ms(row.p50)} | ${ms(row.p99)} | ${(row.bytesPerResponse / 1024).toFixed(1)} | ${failures} | ${row.bar} | ${verdict} |`,
    );
  }

  if (staticRps) {
    console.log("\nCeiling ratio of `/` (bar: within 3× of the static ceiling, i.e. page ÷ static ≥ 0.33)\n");
    console.log("| database | page req/s | static req/s | page ÷ static | static is | meets |");
    console.log("|---|---|---|---|---|---|");
    for (const row of rows.filter((r) => r.target?.name === "home")) {
      const ratio = row.rps / staticRps;
      console.log(
        `| ${row.database} | ${row.rps.toFixed(0)} | ${staticRps.toFixed(0)} | ${ratio.toFixed(2)} | ${ratio > 0 ? `${(1 / ratio).toFixed(1)}× faster` : "—"} | ${ratio >= 1 / 3 ? "yes" : "**NO**"} |`,
      );
    }
  }

  console.log("\nServer memory during the page runs (bar: RSS ≤ 350 MB)\n");
  console.log("| database | peak RSS, sampled every 200 ms | peak RSS since start (VmHWM) | meets |");
  console.log("|---|---|---|---|");
  for (const entry of memory) {
    console.log(
      `| ${entry.database} | ${(entry.peakKb / 1024).toFixed(0)} MB | ${(entry.hwmKb / 1024).toFixed(0)} MB | ${entry.peakKb <= 350 * 1024 ? "yes" : "**NO**"} |`,
    );
  }

  if (alarms.length > 0) {
    console.error(`\n!!! NOT EVERY REQUEST WAS A 200 (or the server logged errors):`);
    for (const alarm of alarms) console.error(`!!!   ${alarm}`);
    process.exitCode = 1;
  } else {
    console.log("\nEvery request answered 200.");
  }
} finally {
  await cleanUp();
}
