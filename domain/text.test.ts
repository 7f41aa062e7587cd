import { describe, expect, it } from "vitest";
import { isWellFormedText } from "./text";

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
