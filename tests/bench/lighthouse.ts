// Lighthouse scores of pages: its default mobile preset (a mid-range phone, simulated slow 4G and 4× CPU
// slowdown, computed from one unthrottled load), in Debian's Chromium, on the production build and a
// fresh embedded database. Prints the median scores and metrics per page and, for a category that misses
// its bar, the audits that fail in it.
// Bars (quality-bars.md, Performance): performance ≥ 95, accessibility 100, best practices ≥ 95, SEO 100;
// we aim for LCP ≤ 1.8 s and CLS ≤ 0.05.
//
// Run: npm run bench:lighthouse (part of npm run bench). Environment: PAGES (default "/,/events,/events/1"),
// RUNS (measured runs per page, default 3), REPORT_DIR (a folder to keep every run's full Lighthouse report
// in, as JSON, to look into an audit). Each run gets a new Chromium with a new profile. Chromium can
// resolve no host name but localhost, so the only traffic goes to the server on 127.0.0.1.
// Exits non-zero only when something crashes; a missed bar is reported in the table.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import lighthouse, { type Result } from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "#tests/support/e2e-setup";
import { startSiteServer } from "#tests/support/site-server";
import { buildIfStale } from "../../scripts/build-if-stale.js";

const PAGES = (process.env.PAGES ?? "/,/events,/events/1").split(",").map((page) => page.trim());
const RUNS = Number(process.env.RUNS ?? 3);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`RUNS must be a whole number ≥ 1, not "${process.env.RUNS}"`);
const REPORT_DIR = process.env.REPORT_DIR ? path.resolve(process.env.REPORT_DIR) : null;

/** Category bars, as Lighthouse scores them (0–100). */
const BARS = [
  { id: "performance", label: "performance", min: 95 },
  { id: "accessibility", label: "accessibility", min: 100 },
  { id: "best-practices", label: "best practices", min: 95 },
  { id: "seo", label: "SEO", min: 100 },
] as const;
const BAR_TEXT = "perf ≥ 95, a11y 100, BP ≥ 95, SEO 100";
/** Lighthouse's own line between a passed and a failed audit (its report shows audits below it as failed). */
const AUDIT_PASS = 0.9;
/** How many elements or URLs to show per failing audit: enough to find the cause. */
const ITEMS_SHOWN = 3;

interface Chromium {
  port: number;
  stop: () => Promise<void>;
}

/** Debian's Chromium with a new profile and the DevTools protocol on a free loopback port, for Lighthouse. */
async function startChromium(): Promise<Chromium> {
  const profileDir = mkdtempSync(path.join(tmpdir(), "dmv-events-lighthouse-"));
  const child: ChildProcess = spawn(
    CHROMIUM_PATH,
    [
      ...CHROMIUM_ARGS,
      `--user-data-dir=${profileDir}`,
      "--remote-debugging-address=127.0.0.1",
      "--remote-debugging-port=0",
      // Every host name but localhost fails to resolve: no request can leave the machine, even one a page
      // or Chromium itself would make.
      "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
      "about:blank",
    ],
    // Stopping the browser process stops its renderers and helpers too. It stays in our process group, so
    // Ctrl-C in a terminal stops it as well.
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    // Chromium's helper processes may still be writing into the profile for a moment after it exits.
    for (let attempt = 1; ; attempt += 1) {
      try {
        rmSync(profileDir, { recursive: true, force: true });
        return;
      } catch (error) {
        if (attempt === 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  };
  try {
    // Chromium prints the port it picked: "DevTools listening on ws://127.0.0.1:PORT/devtools/browser/…".
    const port = await new Promise<number>((resolve, reject) => {
      let output = "";
      const timer = setTimeout(() => reject(new Error(`Chromium did not start within 30 s:\n${output}`)), 30_000);
      child.stderr!.on("data", (chunk) => {
        output += chunk;
        const match = /DevTools listening on ws:\/\/127\.0\.0\.1:(\d+)\//.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
      child.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`Chromium exited (${code}) before it listened:\n${output}`));
      });
    });
    // Keep reading stderr so a chatty Chromium never blocks on a full pipe.
    child.stderr!.resume();
    return { port, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Attempts per run: now and then Chromium's trace misses an event Lighthouse needs (NO_NAVSTART). */
const ATTEMPTS = 3;

/** One Lighthouse run with the default config: the mobile preset with simulated throttling. */
async function audit(url: string, reportName: string): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const chromium = await startChromium();
    let lhr: Result;
    try {
      const result = await lighthouse(url, { port: chromium.port, hostname: "127.0.0.1", logLevel: "error" });
      if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
      lhr = result.lhr;
    } finally {
      await chromium.stop();
    }
    if (REPORT_DIR) {
      mkdirSync(REPORT_DIR, { recursive: true });
      writeFileSync(path.join(REPORT_DIR, `${reportName}.json`), JSON.stringify(lhr, null, 2));
    }
    if (!lhr.runtimeError) {
      warnAboutFailedRequests(url, lhr);
      return lhr;
    }
    // The page did not load or the trace is incomplete: its scores would mean nothing.
    const problem = `Lighthouse on ${url}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
    if (attempt === ATTEMPTS) throw new Error(problem);
    console.warn(`${problem} Trying again.`);
  }
}

/**
 * A page whose own files fail to load (a 404 for a script, say) is measured without them. The usual cause
 * here: someone rebuilt the site while this server ran, and the assets it names are gone.
 */
function warnAboutFailedRequests(url: string, lhr: Result) {
  const details = lhr.audits["network-requests"]?.details;
  if (!details || details.type !== "table") return;
  for (const item of details.items) {
    const status = Number(item.statusCode);
    if (status >= 400) console.warn(`Warning: ${url} loaded ${String(item.url)} with status ${status}.`);
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const metric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? NaN;

/** Where a failing audit points: elements (selector and markup) or URLs, from its details table. */
function describeItems(details: Result["audits"][string]["details"]): string[] {
  if (!details || !("items" in details) || !Array.isArray(details.items)) return [];
  const described: string[] = [];
  for (const item of details.items as Record<string, unknown>[]) {
    const node = item.node as { type?: string; selector?: string; snippet?: string } | undefined;
    const source = item.source as { url?: string } | undefined;
    if (node?.type === "node") described.push(`\`${node.selector}\` \`${node.snippet}\``);
    else if (typeof item.url === "string") described.push(item.url);
    else if (typeof source?.url === "string") described.push(source.url);
  }
  return described;
}

interface FailingAudit {
  title: string;
  displayValue: string;
  items: string[];
  failedRuns: number;
}

buildIfStale();
const dataDir = mkdtempSync(path.join(tmpdir(), "dmv-events-lighthouse-data-"));
const site = await startSiteServer({ dataDir });
try {
  const rows: string[] = [];
  const failures: string[] = [];
  const benchmarkIndexes: number[] = [];
  for (const pagePath of PAGES) {
    const url = `${site.url}${pagePath}`;
    // An unmeasured first run: the first visit renders the sample images on the server, which no
    // later visitor waits for.
    const reportName = (run: string) => `${pagePath.replace(/[^a-z0-9]+/gi, "_")}-${run}`;
    await audit(url, reportName("warmup"));
    const runs: Result[] = [];
    for (let run = 1; run <= RUNS; run++) runs.push(await audit(url, reportName(String(run))));
    benchmarkIndexes.push(...runs.map((lhr) => lhr.environment.benchmarkIndex));

    const scores = Object.fromEntries(BARS.map((bar) => [bar.id, median(runs.map((lhr) => score(lhr, bar.id)))]));
    const missed = BARS.filter((bar) => scores[bar.id]! < bar.min);
    const ms = (id: string) => median(runs.map((lhr) => metric(lhr, id)));
    rows.push(
      `| \`${pagePath}\` | ${scores.performance} (${runs.map((lhr) => score(lhr, "performance")).join(", ")}) | ` +
        `${scores.accessibility} | ${scores["best-practices"]} | ${scores.seo} | ` +
        `${(ms("largest-contentful-paint") / 1000).toFixed(2)} s | ${ms("cumulative-layout-shift").toFixed(3)} | ` +
        `${Math.round(ms("total-blocking-time"))} ms | ${(ms("first-contentful-paint") / 1000).toFixed(2)} s | ` +
        `${BAR_TEXT} | ${missed.length === 0 ? "yes" : "**NO**"} |`,
    );

    // For each category that misses its bar: every audit in it that failed in at least one run.
    for (const bar of missed) {
      const failing = new Map<string, FailingAudit>();
      for (const lhr of runs) {
        for (const ref of lhr.categories[bar.id]?.auditRefs ?? []) {
          const result = lhr.audits[ref.id];
          // Informative, manual and not-applicable audits have no score and cannot fail.
          if (!result || result.score === null || result.score >= AUDIT_PASS) continue;
          const seen = failing.get(ref.id);
          failing.set(ref.id, {
            title: result.title,
            displayValue: result.displayValue ?? "",
            items: describeItems(result.details),
            failedRuns: (seen?.failedRuns ?? 0) + 1,
          });
        }
      }
      failures.push(`\n${bar.label} on \`${pagePath}\`: median ${scores[bar.id]}, bar ${bar.min}`);
      if (failing.size === 0) failures.push("- no single audit fails; the score sums audits that pass narrowly");
      for (const [id, found] of failing) {
        const value = found.displayValue ? ` (${found.displayValue})` : "";
        failures.push(`- \`${id}\`: ${found.title}${value}, failed in ${found.failedRuns} of ${RUNS} runs`);
        const shown = found.items.slice(0, ITEMS_SHOWN);
        for (const item of shown) failures.push(`  - ${item.replace(/\s+/g, " ").slice(0, 300)}`);
        if (found.items.length > shown.length) failures.push(`  - … and ${found.items.length - shown.length} more`);
      }
    }
  }

  console.log(
    `\nLighthouse, mobile preset (simulated throttling), Debian Chromium; medians of ${RUNS} runs per page ` +
      `(aim: LCP ≤ 1.8 s, CLS ≤ 0.05). Simulated times scale with how busy this machine was: Lighthouse's ` +
      `CPU benchmark index, median ${Math.round(median(benchmarkIndexes))} (higher is faster).\n`,
  );
  console.log(
    "| page | performance (runs) | accessibility | best practices | SEO | LCP | CLS | TBT | FCP | bar | meets |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|");
  for (const row of rows) console.log(row);
  if (failures.length > 0) {
    console.log("\nFailing audits in categories that miss their bar");
    for (const line of failures) console.log(line);
  }
} finally {
  await site.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
