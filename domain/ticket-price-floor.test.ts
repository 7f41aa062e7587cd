import { describe, expect, it } from "vitest";
import { isBelowPaidPrice, lowestAllowedPriceCents } from "./ticket-price-floor";

describe("a ticket type's price floor", () => {
  it("is the highest unit price a current holder paid", () => {
    expect(lowestAllowedPriceCents([25_00, 80_50, 40_00])).toBe(80_50);
    expect(lowestAllowedPriceCents([12_00])).toBe(12_00);
  });

  it("is nothing when nobody holds a ticket, or every holder got theirs free", () => {
    expect(lowestAllowedPriceCents([])).toBe(0);
    expect(lowestAllowedPriceCents([0, 0])).toBe(0);
  });

  it("refuses a price below what a holder paid, and takes the same price or a higher one", () => {
    const paid = [25_00, 80_50];
    expect(isBelowPaidPrice(80_49, paid)).toBe(true);
    expect(isBelowPaidPrice(50_00, paid)).toBe(true);
    expect(isBelowPaidPrice(0, paid)).toBe(true);
    expect(isBelowPaidPrice(80_50, paid)).toBe(false);
    expect(isBelowPaidPrice(95_00, paid)).toBe(false);
  });

  it("lets an unsold type, or one whose holders paid nothing, take any price, free included", () => {
    expect(isBelowPaidPrice(0, [])).toBe(false);
    expect(isBelowPaidPrice(5_00, [])).toBe(false);
    expect(isBelowPaidPrice(0, [0])).toBe(false);
  });
});
