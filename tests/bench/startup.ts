// Server start to first response of `/`, on the production build and the embedded database:
// a first start (creates, migrates and seeds a new database) and a restart on that database.
// Budgets (quality-bars.md): ≤ 20 s first start, ≤ 3 s restart. Run: npm run bench:startup
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PROJECT_ROOT } from "#server/project-root";
import { freePort } from "#tests/support/postgres-server";
import { buildIfStale } from "../../scripts/build-if-stale.js";

const RUNS = Number(process.env.RUNS ?? 3);

async function startToFirstPage(dataDir: string): Promise<number> {
  const port = await freePort();
  const startedAt = performance.now();
  const child = spawn(process.execPath, [path.join(PROJECT_ROOT, "server.js")], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    },
    stdio: "inherit",
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/`);
        if (response.ok) {
          await response.arrayBuffer();
          return performance.now() - startedAt;
        }
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  } finally {
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

buildIfStale();
const firstStarts: number[] = [];
const restarts: number[] = [];
for (let run = 0; run < RUNS; run++) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "dmv-events-bench-"));
  try {
    firstStarts.push(await startToFirstPage(dataDir));
    restarts.push(await startToFirstPage(dataDir));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(`\nServer start to first response of / (embedded database, production build, ${RUNS} runs)\n`);
console.log("| start | median | runs | budget |");
console.log("|---|---|---|---|");
console.log(
  `| first start (create, migrate, seed) | ${seconds(median(firstStarts))} | ${firstStarts.map(seconds).join(", ")} | ≤ 20 s |`,
);
console.log(
  `| restart on existing data | ${seconds(median(restarts))} | ${restarts.map(seconds).join(", ")} | ≤ 3 s |`,
);
