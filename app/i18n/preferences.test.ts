import { describe, expect, it } from "vitest";
import { negotiateLanguage, themeFromRequest } from "./preferences";

function request(url: string, headers: Record<string, string> = {}) {
  return new Request(`http://localhost${url}`, { headers });
}

describe("choosing the page language", () => {
  it("prefers ?lang= over the cookie, and the cookie over the browser's languages", () => {
    expect(negotiateLanguage(request("/?lang=am", { Cookie: "lang=fr", "Accept-Language": "ar" }))).toBe("am");
    expect(negotiateLanguage(request("/", { Cookie: "theme=dark; lang=fr", "Accept-Language": "ar" }))).toBe("fr");
    expect(negotiateLanguage(request("/", { "Accept-Language": "de-DE, ar-EG;q=0.8, fr;q=0.5" }))).toBe("ar");
  });

  it("falls back to English for unknown or malformed values", () => {
    expect(negotiateLanguage(request("/?lang=xx", { Cookie: "lang=%E0%A4%A", "Accept-Language": ";;q=abc" }))).toBe(
      "en",
    );
  });
});

describe("the theme from the request", () => {
  it("reads a valid theme cookie and otherwise follows the system", () => {
    expect(themeFromRequest(request("/", { Cookie: "theme=dark" }))).toBe("dark");
    expect(themeFromRequest(request("/", { Cookie: "theme=neon" }))).toBe("system");
  });
});
