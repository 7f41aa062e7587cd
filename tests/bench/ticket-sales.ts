// Ticket sales on one hot ticket type: CONCURRENCY buyers (half on each of two app processes, as
// production runs them, on one real PostgreSQL) each buy one free ticket with POST /api/v1/orders,
// back to back, for DURATION seconds after a WARMUP. Every order reserves its ticket with the
// conditional update on the one ticket_types row, so they all queue for the same row lock: this
// measures the rate at which that row lets orders through. Reports tickets sold per minute and
// p50/p95/p99, then checks nothing was oversold (the counter equals the tickets issued, the confirmed
// orders and the 201 answers). Bar (quality-bars.md): ≥ 20,000 tickets/min, zero oversold.
//
// Run: npm run bench:tickets. Environment: DURATION (seconds, default 15), WARMUP (seconds, default 3),
// CONCURRENCY (default 40), PROCESSES (default 2), PROFILE_DIR (write a CPU profile of each app process),
// PRICE_CENTS (default 0: free registrations; above 0, paid tickets, each order paid at once in the same
// request with the sandbox provider's test card 4242 4242 4242 4242).
import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { loadavg } from "node:os";
import postgres from "postgres";
import { openPostgres } from "#server/db/client";
import { startAppProcesses } from "#tests/support/app-processes";
import { startPostgres } from "#tests/support/postgres-server";
import { insertEventWithTicketTypes } from "#tests/support/ticket-factories";

const DURATION = positiveNumber("DURATION", 15);
const WARMUP = positiveNumber("WARMUP", 3);
const CONCURRENCY = positiveNumber("CONCURRENCY", 40);
const PROCESSES = positiveNumber("PROCESSES", 2);
const PRICE_CENTS = process.env.PRICE_CENTS === "0" ? 0 : positiveNumber("PRICE_CENTS", 0);
/** The sandbox provider's always-approved test card (decision 008), for paid runs. */
const TEST_CARD = {
  number: "4242 4242 4242 4242",
  expMonth: "12",
  expYear: String(new Date().getUTCFullYear() + 3),
  cvc: "123",
};
const BAR_PER_MINUTE = 20_000;
/** More than any run can sell: the bench measures selling, never selling out. */
const QUANTITY = 100_000_000;

function positiveNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got "${raw}"`);
  return value;
}

interface Tally {
  latencies: number[];
  statuses: Map<string, number>;
  tickets: number;
}

/** Buyer numbers run on across the warm-up and the measured run: every order has its own key and buyer. */
let nextBuyer = 0;

async function buyOne(url: string, eventId: number, ticketTypeId: number): Promise<{ ms: number; status: string }> {
  const buyer = (nextBuyer += 1);
  const started = performance.now();
  try {
    const response = await fetch(`${url}/api/v1/orders`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "idempotency-key": `bench-${buyer}`,
        // Each buyer from an address of their own, as behind a load balancer (TRUST_PROXY below).
        "x-forwarded-for": `10.${(buyer >> 16) & 255}.${(buyer >> 8) & 255}.${buyer & 255}`,
      },
      body: JSON.stringify({
        eventId,
        items: [{ ticketTypeId, quantity: 1 }],
        buyer: { name: `Buyer ${buyer}`, email: `buyer-${buyer}@example.com` },
        ...(PRICE_CENTS > 0 ? { payment: { card: TEST_CARD } } : {}),
      }),
    });
    const body = (await response.json()) as { data?: { status?: string } };
    // A sale is a confirmed order; a paid order left pending (declined) is counted apart.
    const status =
      response.status === 201 && body.data?.status !== "confirmed" ? "201 not confirmed" : String(response.status);
    return { ms: performance.now() - started, status };
  } catch (error) {
    return { ms: performance.now() - started, status: (error as Error).name };
  }
}

/** CPU seconds (user + system) used so far by these processes, from /proc (Linux, 100 ticks a second). */
function cpuSecondsOf(pids: number[]): number {
  return pids.reduce((sum, pid) => {
    try {
      // The fields after the command's closing parenthesis; utime and stime are the 12th and 13th.
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
      return sum + (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      return sum; // Gone meanwhile.
    }
  }, 0);
}

/** The PostgreSQL server's processes: its postmaster and every process it started. */
function postgresPids(backendPid: number): number[] {
  const parentOf = (pid: string | number) =>
    Number(readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ")[1]);
  const postmaster = parentOf(backendPid);
  const children = readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return parentOf(pid) === postmaster;
      } catch {
        return false;
      }
    });
  return [postmaster, ...children.map(Number)];
}

/**
 * Samples what the hot sale's connections are doing every 50 ms: how many wait for the ticket type's
 * row lock, and whether some transaction sits idle in transaction meanwhile (holding it while its app
 * process gets round to sending the next statement).
 */
function sampleLockQueue(sql: postgres.Sql) {
  let samples = 0;
  let waiting = 0;
  let withWaiters = 0;
  let holderIdle = 0;
  let isRunning = true;
  const done = (async () => {
    while (isRunning) {
      // The holder is whoever the waiting orders wait for (pg_blocking_pids), caught between statements.
      const [row] = await sql<{ waiting: number; idle: number }[]>`
        with waiting as (
          select pid from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock'
        )
        select (select count(*)::int from waiting) as waiting,
               (select count(*)::int from pg_stat_activity
                where state = 'idle in transaction'
                  and pid in (select unnest(pg_blocking_pids(w.pid)) from waiting w)) as idle`;
      samples += 1;
      waiting += row!.waiting;
      if (row!.waiting > 0) withWaiters += 1;
      if (row!.waiting > 0 && row!.idle > 0) holderIdle += 1;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return async () => {
    isRunning = false;
    await done;
    return { meanWaiting: waiting / Math.max(1, samples), holderIdleShare: holderIdle / Math.max(1, withWaiters) };
  };
}

/**
 * How fast this machine is right now, to compare runs on a shared machine: the CPU a bare round trip
 * costs (fetch to a node:http server that answers at once, both in this process). It grows several
 * times over while other work crowds the two cores.
 */
async function referenceRoundTripMs(): Promise<number> {
  const server = http.createServer((request, response) => {
    request.resume();
    request.on("end", () => response.writeHead(201, { "content-type": "application/json" }).end('{"ok":true}'));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const count = 2_000;
  let sent = 0;
  const before = process.cpuUsage();
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while ((sent += 1) <= count) await (await fetch(url, { method: "POST", body: '{"a":1}' })).arrayBuffer();
    }),
  );
  const used = process.cpuUsage(before);
  server.close();
  return (used.user + used.system) / 1000 / count;
}

/** CONCURRENCY buyers, spread over the processes, buying back to back for `seconds`. */
async function load(urls: string[], eventId: number, ticketTypeId: number, seconds: number) {
  const tally: Tally = { latencies: [], statuses: new Map(), tickets: 0 };
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, index) => {
      const url = urls[index % urls.length]!;
      while (performance.now() < deadline) {
        const { ms, status } = await buyOne(url, eventId, ticketTypeId);
        tally.latencies.push(ms);
        tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
        if (status === "201") tally.tickets += 1;
      }
    }),
  );
  return { ...tally, seconds: (performance.now() - started) / 1000 };
}

async function runBench(): Promise<void> {
  const server = await startPostgres();
  let stopApps = async () => {};
  // Interrupted: the app processes follow their parent on their own, PostgreSQL must be stopped.
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      server.stop();
      process.exit(130);
    });
  }
  process.once("exit", () => server.stop());
  try {
    const admin = postgres(server.url(), { onnotice: () => {} });
    await admin.unsafe("create database ticket_bench");
    await admin.end();
    const url = server.url("ticket_bench");
    const database = openPostgres(url);
    await database.migrate();
    const { eventId, ticketTypeIds } = await insertEventWithTicketTypes(database.db, {
      title: "The hot sale",
      ticketTypes: [{ name: "General admission", priceCents: PRICE_CENTS, quantity: QUANTITY }],
    });
    const ticketTypeId = ticketTypeIds[0]!;
    await database.close();

    const apps = await startAppProcesses({
      count: PROCESSES,
      databaseUrl: url,
      env: { TRUST_PROXY: "true" },
      profileDir: process.env.PROFILE_DIR,
    });
    stopApps = apps.stopAll;
    console.log(`Warming up for ${WARMUP} s...`);
    const warmup = await load(apps.urls, eventId, ticketTypeId, WARMUP);
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    const [{ pid: backendPid }] = (await sql`select pg_backend_pid() as pid`) as unknown as [{ pid: number }];
    const appPids = apps.processes.map((server) => server.child.pid!);
    const pgPids = postgresPids(backendPid);
    const loadBefore = loadavg()[0]!;
    const cpuBefore = { client: process.cpuUsage(), apps: cpuSecondsOf(appPids), postgres: cpuSecondsOf(pgPids) };
    console.log(
      `Measuring ${CONCURRENCY} concurrent buyers on ${PROCESSES} processes for ${DURATION} s (one hot ticket type, ` +
        `${PRICE_CENTS > 0 ? `paid: ${PRICE_CENTS} cents with the sandbox card` : "free"})...`,
    );
    const stopSampling = sampleLockQueue(sql);
    const run = await load(apps.urls, eventId, ticketTypeId, DURATION);
    const lockQueue = await stopSampling();
    const clientCpu = process.cpuUsage(cpuBefore.client);
    const cpuSeconds = {
      apps: cpuSecondsOf(appPids) - cpuBefore.apps,
      postgres: cpuSecondsOf(pgPids) - cpuBefore.postgres,
      client: (clientCpu.user + clientCpu.system) / 1e6,
    };
    const loadAfter = loadavg()[0]!;
    const referenceMs = await referenceRoundTripMs();

    const [counts] = await sql<
      { sold: number; validTickets: number; confirmedQuantity: number; jobsWaiting: number }[]
    >`
      select
        (select sold from ticket_types where id = ${ticketTypeId}) as sold,
        (select count(*)::int from tickets where ticket_type_id = ${ticketTypeId} and status = 'valid') as "validTickets",
        (select coalesce(sum(i.quantity), 0)::int from order_items i join orders o on o.id = i.order_id
          where i.ticket_type_id = ${ticketTypeId} and o.status = 'confirmed') as "confirmedQuantity",
        (select count(*)::int from jobs where done_at is null and failed_at is null) as "jobsWaiting"`;
    await sql.end();
    await apps.stopAll();

    const answered201 = warmup.tickets + run.tickets;
    const isExact =
      counts!.sold === counts!.validTickets &&
      counts!.sold === counts!.confirmedQuantity &&
      counts!.sold === answered201;
    const latencies = run.latencies.sort((a, b) => a - b);
    const at = (fraction: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * fraction))]!;
    const perMinute = (run.tickets / run.seconds) * 60;
    const errors = [...run.statuses].filter(([status]) => status !== "201");
    const errorCount = errors.reduce((sum, [, count]) => sum + count, 0);
    const meets = perMinute >= BAR_PER_MINUTE && isExact && errorCount === 0;

    console.log(
      "\n| processes | buyers at once | seconds | tickets sold | tickets/min | p50 | p95 | p99 | errors | oversold | ≥ 20,000/min |",
    );
    console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    console.log(
      `| ${PROCESSES} | ${CONCURRENCY} | ${run.seconds.toFixed(1)} | ${run.tickets} | ${Math.round(perMinute).toLocaleString("en-US")} | ` +
        `${at(0.5).toFixed(0)} ms | ${at(0.95).toFixed(0)} ms | ${at(0.99).toFixed(0)} ms | ` +
        `${errorCount}${errorCount ? ` (${errors.map(([status, count]) => `${status}×${count}`).join(" ")})` : ""} | ` +
        `${isExact ? "0" : "**MISMATCH**"} | ${meets ? "yes" : "**NO**"} |`,
    );
    console.log(
      `\nCounter ${counts!.sold} = valid tickets ${counts!.validTickets} = confirmed quantity ` +
        `${counts!.confirmedQuantity} = 201 answers ${answered201} (warm-up ${warmup.tickets}): ${isExact ? "yes" : "NO"}.`,
    );
    const perTicketMs = (seconds: number) => (seconds * 1000) / Math.max(1, run.tickets);
    const totalMs = perTicketMs(cpuSeconds.apps + cpuSeconds.postgres + cpuSeconds.client);
    console.log(
      `Load average ${loadBefore.toFixed(2)} → ${loadAfter.toFixed(2)} (this machine has 2 cores). CPU per ticket sold: ` +
        `app processes ${perTicketMs(cpuSeconds.apps).toFixed(1)} ms (jobs worker included), PostgreSQL ` +
        `${perTicketMs(cpuSeconds.postgres).toFixed(1)} ms, this client ${perTicketMs(cpuSeconds.client).toFixed(1)} ms: ` +
        `${totalMs.toFixed(1)} ms, so 2 idle cores could sell at most ` +
        `${Math.round((2000 / totalMs) * 60).toLocaleString("en-US")} tickets/min at this machine's present speed ` +
        `(reference: a bare fetch + node:http round trip cost ${referenceMs.toFixed(2)} ms CPU just after the run).`,
    );
    console.log(
      `Row lock of the ticket type: on average ${lockQueue.meanWaiting.toFixed(1)} orders waiting for it; while ` +
        `some waited, its holder was idle in transaction (waiting for its app process) in ` +
        `${(lockQueue.holderIdleShare * 100).toFixed(0)}% of samples. ${counts!.jobsWaiting} jobs (confirmation ` +
        `e-mails) still waiting when the run ended.`,
    );
    if (!meets) process.exitCode = 1;
  } finally {
    await stopApps();
    server.stop();
  }
}

await runBench();
