import { describe, expect, it } from "vitest";
import { nextDailyRunAfter, nextWeeklyRunAfter, weeklyRunsWithin } from "./schedule";

const at = (iso: string) => new Date(iso);

describe("daily schedule", () => {
  it("runs later the same day when the hour is still ahead", () => {
    expect(nextDailyRunAfter(at("2026-03-10T05:59:59Z"), 6)).toEqual(at("2026-03-10T06:00:00Z"));
  });

  it("runs the next day when the hour has come or passed, never at the same instant twice", () => {
    expect(nextDailyRunAfter(at("2026-03-10T06:00:00Z"), 6)).toEqual(at("2026-03-11T06:00:00Z"));
    expect(nextDailyRunAfter(at("2026-03-10T23:30:00Z"), 6)).toEqual(at("2026-03-11T06:00:00Z"));
  });

  it("crosses month and year ends", () => {
    expect(nextDailyRunAfter(at("2026-12-31T07:00:00Z"), 6)).toEqual(at("2027-01-01T06:00:00Z"));
  });
});

describe("weekly schedule", () => {
  // 2026-03-09 is a Monday.
  it("runs on the coming Monday at 14:00 UTC from any day of the week", () => {
    expect(nextWeeklyRunAfter(at("2026-03-05T10:00:00Z"), 1, 14)).toEqual(at("2026-03-09T14:00:00Z"));
    expect(nextWeeklyRunAfter(at("2026-03-08T23:59:00Z"), 1, 14)).toEqual(at("2026-03-09T14:00:00Z"));
  });

  it("runs the same Monday before 14:00 and the next Monday from 14:00 on", () => {
    expect(nextWeeklyRunAfter(at("2026-03-09T13:59:59Z"), 1, 14)).toEqual(at("2026-03-09T14:00:00Z"));
    expect(nextWeeklyRunAfter(at("2026-03-09T14:00:00Z"), 1, 14)).toEqual(at("2026-03-16T14:00:00Z"));
    expect(nextWeeklyRunAfter(at("2026-03-10T09:00:00Z"), 1, 14)).toEqual(at("2026-03-16T14:00:00Z"));
  });

  it("always lands on the weekday asked for", () => {
    for (let day = 0; day < 14; day++) {
      const from = new Date(Date.UTC(2026, 0, 1 + day, 17, 45));
      const next = nextWeeklyRunAfter(from, 1, 14);
      expect(next.getUTCDay()).toBe(1);
      expect(next.getTime()).toBeGreaterThan(from.getTime());
      expect(next.getTime() - from.getTime()).toBeLessThanOrEqual(7 * 24 * 60 * 60_000);
    }
  });
});

describe("weekly runs within a window", () => {
  const runs = (from: string, to: string) => weeklyRunsWithin(at(from), at(to), 1, 14);

  it("counts a run at the window's start and none at its end", () => {
    expect(runs("2026-03-09T14:00:00Z", "2026-03-09T14:00:01Z")).toBe(1);
    expect(runs("2026-03-09T13:00:00Z", "2026-03-09T14:00:00Z")).toBe(0);
    expect(runs("2026-03-09T14:00:00.001Z", "2026-03-16T14:00:00Z")).toBe(0);
  });

  it("counts every Monday 14:00 UTC between, however the window falls in the week", () => {
    expect(runs("2026-03-10T09:00:00Z", "2026-03-16T09:00:00Z")).toBe(0);
    expect(runs("2026-03-10T09:00:00Z", "2026-03-17T09:00:00Z")).toBe(1);
    expect(runs("2026-03-09T14:00:00Z", "2026-03-16T14:00:00.001Z")).toBe(2);
    expect(runs("2026-03-05T10:00:00Z", "2026-06-03T10:00:00Z")).toBe(13);
  });
});
