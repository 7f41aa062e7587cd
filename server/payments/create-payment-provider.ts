import type { PaymentsConfig } from "#server/env";
import type { PaymentProvider } from "./payment-provider";
import { createSandboxProvider } from "./sandbox-provider";
import { createStripeProvider } from "./stripe-provider";

/** The payment provider the configuration names (decision 008); made once per process. */
export function createPaymentProvider(config: { payments: PaymentsConfig }): PaymentProvider {
  const payments = config.payments;
  if (payments.provider === "stripe") {
    return createStripeProvider({ secretKey: payments.secretKey, webhookSecret: payments.webhookSecret });
  }
  return createSandboxProvider();
}
