import type { Database } from "#server/db/client";
import { createSandboxProvider } from "#server/payments/sandbox-provider";
import { payOrder, placeOrder } from "#server/services/orders";

/**
 * A paid order, as checkout and the pay page leave it (the sandbox takes Stripe's test card): something
 * to refund, sell out or count in a journey that starts after the sale.
 */
export async function placePaidOrder(
  db: Database,
  input: {
    eventId: number;
    ticketTypeId: number;
    quantity?: number;
    buyer: { name: string; email: string };
    siteUrl?: string;
  },
): Promise<{ orderId: string }> {
  const { eventId, ticketTypeId, quantity = 1, buyer, siteUrl = "http://localhost" } = input;
  const now = new Date();
  const { order } = await placeOrder(
    db,
    null,
    { eventId, items: [{ ticketTypeId, quantity }], buyer },
    { now, language: "en", siteUrl },
  );
  const card = { number: "4242424242424242", expMonth: 12, expYear: now.getUTCFullYear() + 2, cvc: "123" };
  const paid = await payOrder(
    db,
    createSandboxProvider(),
    { orderId: order.id, card, returnUrl: siteUrl, cancelUrl: siteUrl },
    { now, siteUrl },
  );
  if (paid.outcome !== "paid") throw new Error(`The sandbox did not take the card: ${paid.outcome}`);
  return { orderId: order.id };
}
