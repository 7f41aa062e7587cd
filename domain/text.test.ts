import { describe, expect, it } from "vitest";
import { hasUnstorableText, isWellFormedText, unstorableTextPlaces, withoutBrokenText } from "./text";

describe("isWellFormedText", () => {
  it("takes text in every script the site speaks, emoji included", () => {
    for (const text of ["Jazz on the Wharf", "Fête de la musique", "حفلة موسيقية", "የሙዚቃ ምሽት", "🎷 night"]) {
      expect(isWellFormedText(text)).toBe(true);
    }
  });

  it("refuses NUL, the replacement character and unpaired surrogates", () => {
    for (const text of ["a\u0000b", "bad \uFFFD byte", "lone \uD83C", "lone \uDFB7 low", "\uDFB7\uD83C"]) {
      expect(isWellFormedText(text)).toBe(false);
    }
  });
});

describe("withoutBrokenText", () => {
  it("drops NUL, the replacement character and unpaired surrogates, and keeps every script and emoji", () => {
    expect(withoutBrokenText("a\u0000b \uFFFDc\uD83C d\uDFB7")).toBe("ab c d");
    expect(withoutBrokenText("حفلة 🎷 የሙዚቃ")).toBe("حفلة 🎷 የሙዚቃ");
  });
});

describe("unstorableTextPlaces", () => {
  it("names every place with NUL or half a surrogate pair, a key's at its object", () => {
    expect(
      unstorableTextPlaces({
        title: "Jazz\u0000Nights",
        ticketTypes: [{ name: "General" }, { name: "end\uD83C" }],
        data: { "na\u0000me": "Abebe" },
      }),
    ).toEqual(["title", "ticketTypes.1.name", "data"]);
    expect(unstorableTextPlaces("\uDC00")).toEqual(["body"]);
    expect(hasUnstorableText(["ok", "a\u0000"])).toBe(true);
  });

  it("lets everything else through: every script, emoji, other control characters, numbers, the replacement character", () => {
    expect(hasUnstorableText({ title: "ሰላም مرحبا Café \t\n\u0001 😀 \uFFFD", price: 1800, tags: null })).toBe(false);
    expect(hasUnstorableText(undefined)).toBe(false);
  });
});
