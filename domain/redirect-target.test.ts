import { describe, expect, it } from "vitest";
import { resolveRedirectTarget, sitePathOf } from "./redirect-target";

const rules = {
  siteUrl: "https://events.example.org",
  allowList: ["https://partner.example.net", "https://*.preview.example.org/**", "myapp://auth/callback"],
};

describe("redirect targets", () => {
  it("keeps pages of the site, and paths given without the site's address", () => {
    expect(resolveRedirectTarget("https://events.example.org/dashboard?tab=2", rules)).toBe(
      "https://events.example.org/dashboard?tab=2",
    );
    expect(resolveRedirectTarget("/reset-password", rules)).toBe("https://events.example.org/reset-password");
  });

  it("drops a fragment, since tokens are added there", () => {
    expect(resolveRedirectTarget("https://events.example.org/x#access_token=stolen", rules)).toBe(
      "https://events.example.org/x",
    );
  });

  it("keeps addresses on the allow-list, with * inside one label and ** for any path", () => {
    expect(resolveRedirectTarget("https://partner.example.net/welcome", rules)).toBe(
      "https://partner.example.net/welcome",
    );
    expect(resolveRedirectTarget("https://pr-12.preview.example.org/a/b", rules)).toBe(
      "https://pr-12.preview.example.org/a/b",
    );
    expect(resolveRedirectTarget("myapp://auth/callback", rules)).toBe("myapp://auth/callback");
    expect(resolveRedirectTarget("https://evil.com/.preview.example.org/", rules)).toBe("https://events.example.org/");
    expect(resolveRedirectTarget("https://a.b.preview.example.org/", rules)).toBe("https://events.example.org/");
  });

  it("sends every other target to the site's home", () => {
    const attacks = [
      "https://evil.com",
      "//evil.com",
      "///evil.com",
      "https://events.example.org.evil.com",
      "https://events.example.org@evil.com",
      "https://evil.com\\@events.example.org",
      "https:/\\evil.com",
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "http://2130706433",
      "http://[::1]",
      "http://events.example.org",
      "https%3A%2F%2Fevil.com",
      "https://events.example.org\n.evil.com",
      "https://partner.example.net.evil.com",
      "https://partner.example.netevil.com",
      "myapp://auth/callback-evil",
      `https://events.example.org/${"a".repeat(3000)}`,
      "",
      42,
      null,
    ];
    for (const target of attacks) {
      expect(resolveRedirectTarget(target, rules), String(target)).toBe("https://events.example.org/");
    }
  });

  it("allows only the site's own port on localhost: another local port is another program", () => {
    const local = { siteUrl: "http://localhost:3000", allowList: [] };
    expect(resolveRedirectTarget("http://localhost:3000/cb", local)).toBe("http://localhost:3000/cb");
    expect(resolveRedirectTarget("http://localhost:5173/cb", local)).toBe("http://localhost:3000/");
    expect(resolveRedirectTarget("http://127.0.0.1:5173/cb", local)).toBe("http://localhost:3000/");
    // A local port of one's own is allowed by listing it, as any other address.
    const listed = { ...local, allowList: ["http://localhost:5173"] };
    expect(resolveRedirectTarget("http://localhost:5173/cb", listed)).toBe("http://localhost:5173/cb");
  });

  it("gives the path of a site page for a next parameter, and home for anything else", () => {
    expect(sitePathOf("https://events.example.org/dashboard?x=1", rules.siteUrl)).toBe("/dashboard?x=1");
    expect(sitePathOf("https://partner.example.net/welcome", rules.siteUrl)).toBe("/");
    // The site's own address with a path that reads as another host once it stands alone.
    expect(sitePathOf("https://events.example.org//evil.example/x", rules.siteUrl)).toBe("/");
  });
});
