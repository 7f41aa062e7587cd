import { describe, expect, it } from "vitest";
import { readCardForm } from "./card-form";

const NOW = new Date("2026-11-22T12:00:00Z");

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

describe("the card a payment form sent", () => {
  it("reads a good card with spaces in its number", () => {
    const read = readCardForm(
      form({ number: "4242 4242 4242 4242", expMonth: "12", expYear: "2028", cvc: "123" }),
      NOW,
    );
    expect(read).toMatchObject({ card: { expMonth: 12, expYear: 2028 } });
  });

  it("names each field's problem, and only the card's fields", () => {
    const read = readCardForm(form({ number: "1234", expMonth: "10", expYear: "2026", cvc: "123" }), NOW);
    expect(read).toEqual({ problems: { number: "card_number_invalid", expYear: "expiry_past" } });
  });
});
