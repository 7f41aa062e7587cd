import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { openEmbedded, openPostgres } from "#server/db/client";
import { startPostgres } from "./postgres-server";

/** The name of the migrated database every PostgreSQL test file copies. */
export const TEMPLATE_DATABASE = "migrated_template";

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase: "embedded" | "postgres";
    embeddedSnapshot: string;
    postgresAdminUrl: string;
  }
}

/**
 * Creating and migrating a database is slow (PGlite takes about 5 s), so it happens once per run;
 * each test file then starts from its own copy of the migrated database.
 */
export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DATABASE === "postgres" ? "postgres" : "embedded";
  project.provide("testDatabase", kind);
  if (kind === "embedded") {
    const handle = await openEmbedded(null);
    await handle.migrate();
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const snapshot = path.join(tmpdir(), `dmv-events-snapshot-${randomUUID()}.tar.gz`);
    writeFileSync(snapshot, Buffer.from(await (await client.dumpDataDir("gzip")).arrayBuffer()));
    await handle.close();
    project.provide("embeddedSnapshot", snapshot);
    project.provide("postgresAdminUrl", "");
    return;
  }
  const server = await startPostgres();
  const admin = postgres(server.url(), { onnotice: () => {} });
  await admin.unsafe(`create database ${TEMPLATE_DATABASE}`);
  const template = openPostgres(server.url(TEMPLATE_DATABASE));
  await template.migrate();
  await template.close();
  await admin.end();
  project.provide("embeddedSnapshot", "");
  project.provide("postgresAdminUrl", server.url());
  return () => server.stop();
}
