import { describe, expect, it } from "vitest";
import type { CardInput, StartPaymentInput } from "./payment-provider";
import { createSandboxProvider } from "./sandbox-provider";

const NOW = new Date("2026-05-15T12:00:00Z");
const provider = createSandboxProvider({ now: () => NOW });
let attempt = 0;

function payment(card: Partial<CardInput>, overrides: Partial<StartPaymentInput> = {}): StartPaymentInput {
  attempt += 1;
  return {
    orderId: "0b7c4b1e-4a53-4c55-9d3c-7d3f2f3c0a01",
    amountCents: 2500,
    description: "2 × General admission — Jazz in the Park",
    buyerEmail: "buyer@example.com",
    card: { number: "4242424242424242", expMonth: 12, expYear: 2030, cvc: "123", ...card },
    returnUrl: "http://localhost:3000/orders/x",
    cancelUrl: "http://localhost:3000/orders/x/pay",
    idempotencyKey: `test-${attempt}`,
    ...overrides,
  };
}

describe("the sandbox payment provider", () => {
  it("takes the card on our own pay page", () => {
    expect(provider.name).toBe("sandbox");
    expect(provider.collectsCardOnSite).toBe(true);
  });

  it("pays with 4242 4242 4242 4242 and gives back only the brand and last 4 digits", async () => {
    const outcome = await provider.startPayment(payment({ number: "4242 4242 4242 4242" }));
    expect(outcome).toEqual({
      kind: "paid",
      reference: expect.stringMatching(/^sandbox_ch_[A-Za-z0-9_-]{24}$/),
      cardBrand: "visa",
      cardLast4: "4242",
    });
    expect(JSON.stringify(outcome)).not.toContain("424242424242");
  });

  it("pays with Stripe's other success numbers, naming each brand", async () => {
    const cards: [string, string, string][] = [
      ["5555555555554444", "mastercard", "123"],
      ["378282246310005", "amex", "1234"],
      ["6011111111111117", "discover", "123"],
      ["3056930009020004", "diners", "123"],
      ["3566002020360505", "jcb", "123"],
      ["6200000000000005", "unionpay", "123"],
      ["4000056655665556", "visa", "123"],
    ];
    for (const [number, brand, cvc] of cards) {
      expect(await provider.startPayment(payment({ number, cvc })), number).toMatchObject({
        kind: "paid",
        cardBrand: brand,
        cardLast4: number.slice(-4),
      });
    }
  });

  it("answers Stripe's declining test numbers with Stripe's reasons", async () => {
    const declines: [string, string][] = [
      ["4000000000000002", "card_declined"],
      ["4000000000009995", "insufficient_funds"],
      ["4000000000000069", "expired_card"],
      ["4000000000000127", "incorrect_cvc"],
      ["4000000000000119", "processing_error"],
    ];
    for (const [number, reason] of declines) {
      expect(await provider.startPayment(payment({ number })), number).toEqual({ kind: "declined", reason });
    }
  });

  it("pays with any other Luhn-valid number, even of a brand it does not know", async () => {
    expect(await provider.startPayment(payment({ number: "4111111111111111" }))).toMatchObject({ kind: "paid" });
    expect(await provider.startPayment(payment({ number: "9999999999999995" }))).toMatchObject({
      kind: "paid",
      cardBrand: "unknown",
      cardLast4: "9995",
    });
  });

  it("declines a Luhn-invalid number as invalid_number", async () => {
    expect(await provider.startPayment(payment({ number: "4242424242424241" }))).toEqual({
      kind: "declined",
      reason: "invalid_number",
    });
  });

  it("declines a card whose expiry month has ended, by the clock it was given", async () => {
    expect(await provider.startPayment(payment({ expMonth: 4, expYear: 2026 }))).toEqual({
      kind: "declined",
      reason: "invalid_expiry",
    });
    expect(await provider.startPayment(payment({ expMonth: 5, expYear: 2026 }))).toMatchObject({ kind: "paid" });
    expect(await provider.startPayment(payment({ expMonth: 13, expYear: 2030 }))).toEqual({
      kind: "declined",
      reason: "invalid_expiry",
    });
  });

  it("declines a security code of the wrong length for the brand as incorrect_cvc", async () => {
    expect(await provider.startPayment(payment({ number: "378282246310005", cvc: "123" }))).toEqual({
      kind: "declined",
      reason: "incorrect_cvc",
    });
  });

  it("gives the same outcome to a retry with the same idempotency key, charging once", async () => {
    const first = await provider.startPayment(payment({}, { idempotencyKey: "order-1:attempt-1" }));
    const retry = await provider.startPayment(payment({}, { idempotencyKey: "order-1:attempt-1" }));
    const next = await provider.startPayment(payment({}, { idempotencyKey: "order-1:attempt-2" }));
    expect(retry).toEqual(first);
    expect(next).not.toEqual(first);

    const declined = await provider.startPayment(
      payment({ number: "4000000000000002" }, { idempotencyKey: "order-2:attempt-1" }),
    );
    expect(await provider.startPayment(payment({}, { idempotencyKey: "order-2:attempt-1" }))).toEqual(declined);
  });

  it("refunds its own charges once, even after a restart forgot them", async () => {
    const paid = await provider.startPayment(payment({}));
    if (paid.kind !== "paid") throw new Error("expected a payment");
    const refund = { reference: paid.reference, amountCents: 2500, idempotencyKey: `refund-${paid.reference}` };
    const first = await provider.refund(refund);
    expect(first).toEqual({ kind: "refunded", reference: expect.stringMatching(/^sandbox_re_/) });
    expect(await provider.refund(refund)).toEqual(first);
    expect(await provider.refund({ ...refund, idempotencyKey: "another" })).toEqual({
      kind: "failed",
      reason: "already_refunded",
    });

    const restarted = createSandboxProvider();
    expect(await restarted.refund(refund)).toMatchObject({ kind: "refunded" });
  });

  it("refuses to refund a reference that is not its own", async () => {
    for (const reference of ["cs_test_a1b2c3", "sandbox_ch_short", ""]) {
      expect(await provider.refund({ reference, amountCents: 100, idempotencyKey: `r-${reference}` })).toEqual({
        kind: "failed",
        reason: "unknown_reference",
      });
    }
  });

  it("treats a missing card or a non-positive amount as the caller's bug", async () => {
    await expect(provider.startPayment(payment({}, { card: undefined }))).rejects.toThrow(/card is required/);
    await expect(provider.startPayment(payment({}, { amountCents: 0 }))).rejects.toThrow(/positive whole number/);
    await expect(provider.startPayment(payment({}, { amountCents: 12.5 }))).rejects.toThrow(/positive whole number/);
  });

  it("forgets the oldest outcomes rather than grow without end", async () => {
    const sandbox = createSandboxProvider({ now: () => NOW });
    const first = await sandbox.startPayment(payment({}, { idempotencyKey: "oldest" }));
    for (let index = 0; index < 10_000; index++) {
      await sandbox.startPayment(payment({}, { idempotencyKey: `filler-${index}` }));
    }
    expect(await sandbox.startPayment(payment({}, { idempotencyKey: "oldest" }))).not.toEqual(first);
  });
});
