import type { ORDER_PROBLEMS } from "#domain/order";

// Only types come from domain/order.ts: it brings zod, which the checkout page's bundle need not carry.

/** Problem words of the checkout pages beyond ORDER_PROBLEMS; all are translated as checkout.problems.*. */
export const CHECKOUT_PROBLEMS = {
  quantityInvalid: "quantity_invalid",
  unknownTicketType: "unknown_ticket_type",
  soldOut: "sold_out",
  notOnSale: "not_on_sale",
  eventEnded: "event_ended",
  formTooLarge: "form_too_large",
  unexpected: "unexpected",
} as const;

export type CheckoutProblemWord =
  (typeof ORDER_PROBLEMS)[keyof typeof ORDER_PROBLEMS] | (typeof CHECKOUT_PROBLEMS)[keyof typeof CHECKOUT_PROBLEMS];

/** Which part of the form a problem is about: the tickets chosen, one of the buyer's fields, or the whole. */
export type CheckoutField = "items" | "name" | "email" | "form";
export type CheckoutProblems = Partial<Record<CheckoutField, CheckoutProblemWord>>;
