import { defineConfig } from "vitest/config";

const setupFiles = ["./tests/support/fail-on-console-error.ts"];
const integrationFiles = ["server/**/*.test.ts", "tests/integration/**/*.test.ts"];
const pureFiles = ["server/images/**/*.test.ts"];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          sequence: { groupOrder: 0 },
          include: ["domain/**/*.test.ts", "app/**/*.test.{ts,tsx}", ...pureFiles],
          setupFiles,
        },
      },
      {
        test: {
          name: "integration:embedded",
          sequence: { groupOrder: 0 },
          include: integrationFiles,
          exclude: pureFiles,
          env: { TEST_DATABASE: "embedded" },
          globalSetup: ["./tests/support/database-setup.ts"],
          setupFiles,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: "integration:postgres",
          sequence: { groupOrder: 0 },
          include: integrationFiles,
          exclude: pureFiles,
          env: { TEST_DATABASE: "postgres" },
          globalSetup: ["./tests/support/database-setup.ts"],
          setupFiles,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
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
          // Two cores: one browser page at a time keeps timings stable.
          fileParallelism: false,
        },
      },
    ],
  },
});
