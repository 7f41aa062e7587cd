import type { TFunction } from "./translator";

/**
 * Words stored in English in the data but taken from a short, known list: a sponsor's industry, a
 * promotion's call to action. Shown in the page's language when known; anything else someone typed is
 * shown as they wrote it.
 */

const INDUSTRY_KEYS: Record<string, string> = {
  "Financial services": "financialServices",
  Telecommunications: "telecommunications",
  Healthcare: "healthcare",
  "Real estate": "realEstate",
  "Food & beverage": "foodAndBeverage",
  "Legal services": "legalServices",
  "Retail & mobility": "retailAndMobility",
  Bakery: "bakery",
  Printing: "printing",
  "Fitness & wellness": "fitnessAndWellness",
  "Education & training": "educationAndTraining",
  Catering: "catering",
};

const CALL_TO_ACTION_KEYS: Record<string, string> = {
  "Get tickets": "getTickets",
  "Register now": "registerNow",
  "Learn more": "learnMore",
  "Get notified": "getNotified",
};

export function industryLabel(t: TFunction, industry: string): string {
  const key = INDUSTRY_KEYS[industry];
  return key ? t(`sponsors.industries.${key}`) : industry;
}

export function callToActionLabel(t: TFunction, callToAction: string): string {
  const key = CALL_TO_ACTION_KEYS[callToAction];
  return key ? t(`promotionAd.callToAction.${key}`) : callToAction;
}
