import { describe, expect, it } from "vitest";
import { parseCheckoutForm, parseQuantities } from "./checkout-form";

const TYPES = new Set([11, 12]);
const entries = (pairs: Record<string, string>) => Object.entries(pairs);

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

describe("parseQuantities", () => {
  it("reads qty.<id> fields, drops zeros and ignores other names", () => {
    expect(parseQuantities(entries({ "qty.11": "2", "qty.12": "0", lang: "fr" }), TYPES)).toEqual({
      ok: true,
      items: [{ ticketTypeId: 11, quantity: 2 }],
    });
  });

  it.each(["-1", "1.5", "1e3", "abc", "", " ", "9999", "0x3"])("refuses the malformed count %j with 400", (value) => {
    expect(parseQuantities(entries({ "qty.11": value }), TYPES)).toEqual({
      ok: false,
      problem: "quantity_invalid",
      status: 400,
    });
  });

  it.each(["qty.", "qty.abc", "qty.-4", "qty.99999999999", "qty.1e2"])(
    "refuses the malformed name %j with 400",
    (name) => {
      expect(parseQuantities([[name, "1"]], TYPES)).toMatchObject({ ok: false, status: 400 });
    },
  );

  it("refuses a type listed twice, and more fields than any page sends", () => {
    expect(
      parseQuantities(
        [
          ["qty.11", "1"],
          ["qty.11", "2"],
        ],
        TYPES,
      ),
    ).toMatchObject({ ok: false, status: 400 });
    const many = Array.from({ length: 21 }, (_, index): [string, string] => [`qty.${100 + index}`, "0"]);
    expect(parseQuantities(many, TYPES)).toMatchObject({ ok: false, problem: "quantity_invalid" });
  });

  it("says which rule a well-formed choice breaks: none, more than 10, a type of another event", () => {
    expect(parseQuantities(entries({ "qty.11": "0" }), TYPES)).toMatchObject({ problem: "no_tickets", status: 422 });
    expect(parseQuantities([], TYPES)).toMatchObject({ problem: "no_tickets", status: 422 });
    expect(parseQuantities(entries({ "qty.11": "11" }), TYPES)).toMatchObject({
      problem: "too_many_tickets",
      status: 422,
    });
    expect(parseQuantities(entries({ "qty.11": "6", "qty.12": "5" }), TYPES)).toMatchObject({
      problem: "too_many_tickets",
    });
    expect(parseQuantities(entries({ "qty.99": "1" }), TYPES)).toMatchObject({
      problem: "unknown_ticket_type",
      status: 422,
    });
  });
});

describe("parseCheckoutForm", () => {
  it("gives the order input with the buyer's address normalised", () => {
    expect(
      parseCheckoutForm(form({ "qty.12": "3", name: "  Hanna Girma ", email: "Hanna@Example.com" }), 7, TYPES),
    ).toEqual({
      ok: true,
      input: {
        eventId: 7,
        items: [{ ticketTypeId: 12, quantity: 3 }],
        buyer: { name: "Hanna Girma", email: "hanna@example.com" },
      },
    });
  });

  it("reports every field's problem at once, as words the page translates", () => {
    expect(parseCheckoutForm(form({ "qty.11": "11", name: " ", email: "not-an-address" }), 7, TYPES)).toEqual({
      ok: false,
      status: 422,
      problems: { items: "too_many_tickets", name: "name_required", email: "email_invalid" },
    });
    expect(parseCheckoutForm(form({ "qty.11": "1", name: "x".repeat(121), email: "a@b.co" }), 7, TYPES)).toEqual({
      ok: false,
      status: 422,
      problems: { name: "name_too_long" },
    });
  });

  it("answers 400 when the quantities themselves are malformed, and treats missing fields as empty", () => {
    expect(parseCheckoutForm(form({ "qty.11": "two" }), 7, TYPES)).toEqual({
      ok: false,
      status: 400,
      problems: { items: "quantity_invalid", name: "name_required", email: "email_invalid" },
    });
  });
});
