import { z } from "zod";
import { LANGUAGES } from "#domain/language";
import { MAX_TICKETS_PER_ORDER, ORDER_STATUSES } from "#domain/order";
import { TICKET_CODE_ALPHABET, TICKET_CODE_LENGTH } from "#domain/ticket-code";
import type { DeclineReason, PaymentProvider } from "#server/payments/payment-provider";
import type { OrderChangeReason } from "#server/services/orders";
import { ORDER_EXAMPLES } from "./order-examples";
import { buyerName, count, id, instant, uuid } from "./schema-primitives";

/* The answers about orders, payments and tickets, as orders.ts, order-json.ts and me.ts write them. */

export const codeCharacter = `[${TICKET_CODE_ALPHABET}]`;
export const ticketCode = z
  .string()
  .regex(new RegExp(`^${codeCharacter}{${TICKET_CODE_LENGTH}}$`))
  .describe("The ticket's code as stored: 20 characters of Crockford's base32. Its QR code encodes it.");
const ticketStatus = z.enum(["valid", "void"]).describe("void once its order is cancelled or refunded.");

/**
 * Why an order entered a status (its history): the orders service's reasons, and the waitlist's offers
 * (services/waitlist.ts writes that one). A Record, so a new reason must be described here to typecheck.
 */
const ORDER_CHANGE_REASONS: Record<OrderChangeReason | "waitlist_offer", string> = {
  placed: "a paid order was placed; its tickets are held while the buyer pays",
  free_registration: "confirmed without payment: the tickets are free",
  paid: "the payment went through",
  hold_expired: "not paid in time; the tickets went back on sale",
  cancelled_by_buyer: "the buyer cancelled a free registration",
  payment_abandoned: "the buyer left without paying",
  payment_declined: "the card was declined, which ends the hold at once",
  refunded_by_organizer: "an organizer refunded the payment",
  event_cancelled: "the organizer cancelled the event: a held or free order was cancelled, a paid one refunded",
  late_payment_refunded: "a payment that completed after the order was released was given back (no change of status)",
  waitlist_offer: "offered to someone on a waitlist, who may pay for it while it is held",
};

/** What a declined card's `declineReason` says; a Record, so the provider's type and this list stay one. */
const DECLINE_REASONS: Record<DeclineReason, string> = {
  card_declined: "the card's bank refused it",
  insufficient_funds: "not enough money on the card",
  expired_card: "the card has expired",
  incorrect_cvc: "the security code is wrong",
  invalid_number: "the number is not a card's",
  invalid_expiry: "the expiry date is not valid",
  processing_error: "a passing error: try again",
};

const PAYMENT_PROVIDERS: Record<PaymentProvider["name"], true> = { sandbox: true, stripe: true };

/** z.enum of a Record's keys, described by its values. */
function describedEnum(words: Record<string, string>, what: string) {
  const keys = Object.keys(words) as [string, ...string[]];
  return z.enum(keys).describe(`${what}: ${keys.map((key) => `${key} (${words[key]})`).join(", ")}.`);
}

const order = z
  .object({
    id: uuid,
    url: z.string().describe("The order's page on this site, a path; guests open it with ?key=<access token>."),
    status: z
      .enum(ORDER_STATUSES)
      .describe(
        "pending: the tickets are held while the buyer pays, until holdExpiresAt; confirmed: the tickets are " +
          "issued; cancelled; refunded.",
      ),
    buyerName,
    buyerEmail: z.string(),
    language: z.enum(LANGUAGES).describe("The language of the order's e-mails."),
    totalCents: count.describe("The total in US cents."),
    currency: z.literal("USD"),
    holdExpiresAt: instant.nullable().describe("While pending: when the held tickets go back on sale."),
    createdAt: instant,
    paymentProvider: z.enum(Object.keys(PAYMENT_PROVIDERS) as [PaymentProvider["name"]]).nullable(),
    cardBrand: z.string().nullable().describe("Of the card paid with, as the provider names it (visa, amex, ...)."),
    cardLast4: z
      .string()
      .regex(/^\d{4}$/)
      .nullable()
      .describe("Nothing else of the card is ever kept."),
    items: z.array(
      z.object({
        ticketTypeId: id,
        name: z.string(),
        quantity: z.int().min(1).max(MAX_TICKETS_PER_ORDER),
        unitPriceCents: count,
      }),
    ),
    tickets: z
      .array(
        z.object({
          id: uuid,
          code: ticketCode,
          ticketTypeId: id,
          ticketTypeName: z.string(),
          status: ticketStatus,
          checkedInAt: instant.nullable(),
        }),
      )
      .describe("One per admission, issued when the order is confirmed; none while pending."),
    event: z.object({
      id,
      url: z.string(),
      title: z.string(),
      startsAt: instant,
      endsAt: instant,
      timeZone: z.string(),
      status: z.enum(["draft", "published", "cancelled"]),
      venue: z.object({
        name: z.string(),
        address: z.string(),
        city: z.string(),
        state: z.string(),
        zipCode: z.string(),
      }),
    }),
    history: z
      .array(
        z.object({ status: z.enum(ORDER_STATUSES), reason: describedEnum(ORDER_CHANGE_REASONS, "Why"), at: instant }),
      )
      .describe("Every status the order entered, oldest first."),
  })
  .describe("An order, as its buyer and its event's organizers see it.");

const payment = z
  .discriminatedUnion("outcome", [
    z.object({ outcome: z.literal("paid") }),
    z.object({ outcome: z.literal("declined"), declineReason: describedEnum(DECLINE_REASONS, "Why") }),
    z.object({
      outcome: z.literal("redirect"),
      redirectUrl: z.url().describe("The provider's payment page (Stripe Checkout): send the buyer there."),
    }),
  ])
  .describe(
    "How paying went: paid (the order is confirmed and its tickets issued), declined (the order is " +
      "cancelled and its tickets go back on sale: another card means a new order) or redirect (the buyer " +
      "pays on the provider's page).",
  );

const accessToken = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/)
  .describe(
    "The buyer's key to the order without an account: send it in X-Order-Token (or ?key=). Shown once: only " +
      "its hash is kept.",
  );

const myTicket = z
  .object({
    code: ticketCode,
    formattedCode: z
      .string()
      .regex(new RegExp(`^${codeCharacter}{5}(-${codeCharacter}{5}){3}$`))
      .describe("The code as people read it: four groups of five."),
    status: ticketStatus,
    checkedInAt: instant.nullable(),
    ticketTypeName: z.string(),
    isUpcoming: z.boolean().describe("Until the event ends."),
    order: z.object({ id: uuid }),
    event: z.object({
      id,
      title: z.string(),
      startsAt: instant,
      endsAt: instant,
      timeZone: z.string(),
      venueName: z.string(),
    }),
  })
  .describe("A ticket of the signed-in person's.");

/** Named schemas: components.schemas of the document. */
export const ORDER_SCHEMAS = {
  Order: order,
  OrderResponse: z.object({ data: order }).meta({ examples: [ORDER_EXAMPLES.OrderResponse] }),
  Payment: payment,
  OrderCreated: z
    .object({
      data: order,
      accessToken,
      payment: payment.optional().describe("When the request gave payment and the order is not free."),
    })
    .meta({ description: "The order just placed.", examples: [ORDER_EXAMPLES.OrderCreated] }),
  OrderPayment: z.object({ data: order, payment }).meta({
    description: "The order after the attempt to pay, and how it went.",
    examples: [ORDER_EXAMPLES.OrderPayment],
  }),
  MyTicketList: z.object({ data: z.array(myTicket) }).meta({
    description: "Upcoming events' tickets first, soonest first; then past ones, latest first.",
    examples: [ORDER_EXAMPLES.MyTicketList],
  }),
} satisfies Record<string, z.ZodType>;
