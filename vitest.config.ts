import { defineConfig } from "vitest/config";

// Which project runs a test file follows from its folder or name alone (tests/README.md):
// - unit: everything under domain/, app/ and tests/unit/, and any `*.unit.test.ts` (pure code beside its
//   module under server/ — no database);
// - integration (once on PGlite, once on PostgreSQL): the other tests under server/ and tests/integration/;
//   a `*.postgres.test.ts` runs on PostgreSQL only (several processes on one database server);
// - e2e: tests/e2e/.
const setupFiles = ["./tests/support/fail-on-console-error.ts"];
const unitFiles = ["domain/**/*.test.ts", "app/**/*.test.{ts,tsx}", "tests/unit/**/*.test.ts", "**/*.unit.test.ts"];
const postgresOnlyFiles = ["**/*.postgres.test.ts"];

/** The same integration files, once against the embedded database and once against PostgreSQL. */
function integrationProject(database: "embedded" | "postgres") {
  return {
    test: {
      name: `integration:${database}`,
      sequence: { groupOrder: 0 },
      include: ["server/**/*.test.ts", "tests/integration/**/*.test.ts"],
      exclude: ["**/*.unit.test.ts", ...(database === "postgres" ? [] : postgresOnlyFiles)],
      env: { TEST_DATABASE: database },
      globalSetup: ["./tests/support/database-setup.ts"],
      setupFiles,
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          sequence: { groupOrder: 0 },
          include: unitFiles,
          setupFiles,
        },
      },
      integrationProject("embedded"),
      integrationProject("postgres"),
      {
        test: {
          name: "e2e",
          // After the other suites: browser journeys and start-time budgets need the two cores to themselves.
          sequence: { groupOrder: 1 },
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["./tests/support/e2e-setup.ts"],
          setupFiles,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Pages answer within a second normally, but CI machines are shared: wait up to 10 s.
          expect: { poll: { timeout: 10_000 } },
          // One browser journey at a time keeps timings stable on two cores.
          fileParallelism: false,
        },
      },
    ],
  },
});
