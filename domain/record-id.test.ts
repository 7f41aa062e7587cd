import { describe, expect, it } from "vitest";
import { parseRecordId } from "./record-id";

describe("record ids from URLs", () => {
  it("accept positive whole numbers that fit a serial column", () => {
    expect(parseRecordId("1")).toBe(1);
    expect(parseRecordId("2147483647")).toBe(2_147_483_647);
  });

  it("refuse everything else", () => {
    for (const value of ["0", "-1", "1e3", "1.5", "abc", "", " 1", "2147483648", "99999999999", "０１"]) {
      expect(parseRecordId(value), value).toBeNull();
    }
  });
});
