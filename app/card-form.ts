import { cardInputSchemaAt, type CardInput } from "#domain/payment-card";

/** The card fields of every payment form (app/components/card-fields.tsx), by their form names. */
export const CARD_FIELDS = ["number", "expMonth", "expYear", "cvc"] as const;
export type CardField = (typeof CARD_FIELDS)[number];
export type CardProblems = Partial<Record<CardField, string>>;

/** The card a payment form sent, or each field's problem word (payment.problems.*) when it is not one. */
export function readCardForm(form: FormData | null, now: Date): { card: CardInput } | { problems: CardProblems } {
  const parsed = cardInputSchemaAt(now).safeParse(
    Object.fromEntries(CARD_FIELDS.map((field) => [field, form?.get(field)])),
  );
  if (parsed.success) return { card: parsed.data };
  const problems: CardProblems = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && (CARD_FIELDS as readonly string[]).includes(field)) {
      problems[field as CardField] ??= issue.message;
    }
  }
  return { problems };
}
