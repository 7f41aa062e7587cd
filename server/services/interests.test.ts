import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client";
import { profiles, userInterests } from "#server/db/schema";
import { seedSampleData } from "#server/db/seed/seed";
import { AppError } from "#server/errors";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { applyInterestChoice, listMyInterests, removeInterest, saveInterest } from "./interests";

let handle: DatabaseHandle;
let ada: { userId: string };
let ben: { userId: string };

beforeAll(async () => {
  handle = await openTestDatabase();
  await seedSampleData(handle.db, { now: new Date("2026-11-22T19:00:00Z") });
  const people = await handle.db.select({ userId: profiles.userId }).from(profiles).limit(2);
  [ada, ben] = [people[0]!, people[1]!];
});
afterAll(() => handle?.close());

const keys = (list: { key: string }[]) => list.map((interest) => interest.key);

describe(`saved interests on the ${testDatabaseKind()} database`, () => {
  it("start empty, and are listed in the picker's order with their names", async () => {
    expect(await listMyInterests(handle.db, ada)).toEqual([]);
    await saveInterest(handle.db, ada, { interest: "technology" });
    const saved = await saveInterest(handle.db, ada, { interest: "music" });
    expect(saved).toEqual([
      { key: "music", name: "Music" },
      { key: "technology", name: "Technology" },
    ]);
    expect(await listMyInterests(handle.db, ada)).toEqual(saved);
  });

  it("keep one row per person and interest however often it is saved", async () => {
    await saveInterest(handle.db, ada, { interest: "arts" });
    await saveInterest(handle.db, ada, { interest: "arts" });
    await Promise.all([
      saveInterest(handle.db, ada, { interest: "arts" }),
      saveInterest(handle.db, ada, { interest: "arts" }),
    ]);
    const rows = await handle.db.select().from(userInterests).where(eq(userInterests.userId, ada.userId));
    expect(rows.filter((row) => row.interest === "arts")).toHaveLength(1);
  });

  it("are removed one at a time, and removing one not saved changes nothing", async () => {
    const before = keys(await listMyInterests(handle.db, ada));
    expect(before).toContain("arts");
    expect(keys(await removeInterest(handle.db, ada, { interest: "arts" }))).toEqual(
      before.filter((key) => key !== "arts"),
    );
    expect(keys(await removeInterest(handle.db, ada, { interest: "arts" }))).toEqual(
      before.filter((key) => key !== "arts"),
    );
  });

  it("belong to one person: another's saves and removals leave them alone", async () => {
    const adas = await listMyInterests(handle.db, ada);
    await saveInterest(handle.db, ben, { interest: "sports" });
    await removeInterest(handle.db, ben, { interest: "music" });
    expect(await listMyInterests(handle.db, ada)).toEqual(adas);
    expect(keys(await listMyInterests(handle.db, ben))).toEqual(["sports"]);
  });

  it("refuse an interest that is not one of the 24 with the invalid code", async () => {
    for (const interest of ["opera", "Music", "", "music; drop table user_interests"]) {
      const attempt = saveInterest(handle.db, ada, { interest });
      await expect(attempt, interest).rejects.toBeInstanceOf(AppError);
      await expect(attempt, interest).rejects.toMatchObject({
        code: "invalid",
        fields: { interest: expect.any(String) },
      });
      await expect(removeInterest(handle.db, ada, { interest }), interest).rejects.toMatchObject({ code: "invalid" });
    }
  });
});

describe(`the interest picker's form on the ${testDatabaseKind()} database`, () => {
  it("saves or removes as its button says, and refuses anything else", async () => {
    await applyInterestChoice(handle.db, ben, { intent: "save", interest: "film" });
    expect(keys(await listMyInterests(handle.db, ben))).toContain("film");
    // A double submit of the same button leaves the same state.
    await applyInterestChoice(handle.db, ben, { intent: "remove", interest: "film" });
    await applyInterestChoice(handle.db, ben, { intent: "remove", interest: "film" });
    expect(keys(await listMyInterests(handle.db, ben))).not.toContain("film");
    for (const fields of [{ intent: "toggle", interest: "film" }, { intent: "save" }, null, "save film"]) {
      await expect(applyInterestChoice(handle.db, ben, fields), JSON.stringify(fields)).rejects.toMatchObject({
        code: "invalid",
      });
    }
  });
});
