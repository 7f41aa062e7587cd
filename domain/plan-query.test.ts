import { describe, expect, it } from "vitest";
import { appendBudgetLines, centsOfDollars, planQueryOf, readBudgetQuery, readPlanQuery } from "./plan-query";

const TODAY = "2026-11-27";
const GOOD =
  "eventType=conference&attendance=150&date=2027-02-26&budget=12%2C500&setting=indoor&language=fr&area=va&title=Summit";

describe("readPlanQuery", () => {
  it("asks nothing on a first visit: the page's language is the default, and there are no problems", () => {
    const read = readPlanQuery(new URLSearchParams("lang=ar&utm_source=x"), TODAY, "ar");
    expect(read).toMatchObject({ isAsked: false, problems: {}, input: null });
    expect(read.values.language).toBe("ar");
  });

  it("reads good answers into the planner's input, and writes them back as the same address", () => {
    const read = readPlanQuery(new URLSearchParams(GOOD), TODAY, "en");
    expect(read.problems).toEqual({});
    expect(read.input).toEqual({
      eventType: "conference",
      attendance: 150,
      date: "2027-02-26",
      budgetCents: 1_250_000,
      setting: "indoor",
      language: "fr",
      area: "va",
      title: "Summit",
      description: "",
    });
    const again = readPlanQuery(planQueryOf(read.input!), TODAY, "en");
    expect(again.input).toEqual(read.input);
  });

  it("names each bad field with its word, and gives no input", () => {
    const read = readPlanQuery(
      new URLSearchParams("eventType=rodeo&attendance=0&date=2027-02-30&budget=lots&setting=roof&area=mars"),
      TODAY,
      "en",
    );
    expect(read.input).toBeNull();
    expect(read.problems).toEqual({
      eventType: "event_type_invalid",
      attendance: "attendance_invalid",
      date: "date_invalid",
      budget: "budget_invalid",
      setting: "setting_invalid",
      area: "area_invalid",
    });
  });

  it("refuses a day already past, but takes today", () => {
    const on = (date: string) => readPlanQuery(new URLSearchParams(GOOD.replace("2027-02-26", date)), TODAY, "en");
    expect(on("2026-11-26").problems).toEqual({ date: "date_past" });
    expect(on(TODAY).input?.date).toBe(TODAY);
  });
});

describe("centsOfDollars", () => {
  it("reads dollars with cents and thousands commas, and nothing else", () => {
    expect(centsOfDollars("5000")).toBe(500_000);
    expect(centsOfDollars("$5,000.5")).toBe(500_050);
    expect(centsOfDollars("12.345")).toBeNull();
    expect(centsOfDollars("-3")).toBeNull();
    expect(centsOfDollars("1e5")).toBeNull();
  });
});

describe("readBudgetQuery", () => {
  it("totals a per-guest line by the attendance, and the lines go back into an address unchanged", () => {
    const params = new URLSearchParams("venue.amount=4000&venue.per=total&catering.amount=30&catering.per=person");
    const read = readBudgetQuery(params, 150);
    expect(read.lines).toEqual([
      { category: "venue", perAttendeeCents: null, amountCents: 400_000 },
      { category: "catering", perAttendeeCents: 3_000, amountCents: 450_000 },
    ]);
    const back = appendBudgetLines(new URLSearchParams(), read.lines!);
    expect(readBudgetQuery(back, 150).lines).toEqual(read.lines);
  });

  it("gives no lines when the address has none, and a problem for a line that is not an amount", () => {
    expect(readBudgetQuery(new URLSearchParams("venue.per=total"), 10)).toEqual({
      values: null,
      problems: {},
      lines: null,
    });
    const read = readBudgetQuery(new URLSearchParams("venue.amount=lots&av.amount="), 10);
    expect(read.problems).toEqual({ venue: "budget_line_invalid" });
    expect(read.lines).toBeNull();
  });
});
