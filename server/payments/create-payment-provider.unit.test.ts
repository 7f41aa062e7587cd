import { describe, expect, it } from "vitest";
import { readConfig } from "#server/env";
import { createPaymentProvider } from "./create-payment-provider";
import { isStripeProvider } from "./stripe-provider";

describe("choosing the payment provider", () => {
  it("makes the sandbox, which takes the card on our pay page, when nothing is configured", () => {
    const provider = createPaymentProvider(readConfig({}));
    expect(provider).toMatchObject({ name: "sandbox", collectsCardOnSite: true });
  });

  it("makes the Stripe provider, which reads webhooks, when Stripe's keys are set", () => {
    const provider = createPaymentProvider(
      readConfig({ STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" }),
    );
    expect(provider).toMatchObject({ name: "stripe", collectsCardOnSite: false });
    expect(isStripeProvider(provider)).toBe(true);
  });
});
