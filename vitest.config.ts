import { defineConfig } from "vitest/config";

const setupFiles = ["./tests/support/fail-on-console-error.ts"];
// Tests of pure code that happen to live under server/ (no database).
const pureServerFiles = [
  "server/images/**/*.test.ts",
  "server/services/markdown.test.ts",
  "server/services/short-cache.test.ts",
  "server/http/response-cache.test.ts",
  "server/http/compression.test.ts",
  "server/env.test.ts",
  "server/logger.test.ts",
  "server/jobs/retry-delay.test.ts",
  "server/mail/email-messages.test.ts",
  "server/mail/render-email.test.ts",
  "server/mail/render-order-email.test.ts",
  "server/mail/render-event-change-email.test.ts",
  "server/tickets/ticket-qr.test.ts",
  "server/payments/*.test.ts",
];

/** Tests that need several processes on one database server, which only PostgreSQL can be. */
const postgresOnlyFiles = ["tests/integration/overselling.test.ts"];

/** The same integration files, once against the embedded database and once against PostgreSQL. */
function integrationProject(database: "embedded" | "postgres") {
  return {
    test: {
      name: `integration:${database}`,
      sequence: { groupOrder: 0 },
      include: ["server/**/*.test.ts", "tests/integration/**/*.test.ts"],
      exclude: database === "postgres" ? pureServerFiles : [...pureServerFiles, ...postgresOnlyFiles],
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
          include: ["domain/**/*.test.ts", "app/**/*.test.{ts,tsx}", ...pureServerFiles],
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
