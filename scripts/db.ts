// `npm run db:migrate | db:seed | db:reset`: the same code the server runs at start, on demand.
import { rmSync } from "node:fs";
import { openDatabase } from "#server/db/client";
import { isDatabaseEmpty, seedSampleData } from "#server/db/seed/seed";
import { readConfig } from "#server/env";

const command = process.argv[2];
const config = readConfig();

if (command === "reset") {
  if (config.databaseUrl) {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, embeddedDir: null });
    // Drops everything this app owns, including drizzle's record of applied migrations.
    for (const statement of [
      "drop schema if exists public cascade",
      "drop schema if exists drizzle cascade",
      "create schema public",
    ]) {
      await database.db.execute(statement);
    }
    await database.close();
  } else {
    rmSync(config.embeddedDatabaseDir, { recursive: true, force: true });
  }
  rmSync(config.uploadsDir, { recursive: true, force: true });
  console.log("Database and uploads removed.");
}

if (command === "migrate" || command === "seed" || command === "reset") {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, embeddedDir: config.embeddedDatabaseDir });
  try {
    await database.migrate();
    console.log(`Migrations applied (${database.kind} database).`);
    if (command !== "migrate") {
      if (await isDatabaseEmpty(database.db)) {
        await seedSampleData(database.db, { now: new Date(), log: console.log });
      } else {
        console.log("The database already holds data; sample data is only written to an empty database.");
      }
    }
  } finally {
    await database.close();
  }
} else {
  console.error("Usage: tsx scripts/db.ts migrate|seed|reset");
  process.exit(2);
}
