import { describe, expect, it } from "vitest";
import COMMON_PASSWORDS from "./common-passwords.json";
import { checkPassword, MAX_PASSWORD_LENGTH, weakPasswordMessage } from "./password-policy";

describe("password policy", () => {
  it("accepts a long, uncommon password without asking for digits or symbols", () => {
    expect(checkPassword("correct horse battery staple")).toEqual({ ok: true });
    expect(checkPassword("tangerine-otter-42")).toEqual({ ok: true });
  });

  it("refuses passwords shorter than 8 characters, counting an emoji as one", () => {
    expect(checkPassword("Zq7#v!x")).toEqual({ ok: false, problem: "weak", reasons: ["length"] });
    expect(checkPassword("Zq7#v!😀")).toEqual({ ok: false, problem: "weak", reasons: ["length"] });
    expect(checkPassword("Zq7#v!x😀")).toEqual({ ok: true });
  });

  it("refuses the passwords attackers try first, whatever their case", () => {
    for (const password of ["password", "Password1", "qwerty123", "iloveyou", "P@ssw0rd", "1q2w3e4r5t", "sunshine"]) {
      expect(checkPassword(password), password).toEqual({ ok: false, problem: "weak", reasons: ["pwned"] });
    }
    expect(checkPassword("123456")).toEqual({ ok: false, problem: "weak", reasons: ["length", "pwned"] });
  });

  it("bundles between one and three thousand common passwords", () => {
    expect(COMMON_PASSWORDS.length).toBeGreaterThanOrEqual(1000);
    expect(COMMON_PASSWORDS.length).toBeLessThanOrEqual(3000);
  });

  it("refuses an oversized password before looking at it, and never truncates a long one", () => {
    expect(checkPassword("a".repeat(1_000_000))).toEqual({ ok: false, problem: "too_long" });
    expect(checkPassword("x".repeat(MAX_PASSWORD_LENGTH + 1))).toEqual({ ok: false, problem: "too_long" });
    expect(checkPassword(`${"A".repeat(72)}x`)).toEqual({ ok: true });
    expect(checkPassword("y".repeat(MAX_PASSWORD_LENGTH))).toEqual({ ok: true });
  });

  it("asks for a password when there is none, or it is not text", () => {
    for (const input of [undefined, null, "", 12345678, {}, []]) {
      expect(checkPassword(input)).toEqual({ ok: false, problem: "required" });
    }
  });

  it("words the weak-password message as Supabase Auth does", () => {
    expect(weakPasswordMessage(["length"])).toBe("Password should be at least 8 characters.");
    expect(weakPasswordMessage(["pwned"])).toMatch(/known to be weak/);
  });
});
