import { describe, expect, it } from "vitest";
import { isTicketTypeOnSale } from "./sales-window";

const now = new Date("2026-12-01T12:00:00Z");
const hour = 60 * 60 * 1000;
const at = (offsetHours: number) => new Date(now.getTime() + offsetHours * hour);

describe("sales windows", () => {
  it("sell at any time when both sides are open", () => {
    expect(isTicketTypeOnSale({ salesStartAt: null, salesEndAt: null }, now)).toBe(true);
  });

  it("do not sell before the start, and sell from its very instant", () => {
    expect(isTicketTypeOnSale({ salesStartAt: at(1), salesEndAt: null }, now)).toBe(false);
    expect(isTicketTypeOnSale({ salesStartAt: now, salesEndAt: null }, now)).toBe(true);
  });

  it("stop selling at the end", () => {
    expect(isTicketTypeOnSale({ salesStartAt: at(-2), salesEndAt: at(1) }, now)).toBe(true);
    expect(isTicketTypeOnSale({ salesStartAt: null, salesEndAt: now }, now)).toBe(false);
  });
});
