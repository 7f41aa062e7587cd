import { describe, expect, it } from "vitest";
import { PROFILE_LIMITS, profileUpdateSchema, socialLinksSchema } from "./profile-schema";

const valid = { name: "Ada Lovelace", preferredLanguage: "fr", socialLinks: {} };

describe("profile updates", () => {
  it("trim text and store empty optional fields as nothing", () => {
    expect(
      profileUpdateSchema.parse({ ...valid, name: "  Ada  ", bio: " ", organization: "", location: " Arlington " }),
    ).toEqual({
      name: "Ada",
      bio: null,
      organization: null,
      location: "Arlington",
      preferredLanguage: "fr",
      socialLinks: {},
    });
  });

  it("need a name within the limit and one of the four languages", () => {
    expect(profileUpdateSchema.safeParse({ ...valid, name: "  " }).success).toBe(false);
    expect(profileUpdateSchema.safeParse({ ...valid, name: "a".repeat(PROFILE_LIMITS.name + 1) }).success).toBe(false);
    expect(profileUpdateSchema.safeParse({ ...valid, preferredLanguage: "de" }).success).toBe(false);
    expect(profileUpdateSchema.safeParse({ ...valid, bio: "b".repeat(PROFILE_LIMITS.bio + 1) }).success).toBe(false);
  });

  it("drop empty social links and keep the others when they are web addresses", () => {
    const parsed = profileUpdateSchema.parse({
      ...valid,
      socialLinks: { twitter: "", github: " https://github.com/ada ", website: "https://ada.example.org" },
    });
    expect(parsed.socialLinks).toEqual({ github: "https://github.com/ada", website: "https://ada.example.org" });
  });

  it("refuse links that are not http(s) addresses and networks we do not know", () => {
    for (const url of ["javascript:alert(1)", "data:text/html,hi", "ftp://example.org", "not a url"]) {
      expect(socialLinksSchema.safeParse({ website: url }).success, url).toBe(false);
    }
    expect(socialLinksSchema.safeParse({ myspace: "https://myspace.com/ada" }).success).toBe(false);
    expect(profileUpdateSchema.safeParse({ ...valid, email: "ada@example.org" }).success).toBe(false);
  });
});
