import { describe, expect, it } from "vitest";
import { retryDelayMs } from "./retry-delay";

describe("the wait before a failed job runs again", () => {
  it("starts at 30 seconds and doubles after each failure", () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000, 480_000]);
  });

  it("never exceeds an hour", () => {
    expect(retryDelayMs(8)).toBe(60 * 60_000);
    expect(retryDelayMs(50)).toBe(60 * 60_000);
  });

  it("adds up to about an hour over the default eight attempts", () => {
    const total = [1, 2, 3, 4, 5, 6, 7].reduce((sum, attempt) => sum + retryDelayMs(attempt), 0);
    expect(total).toBeGreaterThan(55 * 60_000);
    expect(total).toBeLessThan(2 * 60 * 60_000);
  });
});
