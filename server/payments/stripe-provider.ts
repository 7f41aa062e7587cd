import type Stripe from "stripe";
import { z } from "zod";
import { CARD_BRANDS, type CardBrand } from "#domain/payment-card";
import { AppError } from "#server/errors";
import type { PaymentOutcome, PaymentProvider, RefundOutcome, StartPaymentInput } from "./payment-provider";

/**
 * Stripe Checkout asks for a session's expiry between 30 minutes and 24 hours ahead. We take the
 * shortest, plus a minute so that a few seconds' difference between Stripe's clock and ours cannot
 * make the request invalid.
 */
const CHECKOUT_SESSION_MINUTES = 31;

/**
 * Where Stripe's hosted payment pages are. The pay form's answer redirects there, so the
 * Content-Security-Policy's form-action must allow it when JavaScript is off (server/app.ts).
 */
export const STRIPE_CHECKOUT_ORIGIN = "https://checkout.stripe.com";

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** The clock the Checkout Session's expiry is counted from; tests pass a controllable one. */
  now?: () => Date;
  /** Where Stripe's API is: only tests change it, to a local server that speaks the few calls we make. */
  api?: { host: string; port: number; protocol: "http" | "https" };
}

/** What a verified webhook event means for an order. */
export type StripeWebhookNotice =
  | {
      kind: "paid";
      reference: string;
      /** The order the session was started for (its client_reference_id), as we sent it. */
      orderId: string | null;
      cardBrand: string | null;
      cardLast4: string | null;
    }
  | { kind: "expired"; reference: string }
  | { kind: "ignored"; type: string };

export interface StripePaymentProvider extends PaymentProvider {
  readonly name: "stripe";
  /**
   * Verifies a webhook's `Stripe-Signature` over the body exactly as received (any re-serialised
   * JSON would fail), then says what the event means. A bad or missing signature, or one older
   * than Stripe's 5-minute tolerance, is AppError("invalid").
   */
  readWebhook(rawBody: Uint8Array, signature: string | undefined): Promise<StripeWebhookNotice>;
}

export function isStripeProvider(provider: PaymentProvider): provider is StripePaymentProvider {
  return provider.name === "stripe" && "readWebhook" in provider;
}

/**
 * Payments through Stripe Checkout (decision 008): the buyer types the card on Stripe's hosted page,
 * so card numbers never reach this server; Stripe tells us the outcome with a signed webhook
 * (`POST /api/v1/payments/stripe/webhook`, server/api/payments.ts). The reference we keep is the
 * Checkout Session's id, which both the webhook and a refund lead back from.
 */
export function createStripeProvider({
  secretKey,
  webhookSecret,
  now = () => new Date(),
  api,
}: StripeProviderOptions): StripePaymentProvider {
  // The package is large (every Stripe API): it is loaded only by sites that use Stripe, in a chunk of
  // its own, starting now so that the first payment does not wait for it.
  const loading = import("stripe").then(({ default: StripeModule }) => ({
    Stripe: StripeModule,
    stripe: new StripeModule(secretKey, {
      // Retries reuse the idempotency key, so a lost answer never charges twice.
      maxNetworkRetries: 2,
      timeout: 20_000,
      // Request timings are otherwise sent to Stripe in a header of the next request; they need not know.
      telemetry: false,
      ...api,
    }),
  }));
  // A failure surfaces at the first call that needs the client, not as an unhandled rejection.
  loading.catch(() => {});

  return {
    name: "stripe",
    collectsCardOnSite: false,

    async startPayment(input: StartPaymentInput): Promise<PaymentOutcome> {
      const { Stripe, stripe } = await loading;
      let session: Stripe.Checkout.Session;
      try {
        // The buyer comes back to pay (another tab, a second click): the page already opened for the
        // order is the one to pay on while it is open. Two open pages could both be paid.
        const previous = input.previousReference ? await openSession(Stripe, stripe, input.previousReference) : null;
        if (previous) return { kind: "redirect", url: previous.url, reference: previous.id };
        session = await stripe.checkout.sessions.create(
          {
            mode: "payment",
            // Cards only: they succeed or fail while the buyer waits, so the outcome arrives within the
            // order's hold. Bank debits would settle days later, long after the tickets were released.
            allowed_payment_method_types: ["card"],
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: "usd",
                  unit_amount: input.amountCents,
                  product_data: { name: input.description },
                },
              },
            ],
            client_reference_id: input.orderId,
            metadata: { orderId: input.orderId },
            payment_intent_data: { metadata: { orderId: input.orderId } },
            customer_email: input.buyerEmail,
            success_url: input.returnUrl,
            cancel_url: input.cancelUrl,
            // Stripe will not let a session end sooner than 30 minutes, but the order's own 10-minute
            // hold still governs: when it runs out the hold-expiry job releases the tickets whatever
            // Stripe's page is doing, and a payment that completes after the release is refunded by the
            // orders service when the webhook reports it (confirmProviderPayment), never turned into tickets.
            expires_at: Math.floor(now().getTime() / 1000) + CHECKOUT_SESSION_MINUTES * 60,
          },
          { idempotencyKey: input.idempotencyKey },
        );
      } catch (error) {
        if (isTransient(Stripe, error)) return { kind: "declined", reason: "processing_error" };
        throw error;
      }
      if (!session.url) throw new Error(`Stripe gave Checkout Session ${session.id} no URL.`);
      return { kind: "redirect", url: session.url, reference: session.id };
    },

    async refund({ reference, idempotencyKey }): Promise<RefundOutcome> {
      const { Stripe, stripe } = await loading;
      try {
        const session = await stripe.checkout.sessions.retrieve(reference);
        const paymentIntent = idOf(session.payment_intent);
        if (session.payment_status !== "paid" || !paymentIntent) return { kind: "failed", reason: "not_paid" };
        // The whole payment: orders are refunded entirely or not at all.
        const refund = await stripe.refunds.create({ payment_intent: paymentIntent }, { idempotencyKey });
        return { kind: "refunded", reference: refund.id };
      } catch (error) {
        // Stripe's answer about this payment (already refunded, no such session): the caller shows it.
        // Anything else (a wrong key, Stripe down) is raised so that it is logged and can be retried.
        if (
          error instanceof Stripe.errors.StripeInvalidRequestError ||
          error instanceof Stripe.errors.StripeCardError
        ) {
          return { kind: "failed", reason: error.code ?? "refused_by_stripe" };
        }
        throw error;
      }
    },

    async readWebhook(rawBody, signature) {
      const { Stripe, stripe } = await loading;
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature ?? "", webhookSecret);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new AppError("invalid", "The Stripe-Signature header does not match this body and secret.", {
            "Stripe-Signature": "invalid",
          });
        }
        throw new AppError("invalid", "The body is not a Stripe event.");
      }
      // Signed JSON that is not an event at all (null, a list).
      if (!isRecord(event) || typeof event.type !== "string") {
        throw new AppError("invalid", "The body is not a Stripe event.");
      }
      switch (event.type) {
        case "checkout.session.completed":
        case "checkout.session.async_payment_succeeded": {
          const session = checkoutSessionOf(event);
          // "unpaid" would be a payment method that settles later; cards (the only kind we ask for) never are.
          if (session.payment_status !== "paid") return { kind: "ignored", type: event.type };
          return {
            kind: "paid",
            reference: session.id,
            orderId: session.client_reference_id ?? session.metadata?.orderId ?? null,
            ...(await cardOf(stripe, idOf(session.payment_intent ?? null))),
          };
        }
        case "checkout.session.expired":
          return { kind: "expired", reference: checkoutSessionOf(event).id };
        default:
          return { kind: "ignored", type: event.type };
      }
    },
  };
}

type StripeModule = typeof Stripe;

/** The Checkout Session `id` if Stripe still offers it for paying; null when it ended or is unknown. */
async function openSession(
  Stripe: StripeModule,
  stripe: Stripe,
  id: string,
): Promise<{ id: string; url: string } | null> {
  try {
    const session = await stripe.checkout.sessions.retrieve(id);
    return session.status === "open" && session.url ? { id: session.id, url: session.url } : null;
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
    throw error;
  }
}

/** Stripe's failures a buyer can simply try again after: its servers, the network, its rate limit. */
function isTransient(Stripe: StripeModule, error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError
  );
}

/**
 * The fields of a Checkout Session the webhook reads. A signed event only comes from Stripe, but one
 * without them (an API version that moved them, a hand-made test event) is refused as not a Stripe
 * event (400) rather than failing on them (500), and no odd id reaches the database.
 */
const checkoutSessionSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_]{1,255}$/),
  payment_status: z.string().optional(),
  client_reference_id: z.string().nullish(),
  metadata: z.record(z.string(), z.string()).nullish(),
  payment_intent: z.union([z.string(), z.object({ id: z.string() })]).nullish(),
});

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function checkoutSessionOf(event: Stripe.Event) {
  const parsed = checkoutSessionSchema.safeParse((event as { data?: { object?: unknown } }).data?.object);
  if (!parsed.success) throw new AppError("invalid", "The body is not a Stripe event.");
  return parsed.data;
}

function idOf(value: string | { id: string } | null): string | null {
  return typeof value === "string" ? value : (value?.id ?? null);
}

/**
 * The paying card's brand and last 4 digits, which the Checkout Session does not carry: they are on
 * the payment's charge. They only decorate the order, so when Stripe cannot say, the order is still
 * confirmed, without them.
 */
async function cardOf(
  stripe: Stripe,
  paymentIntentId: string | null,
): Promise<{ cardBrand: string | null; cardLast4: string | null }> {
  const none = { cardBrand: null, cardLast4: null };
  if (!paymentIntentId) return none;
  try {
    const intent = await stripe.paymentIntents.retrieve(paymentIntentId, { expand: ["latest_charge"] });
    const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
    const card = charge?.payment_method_details?.card;
    if (!card) return none;
    return { cardBrand: knownBrand(card.brand), cardLast4: card.last4 ?? null };
  } catch {
    return none;
  }
}

/** Stripe names a few brands we do not (cartes_bancaires, eftpos_au, …): those are "unknown" to our pages. */
function knownBrand(brand: string | null | undefined): CardBrand | "unknown" {
  return (CARD_BRANDS as readonly string[]).includes(brand ?? "") ? (brand as CardBrand) : "unknown";
}
