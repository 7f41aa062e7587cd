import { describe, expect, it } from "vitest";
import { parseSponsorInput } from "./sponsor";

const GOOD = {
  name: "  Potomac Credit Union ",
  description: "A member-owned credit union.",
  website: "https://potomac.example.org",
  tier: "gold",
  industry: "Financial services",
  contactEmail: "Events@Potomac.example.org",
  accountEmail: "",
};

describe("parseSponsorInput", () => {
  it("trims texts, reads the address in lower case, and takes an empty account as none", () => {
    expect(parseSponsorInput(GOOD)).toEqual({
      ok: true,
      value: { ...GOOD, name: "Potomac Credit Union", contactEmail: "events@potomac.example.org", accountEmail: null },
    });
  });

  it("names each bad field: missing, too long, not a web address, not a tier, not an address", () => {
    const parsed = parseSponsorInput({
      ...GOOD,
      name: " ",
      description: "x".repeat(2001),
      website: "javascript:alert(1)//example.org",
      tier: "platinum",
      contactEmail: "nope",
      accountEmail: "also nope",
    });
    expect(parsed).toEqual({
      ok: false,
      fields: {
        name: "required",
        description: "too_long",
        website: "invalid_url",
        tier: "invalid_tier",
        contactEmail: "invalid_email",
        accountEmail: "invalid_email",
      },
    });
    expect(parseSponsorInput({ ...GOOD, website: "https://localhost" })).toMatchObject({
      fields: { website: "invalid_url" },
    });
    expect(parseSponsorInput({ ...GOOD, name: ["a", "b"] })).toMatchObject({ fields: { name: "required" } });
  });

  it("leaves out what a partial change does not send", () => {
    expect(parseSponsorInput({ tier: "bronze" }, true)).toEqual({ ok: true, value: { tier: "bronze" } });
    expect(parseSponsorInput({ accountEmail: "" }, true)).toEqual({ ok: true, value: { accountEmail: null } });
    expect(parseSponsorInput({}, false)).toMatchObject({ ok: false, fields: { name: "required", tier: "required" } });
  });
});
