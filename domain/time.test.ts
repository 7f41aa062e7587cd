import { describe, expect, it } from "vitest";
import { isoStringIn, localDateTimeIn, parseIsoDay, utcOffsetMinutes, zonedDayAt, zonedTimeToUtc } from "./time";

describe("zoned times", () => {
  it("7:30 PM in Washington in winter is 00:30 UTC the next day", () => {
    expect(
      zonedTimeToUtc({ year: 2026, month: 12, day: 4, hour: 19, minute: 30 }, "America/New_York").toISOString(),
    ).toBe("2026-12-05T00:30:00.000Z");
  });

  it("uses daylight time in summer", () => {
    expect(
      zonedTimeToUtc({ year: 2026, month: 7, day: 4, hour: 21, minute: 0 }, "America/New_York").toISOString(),
    ).toBe("2026-07-05T01:00:00.000Z");
  });

  it("moves a time skipped by the spring-forward gap to the hour after", () => {
    const instant = zonedTimeToUtc({ year: 2026, month: 3, day: 8, hour: 2, minute: 30 }, "America/New_York");
    expect(localDateTimeIn(instant, "America/New_York")).toMatchObject({ day: 8, hour: 3, minute: 30 });
  });

  it("places a time some days after today's local date, across a month end", () => {
    const now = new Date("2026-01-31T03:00:00Z"); // Jan 30, 10 PM in Washington
    expect(zonedDayAt(now, 2, 18, 0, "America/New_York").toISOString()).toBe("2026-02-01T23:00:00.000Z");
  });
});

describe("calendar days", () => {
  it("reads a day that exists", () => {
    expect(parseIsoDay("2026-12-05")).toEqual({ year: 2026, month: 12, day: 5 });
    expect(parseIsoDay("2028-02-29")).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseIsoDay("0099-01-01")).toEqual({ year: 99, month: 1, day: 1 });
  });

  it("refuses days the calendar does not have instead of rolling them into another one", () => {
    for (const text of [
      "2026-13-45",
      "2026-02-29",
      "2100-02-29",
      "2026-04-31",
      "2026-00-10",
      "2026-01-00",
      "2026-12-32",
    ]) {
      expect(parseIsoDay(text), text).toBeNull();
    }
  });

  it("refuses anything but YYYY-MM-DD", () => {
    for (const text of ["2026-1-5", "2026-12-05T00:00", " 2026-12-05", "20261205", "", "2026-12-05\n"]) {
      expect(parseIsoDay(text), text).toBeNull();
    }
  });
});

describe("instants on a zone's clocks", () => {
  it("writes the local time with the offset in force then", () => {
    expect(isoStringIn(new Date("2026-12-06T00:00:00Z"), "America/New_York")).toBe("2026-12-05T19:00:00-05:00");
    expect(isoStringIn(new Date("2026-07-05T01:00:00Z"), "America/New_York")).toBe("2026-07-04T21:00:00-04:00");
    expect(isoStringIn(new Date("2026-12-05T16:00:00Z"), "Africa/Addis_Ababa")).toBe("2026-12-05T19:00:00+03:00");
    expect(isoStringIn(new Date("2026-12-05T19:00:00Z"), "UTC")).toBe("2026-12-05T19:00:00+00:00");
    expect(isoStringIn(new Date("2026-12-05T13:30:00Z"), "Asia/Kolkata")).toBe("2026-12-05T19:00:00+05:30");
  });

  it("changes offset at the daylight-saving change", () => {
    expect(utcOffsetMinutes(new Date("2026-03-08T06:59:00Z"), "America/New_York")).toBe(-300);
    expect(utcOffsetMinutes(new Date("2026-03-08T07:00:00Z"), "America/New_York")).toBe(-240);
  });
});
