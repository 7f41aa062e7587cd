import { describe, expect, it } from "vitest";
import {
  cardBrand,
  cardExpiresAt,
  cardInputSchema,
  cardInputSchemaAt,
  cardLast4,
  isCardExpired,
  isCardNumberValid,
  isCvcValid,
  isLuhnValid,
  normalizeCardNumber,
} from "./payment-card";

/** Stripe's public test numbers, one or more per brand (docs.stripe.com/testing). */
const STRIPE_TEST_CARDS = {
  visa: ["4242424242424242", "4000056655665556", "4000000000000002"],
  mastercard: ["5555555555554444", "2223003122003222", "5200828282828210", "5105105105105100"],
  amex: ["378282246310005", "371449635398431"],
  discover: ["6011111111111117", "6011000990139424", "6011981111111113"],
  diners: ["3056930009020004", "36227206271667"],
  jcb: ["3566002020360505"],
  unionpay: ["6200000000000005", "6200000000000047", "6205500000000000004"],
} as const;

const NOW = new Date("2026-05-15T12:00:00Z");

function fieldProblems(result: ReturnType<typeof cardInputSchema.safeParse>): Record<string, string> {
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

describe("card numbers", () => {
  it("passes the Luhn check for every Stripe test number", () => {
    for (const numbers of Object.values(STRIPE_TEST_CARDS)) {
      for (const number of numbers) expect(isLuhnValid(number), number).toBe(true);
    }
  });

  it("fails the Luhn check when one digit is mistyped or two are swapped", () => {
    expect(isLuhnValid("4242424242424241")).toBe(false);
    expect(isLuhnValid("4242424242424224")).toBe(false);
    expect(isLuhnValid("2442424242424242")).toBe(false);
  });

  it("fails the Luhn check for anything that is not only digits", () => {
    for (const input of ["", "4242 4242 4242 4242", "42424242424242a2", "٤٢٤٢٤٢٤٢٤٢٤٢٤٢٤٢"]) {
      expect(isLuhnValid(input), input).toBe(false);
    }
  });

  it("names the brand of each Stripe test number as a lowercase word", () => {
    for (const [brand, numbers] of Object.entries(STRIPE_TEST_CARDS)) {
      for (const number of numbers) expect(cardBrand(number), number).toBe(brand);
    }
  });

  it("knows the edges of the Mastercard 2-series and the Discover and JCB ranges", () => {
    expect(cardBrand("2221000000000009")).toBe("mastercard");
    expect(cardBrand("2720990000000007")).toBe("mastercard");
    expect(cardBrand("2220990000000000")).toBeNull();
    expect(cardBrand("2721000000000000")).toBeNull();
    expect(cardBrand("6440000000000000")).toBe("discover");
    expect(cardBrand("6500000000000000")).toBe("discover");
    expect(cardBrand("3528000000000000")).toBe("jcb");
    expect(cardBrand("3590000000000000")).toBeNull();
  });

  it("has no brand for numbers no network we know issues", () => {
    expect(cardBrand("9999999999999995")).toBeNull();
    expect(cardBrand("")).toBeNull();
  });

  it("accepts a Luhn-valid number of a length its brand issues", () => {
    expect(isCardNumberValid("4242424242424242")).toBe(true);
    expect(isCardNumberValid("378282246310005")).toBe(true);
    expect(isCardNumberValid("36227206271667")).toBe(true);
  });

  it("refuses Luhn-valid numbers of a length their brand never issues", () => {
    // 15 digits starting with 4 (Visa is 13, 16 or 19), 16 starting with 37 (Amex is 15).
    expect(isLuhnValid("424242424242424")).toBe(true);
    expect(isCardNumberValid("424242424242424")).toBe(false);
    expect(isLuhnValid("3782822463100003")).toBe(true);
    expect(isCardNumberValid("3782822463100003")).toBe(false);
  });

  it("accepts a Luhn-valid number of an unknown brand when it is 12 to 19 digits long", () => {
    expect(isCardNumberValid("9999999999999995")).toBe(true);
    expect(isCardNumberValid("99999999995")).toBe(false);
    expect(isCardNumberValid("99999999999999999990")).toBe(false);
  });

  it("drops the spaces and dashes people group digits with, and keeps only the last 4", () => {
    expect(normalizeCardNumber(" 4242 4242-4242\u00a04242 ")).toBe("4242424242424242");
    expect(cardLast4("4242424242424242")).toBe("4242");
  });
});

describe("card expiry", () => {
  it("keeps a card good until the end of its expiry month in UTC", () => {
    expect(cardExpiresAt(5, 2026).toISOString()).toBe("2026-06-01T00:00:00.000Z");
    expect(isCardExpired({ expMonth: 5, expYear: 2026 }, new Date("2026-05-31T23:59:59.999Z"))).toBe(false);
    expect(isCardExpired({ expMonth: 5, expYear: 2026 }, new Date("2026-06-01T00:00:00.000Z"))).toBe(true);
  });

  it("rolls a December expiry over into January of the next year", () => {
    expect(cardExpiresAt(12, 2026).toISOString()).toBe("2027-01-01T00:00:00.000Z");
    expect(isCardExpired({ expMonth: 12, expYear: 2026 }, new Date("2026-12-31T23:00:00Z"))).toBe(false);
  });

  it("counts last month and any past year as expired", () => {
    expect(isCardExpired({ expMonth: 4, expYear: 2026 }, NOW)).toBe(true);
    expect(isCardExpired({ expMonth: 12, expYear: 2025 }, NOW)).toBe(true);
  });
});

describe("card security codes", () => {
  it("wants 4 digits for American Express and 3 for the other brands", () => {
    expect(isCvcValid("1234", "amex")).toBe(true);
    expect(isCvcValid("123", "amex")).toBe(false);
    expect(isCvcValid("123", "visa")).toBe(true);
    expect(isCvcValid("1234", "visa")).toBe(false);
  });

  it("takes 3 or 4 digits when the brand is unknown, and never anything but digits", () => {
    expect(isCvcValid("123", null)).toBe(true);
    expect(isCvcValid("1234", null)).toBe(true);
    expect(isCvcValid("12a", null)).toBe(false);
    expect(isCvcValid("12", null)).toBe(false);
  });
});

describe("the card form", () => {
  const form = { number: "4242 4242 4242 4242", expMonth: "12", expYear: "34", cvc: "123" };

  it("reads form strings into a card with digits only and a four-digit year", () => {
    expect(cardInputSchema.parse(form)).toEqual({
      number: "4242424242424242",
      expMonth: 12,
      expYear: 2034,
      cvc: "123",
    });
  });

  it("takes numbers from JSON and four-digit years as they are", () => {
    expect(cardInputSchema.parse({ number: "4242-4242-4242-4242", expMonth: 1, expYear: 2031, cvc: "999" })).toEqual({
      number: "4242424242424242",
      expMonth: 1,
      expYear: 2031,
      cvc: "999",
    });
    expect(cardInputSchema.parse({ ...form, expMonth: "03", expYear: "2031" })).toMatchObject({
      expMonth: 3,
      expYear: 2031,
    });
  });

  it("says card_number_invalid for a Luhn-invalid, too short, lettered or missing number", () => {
    for (const number of ["4242 4242 4242 4241", "4242", "4242 4242 4242 424x", "", undefined, 4242424242424242]) {
      expect(fieldProblems(cardInputSchema.safeParse({ ...form, number })), String(number)).toEqual({
        number: "card_number_invalid",
      });
    }
  });

  it("says expiry_invalid for a month outside 1–12 or a year of three digits", () => {
    for (const expMonth of ["0", "13", "", "1.5", "ab", undefined, -1]) {
      expect(fieldProblems(cardInputSchema.safeParse({ ...form, expMonth })), String(expMonth)).toEqual({
        expMonth: "expiry_invalid",
      });
    }
    for (const expYear of ["203", "20345", "", "yy", undefined, 1999, 2100]) {
      expect(fieldProblems(cardInputSchema.safeParse({ ...form, expYear })), String(expYear)).toEqual({
        expYear: "expiry_invalid",
      });
    }
  });

  it("says cvc_invalid for a code of the wrong length for the brand, or with letters", () => {
    for (const cvc of ["12", "1234", "12a", "", undefined]) {
      expect(fieldProblems(cardInputSchema.safeParse({ ...form, cvc })), String(cvc)).toEqual({ cvc: "cvc_invalid" });
    }
    expect(fieldProblems(cardInputSchema.safeParse({ ...form, number: "378282246310005", cvc: "123" }))).toEqual({
      cvc: "cvc_invalid",
    });
    expect(cardInputSchema.safeParse({ ...form, number: "378282246310005", cvc: "1234" }).success).toBe(true);
  });

  it("reports every field's problem at once", () => {
    expect(fieldProblems(cardInputSchema.safeParse({ number: "1", expMonth: "13", expYear: "x", cvc: "" }))).toEqual({
      number: "card_number_invalid",
      expMonth: "expiry_invalid",
      expYear: "expiry_invalid",
      cvc: "cvc_invalid",
    });
  });

  it("says expiry_past on the year for a card whose month has ended, when read at a given time", () => {
    const schema = cardInputSchemaAt(NOW);
    expect(fieldProblems(schema.safeParse({ ...form, expMonth: "4", expYear: "26" }))).toEqual({
      expYear: "expiry_past",
    });
    expect(schema.safeParse({ ...form, expMonth: "5", expYear: "26" }).success).toBe(true);
  });
});
