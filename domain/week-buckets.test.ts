import { describe, expect, it } from "vitest";
import { bucketByWeek, lastWeeks, weekKey, weekStart } from "./week-buckets";

describe("weekStart", () => {
  it("is the Monday 00:00 UTC of the instant's UTC week, Sunday belonging to the week before", () => {
    // 2026-11-27 is a Friday.
    expect(weekStart(new Date("2026-11-27T15:30:00Z")).toISOString()).toBe("2026-11-23T00:00:00.000Z");
    expect(weekStart(new Date("2026-11-23T00:00:00Z")).toISOString()).toBe("2026-11-23T00:00:00.000Z");
    expect(weekStart(new Date("2026-11-22T23:59:59.999Z")).toISOString()).toBe("2026-11-16T00:00:00.000Z");
    // Late Sunday evening in Washington is already Monday in UTC: the UTC week counts.
    expect(weekStart(new Date("2026-11-30T02:00:00Z")).toISOString()).toBe("2026-11-30T00:00:00.000Z");
  });

  it("crosses months and years", () => {
    expect(weekKey(weekStart(new Date("2027-01-01T12:00:00Z")))).toBe("2026-12-28");
    expect(weekKey(weekStart(new Date("2026-03-01T12:00:00Z")))).toBe("2026-02-23");
  });
});

describe("lastWeeks", () => {
  it("lists the weeks up to the current one, oldest first, seven days apart", () => {
    const weeks = lastWeeks(new Date("2026-11-27T15:30:00Z"), 12).map(weekKey);
    expect(weeks).toHaveLength(12);
    expect(weeks[0]).toBe("2026-09-07");
    expect(weeks[11]).toBe("2026-11-23");
    expect(new Set(weeks).size).toBe(12);
  });
});

describe("bucketByWeek", () => {
  const weeks = lastWeeks(new Date("2026-11-27T15:30:00Z"), 3);

  it("sums each entry into its week and leaves out what falls outside the weeks", () => {
    const totals = bucketByWeek(weeks, [
      { at: new Date("2026-11-09T00:00:00Z"), amount: 1 }, // first week's first instant
      { at: new Date("2026-11-15T23:59:59Z"), amount: 2 }, // first week's Sunday
      { at: new Date("2026-11-16T00:00:00Z"), amount: 500 }, // second week
      { at: new Date("2026-11-27T10:00:00Z"), amount: 7 }, // this week
      { at: new Date("2026-11-27T11:00:00Z"), amount: 3 },
      { at: new Date("2026-11-08T23:59:59Z"), amount: 1000 }, // before the first week
      { at: new Date("2026-11-30T00:00:00Z"), amount: 1000 }, // next week
    ]);
    expect(totals).toEqual([3, 500, 10]);
  });

  it("gives zero for weeks without entries", () => {
    expect(bucketByWeek(weeks, [])).toEqual([0, 0, 0]);
  });
});
