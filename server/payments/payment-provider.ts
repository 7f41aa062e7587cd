/**
 * How an order is paid. The sandbox provider (the default) charges a card typed on our pay page at
 * once; the Stripe provider sends the buyer to Stripe's hosted page and learns the outcome from a
 * signed webhook, so card numbers never reach our server in live mode. Amounts are integer cents, USD.
 */
export interface PaymentProvider {
  readonly name: "sandbox" | "stripe";
  /** Whether our pay page shows a card form (sandbox) or sends the buyer to the provider (Stripe). */
  readonly collectsCardOnSite: boolean;
  /**
   * Starts paying `amountCents` for an order. `card` is given exactly when collectsCardOnSite.
   * `idempotencyKey` makes a retried call charge once (one key per order: services/orders.ts).
   */
  startPayment(input: StartPaymentInput): Promise<PaymentOutcome>;
  /**
   * Gives the whole payment `reference` back to the buyer's card. The same `idempotencyKey` refunds
   * once. `failed` reasons are for logs and the organizer: already_refunded / charge_already_refunded,
   * not_paid, unknown_reference / resource_missing. Network and configuration failures are thrown.
   */
  refund(input: { reference: string; amountCents: number; idempotencyKey: string }): Promise<RefundOutcome>;
}

/** A card as typed on the pay page; never stored (only brand and last 4 digits are). */
export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
}

export interface StartPaymentInput {
  orderId: string;
  amountCents: number;
  description: string;
  buyerEmail: string;
  card?: CardInput;
  /** Where the provider's hosted page sends the buyer back to (Stripe). */
  returnUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
  /**
   * The reference of this order's earlier attempt that sent the buyer to the provider's page (Stripe),
   * if any: while that page is still open it is offered again instead of a second one, so an order has
   * one page to pay on.
   */
  previousReference?: string;
}

export type PaymentOutcome =
  /** `cardBrand` is a CARD_BRANDS word (domain/payment-card.ts) or "unknown"; the UI names it (payment.brands.*). */
  | { kind: "paid"; reference: string; cardBrand: string; cardLast4: string }
  /** A stable word the UI translates (payment.declines.*); processing_error means "try again". */
  | { kind: "declined"; reason: DeclineReason }
  | { kind: "redirect"; reference: string; url: string };

export type DeclineReason =
  | "card_declined"
  | "insufficient_funds"
  | "expired_card"
  | "incorrect_cvc"
  | "invalid_number"
  | "invalid_expiry"
  | "processing_error";

export type RefundOutcome = { kind: "refunded"; reference: string } | { kind: "failed"; reason: string };
