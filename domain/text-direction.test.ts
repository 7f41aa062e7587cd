import { describe, expect, it } from "vitest";
import { directionOfText, formatMoney, isolateUserText } from "./text-direction";

describe("prices, one clear form per language", () => {
  it("are written $18.00 in English and 18,00 $US in French", () => {
    expect(formatMoney(18_00, "en")).toBe("$18.00");
    expect(formatMoney(18_00, "fr")).toBe("18,00\u00a0$US");
    expect(formatMoney(1_234_50, "fr")).toBe("1\u202f234,50\u00a0$US");
  });

  it("are written US$ 18.00 in Arabic, isolated left to right so an Arabic line cannot split them", () => {
    // U+2066 … U+2069: a left-to-right isolate; without it "$" moved to the far side ("$US 18.00").
    expect(formatMoney(18_00, "ar")).toBe("\u2066US$\u00a018.00\u2069");
    expect(formatMoney(1_234_50, "ar")).toBe("\u2066US$\u00a01,234.50\u2069");
  });

  it("are written US$ 18.00 in Amharic, the currency apart from the amount", () => {
    expect(formatMoney(18_00, "am")).toBe("US$\u00a018.00");
    expect(formatMoney(0, "am")).toBe("US$\u00a00.00");
  });
});

describe("someone's own words inside a sentence", () => {
  it("are isolated so their first letter decides their direction", () => {
    expect(isolateUserText("9:30 Club")).toBe("\u20689:30 Club\u2069");
  });
});

describe("the direction of someone's words", () => {
  it("is that of their first letter, as dir=auto finds it", () => {
    expect(directionOfText("9:30 Club")).toBe("ltr");
    expect(directionOfText("«أمسية» Jazz")).toBe("rtl");
    expect(directionOfText("ምሽት")).toBe("ltr");
    expect(directionOfText("2026")).toBe("ltr");
  });
});
