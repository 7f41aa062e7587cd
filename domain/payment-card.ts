import { z } from "zod";

/**
 * Rules for a payment card typed on the pay page (the sandbox provider's form, and the payment API).
 * The card itself is never stored: only its brand and last 4 digits are (issue 5).
 */

/** Brands as the stable lowercase words orders store and the UI names (payment.brands.*). */
export const CARD_BRANDS = ["visa", "mastercard", "amex", "discover", "diners", "jcb", "unionpay"] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/**
 * Stable problem words for the pay form and API; the UI translates them (payment.problems.*).
 * Zod messages carry these words, so one schema serves the API, the form action and the client.
 */
export const CARD_PROBLEMS = {
  numberInvalid: "card_number_invalid",
  expiryInvalid: "expiry_invalid",
  expiryPast: "expiry_past",
  cvcInvalid: "cvc_invalid",
} as const;
export type CardProblem = (typeof CARD_PROBLEMS)[keyof typeof CARD_PROBLEMS];

/** ISO/IEC 7812 numbers are 12 to 19 digits long; brands narrow that below. */
const MIN_NUMBER_LENGTH = 12;
const MAX_NUMBER_LENGTH = 19;

interface BrandRule {
  brand: CardBrand;
  /** Whether the number's leading digits (its issuer identification number) belong to the brand. */
  matches: (digits: string) => boolean;
  lengths: readonly number[];
  cvcLength: number;
}

function prefixBetween(digits: string, size: number, low: number, high: number): boolean {
  if (digits.length < size) return false;
  const prefix = Number(digits.slice(0, size));
  return prefix >= low && prefix <= high;
}

const SIXTEEN_TO_NINETEEN = [16, 17, 18, 19] as const;

// Ranges as the card networks publish them (and as Stripe detects brands). Order matters only where
// ranges could overlap: none of these do.
const BRAND_RULES: readonly BrandRule[] = [
  { brand: "amex", matches: (d) => /^3[47]/.test(d), lengths: [15], cvcLength: 4 },
  { brand: "visa", matches: (d) => d.startsWith("4"), lengths: [13, 16, 19], cvcLength: 3 },
  {
    brand: "mastercard",
    matches: (d) => prefixBetween(d, 2, 51, 55) || prefixBetween(d, 4, 2221, 2720),
    lengths: [16],
    cvcLength: 3,
  },
  {
    brand: "discover",
    matches: (d) => d.startsWith("6011") || prefixBetween(d, 3, 644, 649) || d.startsWith("65"),
    lengths: SIXTEEN_TO_NINETEEN,
    cvcLength: 3,
  },
  {
    brand: "diners",
    matches: (d) => prefixBetween(d, 3, 300, 305) || /^3[689]/.test(d),
    lengths: [14, 15, 16, 17, 18, 19],
    cvcLength: 3,
  },
  { brand: "jcb", matches: (d) => prefixBetween(d, 4, 3528, 3589), lengths: SIXTEEN_TO_NINETEEN, cvcLength: 3 },
  { brand: "unionpay", matches: (d) => /^(62|81)/.test(d), lengths: SIXTEEN_TO_NINETEEN, cvcLength: 3 },
];

/** The number as typed, without the spaces and dashes people group digits with. */
export function normalizeCardNumber(input: string): string {
  return input.replace(/[\s-]/g, "");
}

/** The Luhn (mod 10) check digit test every card number passes; catches one mistyped digit or a swap. */
export function isLuhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = digits.charCodeAt(digits.length - 1 - index) - 48;
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The card's brand from its leading digits, or null when no brand we know issues it. */
export function cardBrand(digits: string): CardBrand | null {
  return BRAND_RULES.find((rule) => rule.matches(digits))?.brand ?? null;
}

/** Whether a number (digits only) can be a card: right length for its brand, and Luhn-valid. */
export function isCardNumberValid(digits: string): boolean {
  if (!/^\d+$/.test(digits) || digits.length < MIN_NUMBER_LENGTH || digits.length > MAX_NUMBER_LENGTH) return false;
  const rule = BRAND_RULES.find((candidate) => candidate.matches(digits));
  if (rule && !rule.lengths.includes(digits.length)) return false;
  return isLuhnValid(digits);
}

/** American Express prints a 4-digit code on the front; the others 3 on the back. Unknown: either. */
export function cvcLengthsFor(brand: CardBrand | null): readonly number[] {
  if (brand === null) return [3, 4];
  return [BRAND_RULES.find((rule) => rule.brand === brand)!.cvcLength];
}

export function isCvcValid(cvc: string, brand: CardBrand | null): boolean {
  return /^\d+$/.test(cvc) && cvcLengthsFor(brand).includes(cvc.length);
}

/** A card is good through the last moment of its expiry month; we read that month in UTC. */
export function cardExpiresAt(expMonth: number, expYear: number): Date {
  // Date.UTC months count from 0, so `expMonth` is already the month after: its first instant.
  return new Date(Date.UTC(expYear, expMonth, 1));
}

export function isCardExpired(card: { expMonth: number; expYear: number }, now: Date): boolean {
  return cardExpiresAt(card.expMonth, card.expYear).getTime() <= now.getTime();
}

/** The last 4 digits, the only part of the number that is ever kept or shown. */
export function cardLast4(digits: string): string {
  return digits.slice(-4);
}

/** Form fields arrive as strings; the JSON API may send numbers. Both become numbers when they are digits. */
function digitsAsNumber(value: unknown): unknown {
  return typeof value === "string" && /^\s*\d{1,4}\s*$/.test(value) ? Number(value) : value;
}

const numberField = z
  .string({ error: CARD_PROBLEMS.numberInvalid })
  .max(40, CARD_PROBLEMS.numberInvalid)
  .transform(normalizeCardNumber)
  .refine(isCardNumberValid, CARD_PROBLEMS.numberInvalid);

const expMonthField = z.preprocess(
  digitsAsNumber,
  z
    .number({ error: CARD_PROBLEMS.expiryInvalid })
    .int(CARD_PROBLEMS.expiryInvalid)
    .min(1, CARD_PROBLEMS.expiryInvalid)
    .max(12, CARD_PROBLEMS.expiryInvalid),
);

// "31" and 31 mean 2031, as printed on the card; four digits are taken as they are. Cards made before
// 2000 have long expired, and two digits cannot be read any other way before 2100.
const expYearField = z.preprocess(
  (value) => {
    const raw = typeof value === "string" ? value.trim() : value;
    const year = digitsAsNumber(raw);
    const width = typeof raw === "string" ? raw.length : String(year).length;
    return typeof year === "number" && width <= 2 ? 2000 + year : year;
  },
  z
    .number({ error: CARD_PROBLEMS.expiryInvalid })
    .int(CARD_PROBLEMS.expiryInvalid)
    .min(2000, CARD_PROBLEMS.expiryInvalid)
    .max(2099, CARD_PROBLEMS.expiryInvalid),
);

const cvcField = z
  .string({ error: CARD_PROBLEMS.cvcInvalid })
  .trim()
  .regex(/^\d{3,4}$/, CARD_PROBLEMS.cvcInvalid);

/**
 * A card as the pay form or the payment API sends it: `number` (digits, spaces and dashes allowed,
 * stripped), `expMonth` (1–12), `expYear` (2 or 4 digits, always 4 after parsing) and `cvc` (3 digits,
 * 4 for American Express). Strings from forms and numbers from JSON both work. Problems are the
 * CARD_PROBLEMS words on the field they concern. Whether the card has expired depends on the time:
 * use `cardInputSchemaAt(now)` for that.
 */
export const cardInputSchema = z
  .object({ number: numberField, expMonth: expMonthField, expYear: expYearField, cvc: cvcField })
  .superRefine((card, context) => {
    // Only a number we could read says which brand's code length applies.
    if (!isCvcValid(card.cvc, isCardNumberValid(card.number) ? cardBrand(card.number) : null)) {
      context.addIssue({ code: "custom", path: ["cvc"], message: CARD_PROBLEMS.cvcInvalid });
    }
  });
export type CardInput = z.infer<typeof cardInputSchema>;

/**
 * cardInputSchema plus the expiry against `now`: a past month is `expiry_past`, reported on `expYear`
 * (the part a newer card changes). The payment provider checks again when it charges.
 */
export function cardInputSchemaAt(now: Date) {
  return cardInputSchema.superRefine((card, context) => {
    if (isCardExpired(card, now)) {
      context.addIssue({ code: "custom", path: ["expYear"], message: CARD_PROBLEMS.expiryPast });
    }
  });
}

/**
 * What identifies a card in a request for idempotency: enough to tell two cards apart, never the
 * whole number (its hash would be as good as the number, the digits being so few).
 */
export function cardSummary(card: CardInput | undefined) {
  return card ? { last4: card.number.slice(-4), expMonth: card.expMonth, expYear: card.expYear } : null;
}
