import { describe, expect, it } from "vitest";
import { followedEventsWindow, nextHourlyRunAfter, savedReminderDue } from "./saves-follows";

const NEW_YORK = "America/New_York";
// Saturday 2026-12-05 at 19:00 in Washington (00:00 UTC on the 6th).
const EVENING_EVENT = { startsAt: new Date("2026-12-06T00:00:00Z"), timeZone: NEW_YORK };

describe("savedReminderDue: the day before, in the event's time zone", () => {
  it("is not due before 9:00 on the day before, due from 9:00, and still due late that evening", () => {
    expect(savedReminderDue(EVENING_EVENT, new Date("2026-12-04T13:59:00Z"))).toBe(false); // 8:59 local
    expect(savedReminderDue(EVENING_EVENT, new Date("2026-12-04T14:00:00Z"))).toBe(true); // 9:00 local
    expect(savedReminderDue(EVENING_EVENT, new Date("2026-12-05T04:59:00Z"))).toBe(true); // 23:59 local
  });

  it("is not due two days before nor on the event's own day", () => {
    expect(savedReminderDue(EVENING_EVENT, new Date("2026-12-03T20:00:00Z"))).toBe(false);
    expect(savedReminderDue(EVENING_EVENT, new Date("2026-12-05T05:00:00Z"))).toBe(false); // 0:00 on the day
    expect(savedReminderDue(EVENING_EVENT, new Date("2026-12-05T23:00:00Z"))).toBe(false);
  });

  it("reads the day in the event's zone, not in UTC", () => {
    // 00:30 on Sunday the 6th in Addis Ababa is 21:30 UTC on Saturday the 5th.
    const addis = { startsAt: new Date("2026-12-05T21:30:00Z"), timeZone: "Africa/Addis_Ababa" };
    expect(savedReminderDue(addis, new Date("2026-12-05T06:00:00Z"))).toBe(true); // Sat 9:00 there
    expect(savedReminderDue(addis, new Date("2026-12-05T05:59:00Z"))).toBe(false); // Sat 8:59 there
  });

  it("is never due once the event started", () => {
    const soon = { startsAt: new Date("2026-12-05T03:00:00Z"), timeZone: NEW_YORK }; // 22:00 on the 4th
    expect(savedReminderDue(soon, new Date("2026-12-04T14:00:00Z"))).toBe(false); // its own day
    expect(savedReminderDue(soon, new Date("2026-12-05T03:00:00Z"))).toBe(false);
  });
});

describe("schedules", () => {
  it("runs the reminders at every whole hour, strictly after", () => {
    expect(nextHourlyRunAfter(new Date("2026-12-04T13:00:00Z")).toISOString()).toBe("2026-12-04T14:00:00.000Z");
    expect(nextHourlyRunAfter(new Date("2026-12-04T13:59:59Z")).toISOString()).toBe("2026-12-04T14:00:00.000Z");
  });

  it("covers the day that ends at a followed-events run", () => {
    const window = followedEventsWindow(new Date("2026-12-04T15:00:00Z"));
    expect(window.after.toISOString()).toBe("2026-12-03T15:00:00.000Z");
    expect(window.upTo.toISOString()).toBe("2026-12-04T15:00:00.000Z");
  });
});
