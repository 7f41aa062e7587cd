import { z } from "zod";
import { parseEmailAddress } from "./email-address";
import { ticketingFeeCents } from "./promotion-pricing";
import { isWellFormedText } from "./text";

/** At most this many tickets in one order, all types together (issue 5). */
export const MAX_TICKETS_PER_ORDER = 10;
/** How long a pending order holds its tickets while the buyer pays. */
export const HOLD_MINUTES = 10;
export const HOLD_MS = HOLD_MINUTES * 60 * 1000;
/** A waitlist offer holds its ticket this long for the person offered it. */
export const WAITLIST_OFFER_HOURS = 24;

export const ORDER_STATUSES = ["pending", "confirmed", "cancelled", "refunded"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Whether a pending order's hold has run out at `now`. */
export function isHoldExpired(holdExpiresAt: Date | null, now: Date): boolean {
  return holdExpiresAt !== null && holdExpiresAt.getTime() <= now.getTime();
}

/**
 * The order's total in cents: the sum of quantity × unit price, plus the platform's ticketing fee
 * (TICKETING_FEES in promotion-pricing.ts, the same data /pricing shows; nothing today).
 */
export function orderTotalCents(items: readonly { quantity: number; unitPriceCents: number }[]): number {
  const subtotal = items.reduce((total, item) => total + item.quantity * item.unitPriceCents, 0);
  return subtotal + ticketingFeeCents(subtotal);
}

/**
 * Stable problem words for the order form and API; the UI translates them (checkout.problems.*).
 * Zod messages carry these words, so one schema serves the API, the form action and the client.
 */
export const ORDER_PROBLEMS = {
  noTickets: "no_tickets",
  tooManyTickets: "too_many_tickets",
  duplicateTicketType: "duplicate_ticket_type",
  nameRequired: "name_required",
  nameTooLong: "name_too_long",
  emailInvalid: "email_invalid",
} as const;

const ticketLineSchema = z.object({
  ticketTypeId: z.number().int().positive().max(2_147_483_647),
  quantity: z.number().int().min(1).max(MAX_TICKETS_PER_ORDER, ORDER_PROBLEMS.tooManyTickets),
});

/** A buyer as typed: a name, and an address normalised as accounts know them (domain/email-address.ts). */
export const buyerSchema = z.object({
  // Broken text (a NUL, a lone surrogate) is no name, and the database could not store it.
  name: z
    .string()
    .trim()
    .min(1, ORDER_PROBLEMS.nameRequired)
    .max(120, ORDER_PROBLEMS.nameTooLong)
    .refine(isWellFormedText, ORDER_PROBLEMS.nameRequired),
  email: z
    .string()
    .trim()
    .transform((value, context) => {
      const parsed = parseEmailAddress(value);
      if (parsed.ok) return parsed.email;
      context.addIssue({ code: "custom", message: ORDER_PROBLEMS.emailInvalid });
      return z.NEVER;
    }),
});

/** What placing an order takes: the event, 1–10 tickets across its types, and the buyer. */
export const orderInputSchema = z
  .object({
    eventId: z.number().int().positive().max(2_147_483_647),
    items: z.array(ticketLineSchema).min(1, ORDER_PROBLEMS.noTickets).max(20),
    buyer: buyerSchema,
  })
  .superRefine((order, context) => {
    const ids = order.items.map((item) => item.ticketTypeId);
    if (new Set(ids).size !== ids.length) {
      context.addIssue({ code: "custom", path: ["items"], message: ORDER_PROBLEMS.duplicateTicketType });
    }
    const count = order.items.reduce((total, item) => total + item.quantity, 0);
    if (count > MAX_TICKETS_PER_ORDER) {
      context.addIssue({ code: "custom", path: ["items"], message: ORDER_PROBLEMS.tooManyTickets });
    }
  });
export type OrderInput = z.infer<typeof orderInputSchema>;
