import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "#server/db/client";
import { seedSampleData } from "#server/db/seed/seed";
import { addBenchReviews } from "./bench-reviews";
import { addBenchSavesAndFollows } from "./bench-saves-follows";

/**
 * The benchmark's data, written before the site starts (it then finds a seeded database and keeps it):
 * the sample data, then the issue 19 volumes on top (10,000 reviews, 50,000 saved events, 10,000 follows). Returns the
 * event pages worth loading besides the usual ones: the past event with the most reviews.
 */
export async function prepareBenchData(
  dataDir: string,
  databaseUrl: string | undefined,
): Promise<{ reviewedEventId: number }> {
  const handle = await openDatabase({ databaseUrl, embeddedDir: path.join(dataDir, "db") });
  try {
    await handle.migrate();
    await seedSampleData(handle.db, { now: new Date() });
    const reviewed = await addBenchReviews(handle.db);
    console.log(`  bench data: ${reviewed.reviews} reviews, the most on /events/${reviewed.eventId}`);
    const added = await addBenchSavesAndFollows(handle.db);
    console.log(`  bench data: ${added.saves} saved events, ${added.follows} follows`);
    // Done here, not by PostgreSQL's autovacuum in the middle of a measured run: 70,000 new rows
    // get their statistics and visibility map before the site starts.
    await handle.db.execute(sql`VACUUM ANALYZE`);
    return { reviewedEventId: reviewed.eventId };
  } finally {
    await handle.close();
  }
}
