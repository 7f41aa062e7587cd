import { describe, expect, it } from "vitest";
import { sameSitePath } from "./next-path";

describe("sameSitePath", () => {
  it("keeps a path on this site with its query and fragment", () => {
    expect(sameSitePath("/events/12?lang=fr#tickets", "/dashboard")).toBe("/events/12?lang=fr#tickets");
  });

  it("resolves dot segments as a browser would", () => {
    expect(sameSitePath("/events/./12/../13?x=1", "/dashboard")).toBe("/events/13?x=1");
  });

  it.each([
    ["another site", "https://evil.example/"],
    ["a protocol-relative address", "//evil.example"],
    ["a backslash that browsers read as a slash", "/\\evil.example"],
    ["a tab browsers drop, leaving //", "/\t/evil.example"],
    ["a line break", "/x\n"],
    ["a relative path", "dashboard"],
    ["a dot segment that resolves to //host", "/.//evil.example"],
    ["dot segments that climb to //host", "/a/..//evil.example/x"],
    ["an encoded dot segment that resolves to //host", "/%2e//evil.example"],
    ["a script address", "javascript:alert(1)"],
    ["nothing", ""],
    ["not a string", 42],
    ["an overlong path", `/${"a".repeat(2000)}`],
  ])("falls back for %s", (_name, value) => {
    expect(sameSitePath(value, "/dashboard")).toBe("/dashboard");
  });
});
