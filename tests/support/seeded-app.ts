import { afterAll, beforeAll } from "vitest";
import { createApp, type App } from "#server/app";
import type { DatabaseHandle } from "#server/db/client";
import { seedSampleData } from "#server/db/seed/seed";
import { readConfig } from "#server/env";
import { createLogger } from "#server/logger";
import { openTestDatabase } from "./test-database";

/**
 * The HTTP app over a fresh test database holding the sample data, for one test file. Read the
 * fields inside tests (they are set in beforeAll).
 */
export function setUpSeededApp() {
  const config = readConfig({ NODE_ENV: "test" });
  const context = { config, app: undefined as unknown as App, handle: undefined as unknown as DatabaseHandle };
  beforeAll(async () => {
    context.handle = await openTestDatabase();
    await seedSampleData(context.handle.db, { now: new Date() });
    context.app = createApp({ db: context.handle.db, config, logger: createLogger(config) });
  });
  afterAll(() => context.handle?.close());
  return context;
}
