import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import postgres from "postgres";
import { inject } from "vitest";
import { openEmbedded, openPostgres, type DatabaseHandle } from "#server/db/client";
import { TEMPLATE_DATABASE } from "./database-setup";

/**
 * A fresh, migrated database of the kind this test project runs on (embedded PGlite or a real
 * PostgreSQL server), private to the caller. Close it when done.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (inject("testDatabase") === "embedded") {
    const snapshot = new Blob([readFileSync(inject("embeddedSnapshot"))]);
    return openEmbedded({ loadDataDir: snapshot });
  }
  const adminUrl = inject("postgresAdminUrl");
  const name = `test_${randomBytes(6).toString("hex")}`;
  const admin = postgres(adminUrl, { onnotice: () => {} });
  await admin.unsafe(`create database ${name} template ${TEMPLATE_DATABASE}`);
  await admin.end();
  const handle = openPostgres(adminUrl.replace(/\/[^/]*$/, `/${name}`));
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = postgres(adminUrl, { onnotice: () => {} });
      await cleanup.unsafe(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** The kind of database this run tests, for test names. */
export function testDatabaseKind(): string {
  return inject("testDatabase");
}
