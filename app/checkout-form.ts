import { MAX_TICKETS_PER_ORDER, ORDER_PROBLEMS, orderInputSchema, type OrderInput } from "#domain/order";
import { parseRecordId } from "#domain/record-id";
import { CHECKOUT_PROBLEMS, type CheckoutProblems, type CheckoutProblemWord } from "./checkout-problem";
import { QUANTITY_FIELD_PREFIX } from "./quantity-field";

/*
 * What the ticket picker and the checkout form send: `qty.<ticketTypeId>=<n>` per ticket type (the
 * picker's GET, the checkout's hidden fields; app/quantity-field.ts), and on checkout the buyer's
 * `name` and `email`. The pages parse them here, then orderInputSchema (domain/order.ts) decides, as
 * for the API.
 */

const PROBLEM_WORDS: ReadonlySet<string> = new Set([
  ...Object.values(ORDER_PROBLEMS),
  ...Object.values(CHECKOUT_PROBLEMS),
]);

/** A word the pages can translate: anything else (a future service word) reads as "unexpected". */
export function checkoutProblemWord(word: string | undefined): CheckoutProblemWord {
  return word !== undefined && PROBLEM_WORDS.has(word) ? (word as CheckoutProblemWord) : CHECKOUT_PROBLEMS.unexpected;
}

/** No page asks for more types at once; a form naming more is not one of ours. */
const MAX_QUANTITY_FIELDS = 20;

export type ParsedQuantities =
  { ok: true; items: OrderInput["items"] } | { ok: false; problem: CheckoutProblemWord; status: 400 | 422 };

/**
 * The tickets asked for, from `qty.<id>` entries (other names are ignored). Zero lines are dropped.
 * Malformed ids or counts (negative, "1e3", "2.5", a huge number) are 400; a type not of the event is
 * 422 "unknown_ticket_type"; none at all, or more than MAX_TICKETS_PER_ORDER, 422 too.
 */
export function parseQuantities(
  entries: Iterable<[string, FormDataEntryValue]>,
  ticketTypeIds: ReadonlySet<number>,
): ParsedQuantities {
  const quantities = new Map<number, number>();
  let fields = 0;
  for (const [name, value] of entries) {
    if (!name.startsWith(QUANTITY_FIELD_PREFIX)) continue;
    fields += 1;
    const id = parseRecordId(name.slice(QUANTITY_FIELD_PREFIX.length));
    const text = typeof value === "string" ? value.trim() : "";
    if (fields > MAX_QUANTITY_FIELDS || id === null || !/^\d{1,3}$/.test(text) || quantities.has(id)) {
      return { ok: false, problem: CHECKOUT_PROBLEMS.quantityInvalid, status: 400 };
    }
    const quantity = Number(text);
    if (quantity === 0) continue;
    if (!ticketTypeIds.has(id)) return { ok: false, problem: CHECKOUT_PROBLEMS.unknownTicketType, status: 422 };
    quantities.set(id, quantity);
  }
  const count = [...quantities.values()].reduce((total, quantity) => total + quantity, 0);
  if (count === 0) return { ok: false, problem: ORDER_PROBLEMS.noTickets, status: 422 };
  if (count > MAX_TICKETS_PER_ORDER) return { ok: false, problem: ORDER_PROBLEMS.tooManyTickets, status: 422 };
  return { ok: true, items: [...quantities].map(([ticketTypeId, quantity]) => ({ ticketTypeId, quantity })) };
}

export type ParsedCheckout =
  { ok: true; input: OrderInput } | { ok: false; problems: CheckoutProblems; status: 400 | 422 };

/** The whole checkout form: the tickets (parseQuantities) and the buyer, checked by orderInputSchema. */
export function parseCheckoutForm(form: FormData, eventId: number, ticketTypeIds: ReadonlySet<number>): ParsedCheckout {
  const quantities = parseQuantities(form.entries(), ticketTypeIds);
  const name = form.get("name");
  const email = form.get("email");
  const parsed = orderInputSchema.safeParse({
    eventId,
    items: quantities.ok ? quantities.items : [],
    buyer: { name: typeof name === "string" ? name : "", email: typeof email === "string" ? email : "" },
  });
  const problems: CheckoutProblems = {};
  if (!quantities.ok) problems.items = quantities.problem;
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = issue.path[0] === "buyer" ? issue.path[1] : issue.path[0];
    if (field === "name" || field === "email") problems[field] ??= checkoutProblemWord(issue.message);
    else if (quantities.ok) problems.items ??= checkoutProblemWord(issue.message);
  }
  if (parsed.success && quantities.ok) return { ok: true, input: parsed.data };
  const status = !quantities.ok && quantities.status === 400 ? 400 : 422;
  return { ok: false, problems, status };
}
