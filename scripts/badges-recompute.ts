// `npm run badges:recompute`: awards every badge the data earns to everyone who earned it (for data
// from before badges existed, or after a rule changed), printing how many were awarded. Run again, it
// awards nothing. Bell notifications as for any award; no e-mails (old activity is no news).
// On the embedded database, stop the server first (it holds the database).
import { openDatabase } from "#server/db/client";
import { readConfig } from "#server/env";
import { recomputeAllBadges } from "#server/services/badges";

const config = readConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, embeddedDir: config.embeddedDatabaseDir });
try {
  await database.migrate();
  const { people, awarded } = await recomputeAllBadges(database.db, new Date(), { log: console.log });
  console.log(`Badges recomputed for ${people} people: ${awarded} badges awarded.`);
} finally {
  await database.close();
}
