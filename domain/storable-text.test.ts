import { describe, expect, it } from "vitest";
import { hasUnstorableText } from "./storable-text";

describe("hasUnstorableText", () => {
  it("finds a NUL character in a string, a nested value or a key", () => {
    expect(hasUnstorableText("Jazz\u0000Nights")).toBe(true);
    expect(hasUnstorableText({ data: { name: ["Abebe", "Bi\u0000kila"] } })).toBe(true);
    expect(hasUnstorableText({ "full\u0000name": "Abebe" })).toBe(true);
  });

  it("finds half a surrogate pair without its other half, at either end or alone", () => {
    expect(hasUnstorableText("a\uD800b")).toBe(true);
    expect(hasUnstorableText("\uDC00")).toBe(true);
    expect(hasUnstorableText(["ok", "end\uD83C"])).toBe(true);
  });

  it("lets every other text through, other scripts and control characters included", () => {
    expect(hasUnstorableText("ሰላም مرحبا Café \t\n\u0001 😀")).toBe(false);
    expect(hasUnstorableText({ price: 1800, free: false, tags: null, names: ["Abebe"] })).toBe(false);
    expect(hasUnstorableText(undefined)).toBe(false);
  });
});
