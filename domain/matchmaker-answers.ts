import { z } from "zod";
import { CATEGORIES, type CategoryKey } from "./catalog";
import { LANGUAGES, type Language } from "./language";

/**
 * The Event Matchmaker's answers (/event-matchmaker, issue 20): what the person likes, when they are free,
 * what they will spend, how far they will go, in which languages and with whom. A signed-in person may
 * keep them (table matchmaker_answers), and recommendations then rank by them. Error messages are keys of
 * the page's words (matchmaker.errors.*).
 */

export const MATCHMAKER_WHEN = ["this-week", "this-weekend", "next-weekend", "this-month", "any"] as const;
export type MatchmakerWhen = (typeof MATCHMAKER_WHEN)[number];

export const MATCHMAKER_COMPANY = ["alone", "friends", "family"] as const;
export type MatchmakerCompany = (typeof MATCHMAKER_COMPANY)[number];

/** The distances offered, in miles; null is "any distance". */
export const MATCHMAKER_DISTANCES_MILES = [3, 10, 25, 50] as const;
export const MAX_MATCHMAKER_PRICE_CENTS = 100_000;

const CATEGORY_KEYS = CATEGORIES.map((category) => category.key) as [CategoryKey, ...CategoryKey[]];

export const matchmakerAnswersSchema = z.object({
  categories: z
    .array(z.enum(CATEGORY_KEYS, { message: "categories_invalid" }))
    .min(1, { message: "categories_required" })
    .max(CATEGORIES.length, { message: "categories_invalid" })
    .refine((keys) => new Set(keys).size === keys.length, { message: "categories_invalid" }),
  when: z.enum(MATCHMAKER_WHEN, { message: "when_invalid" }),
  /** The most they will pay for a ticket, or null for any price; 0 is "free only". */
  maxPriceCents: z
    .number({ message: "price_invalid" })
    .int({ message: "price_invalid" })
    .min(0, { message: "price_invalid" })
    .max(MAX_MATCHMAKER_PRICE_CENTS, { message: "price_invalid" })
    .nullable(),
  /** How far they will go, or null for any distance (also when no starting point is known). */
  maxMiles: z
    .number({ message: "distance_invalid" })
    .refine((miles) => (MATCHMAKER_DISTANCES_MILES as readonly number[]).includes(miles), {
      message: "distance_invalid",
    })
    .nullable(),
  /** Where distances are counted from (the browser's location, or a place the person chose). */
  origin: z
    .object({
      latitude: z.number().min(-90).max(90),
      longitude: z.number().min(-180).max(180),
    })
    .nullable(),
  languages: z
    .array(z.enum(LANGUAGES as unknown as [Language, ...Language[]], { message: "languages_invalid" }))
    .max(LANGUAGES.length, { message: "languages_invalid" }),
  company: z.enum(MATCHMAKER_COMPANY, { message: "company_invalid" }),
});
export type MatchmakerAnswers = z.infer<typeof matchmakerAnswersSchema>;
