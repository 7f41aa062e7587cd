import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "#server/db/client";
import { tickets } from "#server/db/schema";
import { PROJECT_ROOT } from "#server/project-root";
import { listEarnedBadges } from "#server/services/badges";
import { insertOrderWithTickets } from "#tests/support/issued-tickets";
import { freshShellEnv, runNpm } from "#tests/support/npm-run";
import { insertEventWithTicketTypes, insertUser } from "#tests/support/ticket-factories";

/**
 * `npm run badges:recompute` as the README writes it, on the embedded database of a data directory of
 * its own holding activity from before badges existed: it awards what that activity earns, and a
 * second run awards nothing.
 */
const dataDir = mkdtempSync(path.join(tmpdir(), "dmv-events-badges-recompute-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function withDatabase<T>(work: (db: Awaited<ReturnType<typeof openDatabase>>["db"]) => Promise<T>): Promise<T> {
  const database = await openDatabase({ databaseUrl: undefined, embeddedDir: path.join(dataDir, "db") });
  try {
    await database.migrate();
    return await work(database.db);
  } finally {
    await database.close();
  }
}

describe("recomputing badges from the command line", () => {
  it("awards what existing data earns, then nothing on a second run", async () => {
    const { attendeeId, organizerId } = await withDatabase(async (db) => {
      const attendee = await insertUser(db);
      const event = await insertEventWithTicketTypes(db, {
        startsAt: new Date(Date.now() - 2 * 24 * 60 * 60_000),
        ticketTypes: [{ name: "Free", priceCents: 0, quantity: 10 }],
      });
      const { codes } = await insertOrderWithTickets(db, event, { userId: attendee.userId });
      await db.update(tickets).set({ checkedInAt: new Date() }).where(eq(tickets.code, codes[0]!));
      return { attendeeId: attendee.userId, organizerId: event.organizerId };
    });
    const env = freshShellEnv({ DATA_DIR: dataDir });

    const first = await runNpm(["run", "badges:recompute"], { cwd: PROJECT_ROOT, env });
    expect(first).toContain("Badges recomputed for 2 people: 2 badges awarded.");
    const second = await runNpm(["run", "badges:recompute"], { cwd: PROJECT_ROOT, env });
    expect(second).toContain("Badges recomputed for 2 people: 0 badges awarded.");

    const held = await withDatabase(async (db) => ({
      attendee: (await listEarnedBadges(db, attendeeId)).map((badge) => badge.key),
      organizer: (await listEarnedBadges(db, organizerId)).map((badge) => badge.key),
    }));
    expect(held).toEqual({ attendee: ["first_timer"], organizer: ["event_creator"] });
  }, 120_000);
});
