import { randomBytes } from "node:crypto";
import {
  cardBrand,
  cardLast4,
  isCardExpired,
  isCardNumberValid,
  isCvcValid,
  normalizeCardNumber,
} from "#domain/payment-card";
import type { DeclineReason, PaymentOutcome, PaymentProvider, RefundOutcome } from "./payment-provider";

/**
 * Stripe's public test numbers that fail, with the outcome Stripe gives them (docs.stripe.com/testing).
 * Every other Luhn-valid number, Stripe's success numbers included (4242 4242 4242 4242, …), is paid.
 */
export const SANDBOX_DECLINING_CARDS: Readonly<Record<string, DeclineReason>> = {
  "4000000000000002": "card_declined",
  "4000000000009995": "insufficient_funds",
  "4000000000009987": "card_declined", // lost_card: Stripe reports it as a generic decline to the buyer
  "4000000000009979": "card_declined", // stolen_card, likewise
  "4100000000000019": "card_declined", // blocked as fraudulent
  "4000000000000069": "expired_card",
  "4000000000000127": "incorrect_cvc",
  "4000000000000119": "processing_error",
};

/** Outcomes remembered for idempotent retries; the oldest are forgotten beyond this many. */
const REMEMBERED_OUTCOMES = 10_000;
const CHARGE_PREFIX = "sandbox_ch_";
const REFUND_PREFIX = "sandbox_re_";
/** Our references: the prefix and 24 base64url characters (144 random bits). */
const CHARGE_REFERENCE = /^sandbox_ch_[A-Za-z0-9_-]{24}$/;

export interface SandboxProviderOptions {
  /** The clock card expiry is judged by; tests pass a controllable one. */
  now?: () => Date;
}

/**
 * The default payment provider: it checks the card the way Stripe would and answers as Stripe's test
 * mode does, but no money moves and no network is used. Safe for development, demos and tests; a
 * site taking real money sets STRIPE_SECRET_KEY (decision 008).
 *
 * It holds no money and keeps no records: what it remembers (outcomes by idempotency key, refunded
 * charges) lives in this process's memory, is bounded, and is lost on restart. That is enough for a
 * retried request to get the same answer; refunds are accepted for any reference shaped like ours, so
 * an order paid before a restart can still be refunded. Nothing of the card but its brand and last 4
 * digits leaves this module, and nothing of it is logged.
 */
export function createSandboxProvider({ now = () => new Date() }: SandboxProviderOptions = {}): PaymentProvider {
  const outcomes = new BoundedMap<string, PaymentOutcome>(REMEMBERED_OUTCOMES);
  const refunds = new BoundedMap<string, RefundOutcome>(REMEMBERED_OUTCOMES);
  const refundedCharges = new BoundedMap<string, string>(REMEMBERED_OUTCOMES);

  return {
    name: "sandbox",
    collectsCardOnSite: true,

    async startPayment(input) {
      assertAmount(input.amountCents);
      if (!input.card) throw new Error("The sandbox provider charges a card typed on the pay page: card is required.");
      const remembered = outcomes.get(input.idempotencyKey);
      if (remembered) return remembered;

      const number = normalizeCardNumber(input.card.number);
      const outcome = charge(number, input.card, now());
      outcomes.set(input.idempotencyKey, outcome);
      return outcome;
    },

    async refund(input) {
      assertAmount(input.amountCents);
      const remembered = refunds.get(input.idempotencyKey);
      if (remembered) return remembered;

      let outcome: RefundOutcome;
      if (!CHARGE_REFERENCE.test(input.reference)) {
        outcome = { kind: "failed", reason: "unknown_reference" };
      } else if (refundedCharges.has(input.reference)) {
        outcome = { kind: "failed", reason: "already_refunded" };
      } else {
        outcome = { kind: "refunded", reference: newReference(REFUND_PREFIX) };
        refundedCharges.set(input.reference, outcome.reference);
      }
      refunds.set(input.idempotencyKey, outcome);
      return outcome;
    },
  };
}

function charge(number: string, card: { expMonth: number; expYear: number; cvc: string }, now: Date): PaymentOutcome {
  // In Stripe's order: the number, then the expiry, then the code, then the issuer's answer.
  if (!isCardNumberValid(number)) return { kind: "declined", reason: "invalid_number" };
  const isExpiryReadable =
    Number.isInteger(card.expMonth) && card.expMonth >= 1 && card.expMonth <= 12 && Number.isInteger(card.expYear);
  if (!isExpiryReadable || isCardExpired(card, now)) return { kind: "declined", reason: "invalid_expiry" };
  const brand = cardBrand(number);
  if (!isCvcValid(card.cvc, brand)) return { kind: "declined", reason: "incorrect_cvc" };
  const decline = SANDBOX_DECLINING_CARDS[number];
  if (decline) return { kind: "declined", reason: decline };
  return {
    kind: "paid",
    reference: newReference(CHARGE_PREFIX),
    cardBrand: brand ?? "unknown",
    cardLast4: cardLast4(number),
  };
}

function assertAmount(amountCents: number) {
  // A caller's bug, not a buyer's mistake: orders are never charged zero, a fraction or a negative sum.
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new Error(`A payment amount must be a positive whole number of cents, not ${amountCents}.`);
  }
}

function newReference(prefix: string): string {
  return prefix + randomBytes(18).toString("base64url");
}

/** A Map that forgets its oldest entries past `limit`, so a long-running sandbox cannot grow without end. */
class BoundedMap<K, V> {
  readonly #entries = new Map<K, V>();
  constructor(readonly limit: number) {}

  get(key: K): V | undefined {
    return this.#entries.get(key);
  }

  has(key: K): boolean {
    return this.#entries.has(key);
  }

  set(key: K, value: V) {
    this.#entries.set(key, value);
    if (this.#entries.size > this.limit) this.#entries.delete(this.#entries.keys().next().value as K);
  }
}
