import { describe, expect, it } from "vitest";
import {
  formatCount,
  formatDate,
  formatDateRange,
  formatMoney,
  formatPercentFromBps,
  formatTime,
  formatTimeZone,
  isSameLocalDay,
} from "./format";
import { translatorFor } from "./translator";
import en from "./locales/en.json";
import fr from "./locales/fr.json";

// 7:30 PM on Friday Dec 4, 2026 in Washington.
const instant = new Date("2026-12-05T00:30:00Z");
const zone = "America/New_York";

describe("formatting for English (spec §9)", () => {
  it("shows the date with short weekday, short month, day and year in the event's zone", () => {
    expect(formatDate(instant, zone, "en")).toBe("Fri, Dec 4, 2026");
  });

  it("shows the time with a 2-digit hour and minute", () => {
    expect(formatTime(instant, zone, "en")).toBe("07:30 PM");
  });

  it("shows money in US dollars with two decimals", () => {
    expect(formatMoney(45_00, "en")).toBe("$45.00");
    expect(formatCount(12_345, "en")).toBe("12,345");
    expect(formatCount(12_345, "fr")).toBe("12\u202f345");
    expect(formatMoney(12_50, "en")).toBe("$12.50");
    expect(formatMoney(0, "en")).toBe("$0.00");
  });
});

describe("commission rates", () => {
  it("writes basis points as a percentage in each language's style, without breaking the line inside it", () => {
    expect(formatPercentFromBps(1_000, "en")).toBe("10%");
    expect(formatPercentFromBps(1_250, "en")).toBe("12.5%");
    expect(formatPercentFromBps(1_250, "fr")).toBe("12,5\u00a0%");
    expect(formatPercentFromBps(5, "en")).toBe("0.05%");
  });
});

describe("formatting in the other languages", () => {
  it("uses French day and month names and a 24-hour clock", () => {
    expect(formatDate(instant, zone, "fr")).toBe("ven. 4 déc. 2026");
    expect(formatTime(instant, zone, "fr")).toBe("19:30");
    expect(formatMoney(45_00, "fr")).toMatch(/^45,00\s\$US$/);
  });

  it("uses Arabic names and keeps prices in US dollars", () => {
    expect(formatDate(instant, zone, "ar")).toContain("ديسمبر");
  });

  it("uses Amharic names in Ethiopic script", () => {
    expect(formatDate(instant, zone, "am")).toMatch(/[\u1200-\u137F]/);
  });
});

describe("same local day", () => {
  it("compares calendar days in the event's zone, not in UTC", () => {
    // 7:30 PM and 10:30 PM in Washington are different UTC days but the same local day.
    expect(isSameLocalDay(instant, new Date("2026-12-05T03:30:00Z"), zone)).toBe(true);
    expect(isSameLocalDay(instant, new Date("2026-12-05T06:00:00Z"), zone)).toBe(false);
  });
});

describe("date ranges", () => {
  const english = translatorFor("en", en).t;
  const french = translatorFor("fr", fr).t;

  it("show the date once with both times when the event starts and ends on one day", () => {
    const end = new Date("2026-12-05T03:30:00Z"); // 10:30 PM the same evening in Washington
    expect(formatDateRange(instant, end, zone, "en", english)).toBe("Fri, Dec 4, 2026, 07:30 PM - 10:30 PM");
    expect(formatDateRange(instant, end, zone, "fr", french)).toBe("ven. 4 déc. 2026, 19:30 – 22:30");
  });

  it("show start and end dates when the event runs past midnight or over several days", () => {
    const end = new Date("2026-12-06T23:00:00Z");
    expect(formatDateRange(instant, end, zone, "en", english)).toBe("Fri, Dec 4, 2026 - Sun, Dec 6, 2026");
  });
});

describe("time zone names", () => {
  it("name the event's zone as people say it, in the language", () => {
    expect(formatTimeZone(instant, zone, "en")).toBe("Eastern Standard Time");
    expect(formatTimeZone(new Date("2026-07-04T20:00:00Z"), zone, "en")).toBe("Eastern Daylight Time");
    expect(formatTimeZone(instant, zone, "fr")).toMatch(/heure normale de l’Est/i);
  });
});
