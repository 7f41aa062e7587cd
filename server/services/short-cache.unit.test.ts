import { describe, expect, it } from "vitest";
import { shortCache } from "./short-cache";

describe("the short cache", () => {
  it("shares one computation within its lifetime, on the caller's clock", async () => {
    const computedAt: number[] = [];
    const cached = shortCache(5_000, async (now) => {
      computedAt.push(now.getTime());
      return computedAt.length;
    });
    const [first, concurrent] = await Promise.all([cached(new Date(1_000)), cached(new Date(1_000))]);
    expect([first, concurrent]).toEqual([1, 1]);
    expect(await cached(new Date(5_999))).toBe(1);
    // Five seconds on, and when the clock is moved forward by days: computed afresh at that time.
    expect(await cached(new Date(6_000))).toBe(2);
    expect(await cached(new Date(6_000 + 4 * 24 * 60 * 60_000))).toBe(3);
    expect(computedAt).toEqual([1_000, 6_000, 6_000 + 4 * 24 * 60 * 60_000]);
  });

  it("does not remember a failure", async () => {
    let calls = 0;
    const cached = shortCache(5_000, async () => {
      calls += 1;
      if (calls === 1) throw new Error("database down");
      return "ok";
    });
    await expect(cached(new Date(0))).rejects.toThrow("database down");
    expect(await cached(new Date(1))).toBe("ok");
  });
});
