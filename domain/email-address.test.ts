import { describe, expect, it } from "vitest";
import { MAX_EMAIL_LENGTH, parseEmailAddress } from "./email-address";

describe("e-mail addresses", () => {
  it("lower-cases addresses so any capitalisation reaches the same account", () => {
    expect(parseEmailAddress("User@Example.COM")).toEqual({ ok: true, email: "user@example.com" });
  });

  it("accepts plus-addressing, dots and punycode domains", () => {
    for (const address of ["first.last+events@example.org", "a_b-c@sub.example.co.uk", "me@xn--bcher-kva.example"]) {
      expect(parseEmailAddress(address), address).toEqual({ ok: true, email: address });
    }
  });

  it("says an address is required when it is missing or not a string", () => {
    for (const input of [undefined, null, "", 123, [], {}]) {
      expect(parseEmailAddress(input)).toEqual({ ok: false, problem: "required" });
    }
  });

  it("refuses addresses longer than 254 characters", () => {
    const long = `${"a".repeat(60)}@${"b".repeat(MAX_EMAIL_LENGTH - 60)}.com`;
    expect(parseEmailAddress(long)).toEqual({ ok: false, problem: "too_long" });
  });

  it("refuses whitespace, line breaks that would inject mail headers, and control characters", () => {
    for (const address of [" a@b.com", "a@b.com\n", "a@b.com\r\nBcc: x@evil.com", "a\t@b.com", "a\u0000@b.com"]) {
      expect(parseEmailAddress(address), JSON.stringify(address)).toEqual({ ok: false, problem: "invalid_format" });
    }
  });

  it("refuses Unicode look-alikes, zero-width characters and bidi overrides", () => {
    const tricks = [
      "\u0430dmin@example.com", // Cyrillic а
      "ａ@ｂ.com", // fullwidth
      "ad\u200bmin@example.com",
      "admin\u200d@example.com",
      "\ufeffadmin@example.com",
      "admin@exa\u202emple.com",
      "e\u0301@example.com",
      "\u00e9@example.com",
      "\u0130nfo@example.com",
      "stra\u00dfe@example.com",
      "user@b\u00fccher.example",
    ];
    for (const address of tricks) {
      expect(parseEmailAddress(address), JSON.stringify(address)).toEqual({ ok: false, problem: "invalid_format" });
    }
  });

  it("refuses quoted local parts, comments, two @, stray dots, bare hosts and IP literals", () => {
    for (const address of [
      '"a b"@x.com',
      "a(c)@x.com",
      "a@b@x.com",
      ".a@x.com",
      "a.@x.com",
      "a..b@x.com",
      "a@.x.com",
      "a@x..com",
      "user@localhost",
      "user@[127.0.0.1]",
      "user@127.0.0.1",
      "@x.com",
      "user@",
      "user@-x.com",
      `${"a".repeat(65)}@x.com`,
    ]) {
      expect(parseEmailAddress(address), address).toEqual({ ok: false, problem: "invalid_format" });
    }
  });
});
