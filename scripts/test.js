// `npm test`: every suite (unit, integration on the embedded database and on a real PostgreSQL
// server, browser journeys in Chromium) through Vitest, closing with the line CI reads:
// "N passed, N failed". Extra arguments go to Vitest (e.g. `npm test -- --project unit`).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { PROJECT_ROOT } from "./build-if-stale.js";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const hasPostgres =
  existsSync("/usr/lib/postgresql") &&
  readdirSync("/usr/lib/postgresql").some((version) => existsSync(`/usr/lib/postgresql/${version}/bin/pg_ctl`));
const missing = [!existsSync(chromium) && "chromium", !hasPostgres && "postgresql"].filter(Boolean);
if (missing.length > 0) {
  console.error(
    `The test suite needs ${missing.join(" and ")} from Debian's packages: apt-get install ${missing.join(" ")}` +
      " (or run .ci/run, which installs them).",
  );
  process.exit(1);
}

const resultsDir = path.join(PROJECT_ROOT, "tests/.tmp");
const results = path.join(resultsDir, "results.json");
mkdirSync(resultsDir, { recursive: true });
rmSync(results, { force: true });

const run = spawnSync(
  "npx",
  ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${results}`, ...process.argv.slice(2)],
  { cwd: PROJECT_ROOT, stdio: "inherit" },
);

let passed = 0;
let failed = 0;
if (existsSync(results)) {
  const report = JSON.parse(readFileSync(results, "utf8"));
  passed = report.numPassedTests;
  // Files that failed to load count as failures too: their tests never ran.
  failed =
    report.numFailedTests +
    report.testResults.filter((file) => file.assertionResults.length === 0 && file.status === "failed").length;
} else {
  failed = 1;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(run.status === 0 && failed === 0 && passed > 0 ? 0 : 1);
