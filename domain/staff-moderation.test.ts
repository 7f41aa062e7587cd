import { describe, expect, it } from "vitest";
import {
  changedFields,
  INDEFINITE_SUSPENSION_END,
  isIndefiniteSuspension,
  suspensionEnd,
  suspensionSchema,
} from "./staff-moderation";

const NOW = new Date("2026-11-27T12:00:00Z");

describe("a suspension", () => {
  it("needs a reason, trimmed, of at most 500 characters, and lasts a week, a month or until restored", () => {
    expect(suspensionSchema.parse({ reason: "  Spam events  " })).toEqual({
      reason: "Spam events",
      length: "indefinite",
    });
    expect(suspensionSchema.parse({ reason: "x", length: "7" })).toEqual({ reason: "x", length: "7" });
    const problems = (input: unknown) =>
      suspensionSchema.safeParse(input).error?.issues.map((issue) => `${issue.path.join(".")}:${issue.message}`);
    expect(problems({ reason: "   " })).toEqual(["reason:reason_required"]);
    expect(problems({})).toEqual(["reason:reason_required"]);
    expect(problems({ reason: "x".repeat(501) })).toEqual(["reason:reason_too_long"]);
    // U+FFFD is what a broken client's invalid UTF-8 decodes to: no person typed it.
    expect(problems({ reason: "Spam \uFFFD" })).toEqual(["reason:reason_invalid"]);
    expect(problems({ reason: "x", length: "365" })).toEqual(["length:length_invalid"]);
  });

  it("ends 7 or 30 days later, or on a day no one reaches", () => {
    expect(suspensionEnd("7", NOW).toISOString()).toBe("2026-12-04T12:00:00.000Z");
    expect(suspensionEnd("30", NOW).toISOString()).toBe("2026-12-27T12:00:00.000Z");
    expect(suspensionEnd("indefinite", NOW)).toEqual(INDEFINITE_SUSPENSION_END);
    expect(isIndefiniteSuspension(suspensionEnd("indefinite", NOW))).toBe(true);
    expect(isIndefiniteSuspension(suspensionEnd("30", NOW))).toBe(false);
  });
});

describe("what an audited action changed", () => {
  it("lists only the fields whose values differ, in order", () => {
    expect(
      changedFields(
        { isFeatured: false, title: "Jazz", tags: ["a"] },
        { isFeatured: true, title: "Jazz", tags: ["a", "b"] },
      ),
    ).toEqual([
      { field: "isFeatured", before: false, after: true },
      { field: "tags", before: ["a"], after: ["a", "b"] },
    ]);
    expect(changedFields({ a: 1 }, { a: 1 })).toEqual([]);
    expect(changedFields({ a: 1 }, { b: 2 })).toEqual([
      { field: "a", before: 1, after: null },
      { field: "b", before: null, after: 2 },
    ]);
  });

  it("shows a created or deleted item field by field, and a plain value as one field", () => {
    expect(changedFields(null, { name: "Gold" })).toEqual([{ field: "name", before: null, after: "Gold" }]);
    expect(changedFields({ name: "Gold" }, null)).toEqual([{ field: "name", before: "Gold", after: null }]);
    expect(changedFields("draft", "published")).toEqual([{ field: "value", before: "draft", after: "published" }]);
    expect(changedFields(null, undefined)).toEqual([]);
  });
});
