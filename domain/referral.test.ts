import { describe, expect, it } from "vitest";
import { bpsToPercent, commissionCents, isReferralCode, percentToBps } from "./referral";

describe("a promoter's commission", () => {
  it("is the rate of the ticket revenue, rounded down to the cent", () => {
    expect(commissionCents(10_000, 1000)).toBe(1000);
    expect(commissionCents(2_999, 1250)).toBe(374);
    expect(commissionCents(5_000, 0)).toBe(0);
    expect(commissionCents(0, 2500)).toBe(0);
  });
});

describe("a commission percentage typed in a form", () => {
  it("becomes basis points with up to two decimals, from 0 to 100", () => {
    expect(percentToBps("")).toBe(0);
    expect(percentToBps("10")).toBe(1000);
    expect(percentToBps("12.5")).toBe(1250);
    expect(percentToBps("7,25")).toBe(725);
    expect(percentToBps("100")).toBe(10_000);
    expect(percentToBps("100.01")).toBeNull();
    expect(percentToBps("-5")).toBeNull();
    expect(percentToBps("1.234")).toBeNull();
    expect(percentToBps("ten")).toBeNull();
    expect(bpsToPercent(1250)).toBe("12.5");
  });
});

describe("share and promoter codes", () => {
  it("are ten base64url characters", () => {
    expect(isReferralCode("Ab3_-9xYz0")).toBe(true);
    expect(isReferralCode("short")).toBe(false);
    expect(isReferralCode("Ab3_-9xYz0!")).toBe(false);
    expect(isReferralCode("Ab3 -9xYz0")).toBe(false);
    expect(isReferralCode(undefined)).toBe(false);
  });
});
