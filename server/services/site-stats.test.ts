import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client";
import { users } from "#server/db/schema";
import { seedSampleData } from "#server/db/seed/seed";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { insertUser } from "#tests/support/ticket-factories";
import { getSiteStats } from "./site-stats";

const now = new Date("2026-11-22T19:00:00Z");
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
  await seedSampleData(handle.db, { now });
});
afterAll(() => handle?.close());

describe(`the home page's figures on the ${testDatabaseKind()} database`, () => {
  it("count as registered only the people who confirmed their e-mail address", async () => {
    const before = await getSiteStats(handle.db, now);
    // Three sign-ups whose confirmation e-mail was never opened, and one that was.
    const [unconfirmed] = await handle.db
      .insert(users)
      .values([
        { email: "waiting.one@example.com" },
        { email: "waiting.two@example.com" },
        { email: "waiting.three@example.com" },
      ])
      .returning({ id: users.id });
    await insertUser(handle.db, { email: "confirmed.one@example.com" });
    expect((await getSiteStats(handle.db, now)).registeredPeople).toBe(before.registeredPeople + 1);

    await handle.db.update(users).set({ emailConfirmedAt: now }).where(eq(users.id, unconfirmed!.id));
    expect((await getSiteStats(handle.db, now)).registeredPeople).toBe(before.registeredPeople + 2);
  });
});
