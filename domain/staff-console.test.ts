import { describe, expect, it } from "vitest";
import { STAFF_SEARCH_MAX_LENGTH, staffSearchText } from "./staff-console";

describe("staffSearchText", () => {
  it("searches for what was typed, trimmed, without the characters a database cannot compare", () => {
    expect(staffSearchText("  Layla Mansour ")).toBe("Layla Mansour");
    expect(staffSearchText("lay\u0000la")).toBe("layla");
    expect(staffSearchText("\u0000")).toBe("");
    expect(staffSearchText(null)).toBe("");
  });

  it("reads at most STAFF_SEARCH_MAX_LENGTH characters", () => {
    expect(staffSearchText("x".repeat(STAFF_SEARCH_MAX_LENGTH + 50))).toHaveLength(STAFF_SEARCH_MAX_LENGTH);
  });
});
