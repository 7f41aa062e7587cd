import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll } from "vitest";
import { createApp } from "#server/app";
import type { DatabaseHandle } from "#server/db/client";
import { readConfig, type Config } from "#server/env";
import { createLogger } from "#server/logger";
import { openTestDatabase } from "./test-database";

export interface ListeningAuthServer {
  /** http://127.0.0.1:<port>, which is also the site's PUBLIC_URL, so e-mailed links point here. */
  baseUrl: string;
  config: Config;
  close: () => Promise<void>;
}

/**
 * The app on a real socket on 127.0.0.1, for clients that speak HTTP themselves (auth-js). The
 * configuration is read once the port is known, so links in e-mails reach this very server.
 */
export async function listenAuthServer(
  handle: DatabaseHandle,
  env: Record<string, string> = {},
): Promise<ListeningAuthServer> {
  let app: ReturnType<typeof createApp> | null = null;
  const server: ServerType = await new Promise((resolve) => {
    const started = serve(
      { fetch: (request, bindings) => app!.fetch(request, bindings), port: 0, hostname: "127.0.0.1" },
      () => resolve(started),
    );
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = readConfig({ NODE_ENV: "test", PUBLIC_URL: baseUrl, LOG_LEVEL: "silent", ...env });
  app = createApp({ db: handle.db, config, logger: createLogger(config) });
  return {
    baseUrl,
    config,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One test database and one listening server for a test file. Read the fields inside tests. */
export function setUpAuthServer(env: Record<string, string> = {}) {
  const context = {
    handle: undefined as unknown as DatabaseHandle,
    server: undefined as unknown as ListeningAuthServer,
  };
  beforeAll(async () => {
    context.handle = await openTestDatabase();
    context.server = await listenAuthServer(context.handle, env);
  });
  afterAll(async () => {
    await context.server?.close();
    await context.handle?.close();
  });
  return context;
}
