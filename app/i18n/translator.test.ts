import { describe, expect, it } from "vitest";
import { createTranslator } from "./translator";

const messages = {
  event: {
    when: "When",
    greeting: "Hello {{name}}, welcome to {{ place }}",
    ticketsLeft_one: "{{count}} ticket left",
    ticketsLeft_other: "{{count}} tickets left",
  },
};
const arabic = {
  results_zero: "لا نتائج",
  results_one: "نتيجة واحدة",
  results_two: "نتيجتان",
  results_few: "{{count}} نتائج",
  results_many: "{{count}} نتيجة",
  results_other: "{{count}} نتيجة",
};

describe("the translator", () => {
  it("finds a message by its dotted key and fills its placeholders", () => {
    const { t } = createTranslator("en", messages);
    expect(t("event.when")).toBe("When");
    expect(t("event.greeting", { name: "Amina", place: "DC" })).toBe("Hello Amina, welcome to DC");
  });

  it("picks the plural form the language's rules give for count", () => {
    const { t } = createTranslator("en", messages);
    expect(t("event.ticketsLeft", { count: 1 })).toBe("1 ticket left");
    expect(t("event.ticketsLeft", { count: 0 })).toBe("0 tickets left");
    expect(t("event.ticketsLeft", { count: 12 })).toBe("12 tickets left");
    const ar = createTranslator("ar", arabic).t;
    expect([0, 1, 2, 3, 11, 100].map((count) => ar("results", { count }))).toEqual([
      "لا نتائج",
      "نتيجة واحدة",
      "نتيجتان",
      "3 نتائج",
      "11 نتيجة",
      "100 نتيجة",
    ]);
  });

  it("falls back to the other form when a language lacks one", () => {
    const { t } = createTranslator("fr", { count_one: "{{count}} place", count_other: "{{count}} places" });
    // French uses "many" for millions; these messages give only one and other.
    expect(t("count", { count: 1_000_000 })).toBe("1000000 places");
  });

  it("shows a missing key or placeholder as itself", () => {
    const { t } = createTranslator("en", messages);
    expect(t("event.nope")).toBe("event.nope");
    expect(t("event.when.deeper")).toBe("event.when.deeper");
    expect(t("event.greeting", { name: "Sam" })).toBe("Hello Sam, welcome to {{ place }}");
  });

  it("knows the writing direction of its language", () => {
    expect(createTranslator("ar", arabic).dir()).toBe("rtl");
    expect(createTranslator("am", {}).dir()).toBe("ltr");
  });
});
