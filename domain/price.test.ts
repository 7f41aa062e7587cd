import { describe, expect, it } from "vitest";
import { priceLine } from "./price";

describe("price line", () => {
  it("says Free Event when any ticket costs nothing, even beside paid ones", () => {
    expect(priceLine([{ priceCents: 25_00 }, { priceCents: 0 }])).toEqual({ kind: "free" });
  });

  it("says From the lowest price when there are several paid ticket types", () => {
    expect(priceLine([{ priceCents: 45_00 }, { priceCents: 120_00 }, { priceCents: 18_00 }])).toEqual({
      kind: "from",
      cents: 18_00,
    });
  });

  it("gives the single price when there is one ticket type", () => {
    expect(priceLine([{ priceCents: 500_00 }])).toEqual({ kind: "single", cents: 500_00 });
  });

  it("has nothing to say when there are no tickets yet", () => {
    expect(priceLine([])).toEqual({ kind: "none" });
  });
});
