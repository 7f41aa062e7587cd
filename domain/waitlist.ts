import { z } from "zod";
import { buyerSchema } from "./order";

/**
 * Stable problem words of joining or leaving a waitlist, for the form and the API; the UI translates
 * them (waitlist.problems.*). The name and e-mail words are the order form's (ORDER_PROBLEMS).
 */
export const WAITLIST_PROBLEMS = {
  /** The ticket type still has tickets: buy them instead. */
  ticketsAvailable: "tickets_available",
  /** This address already waits for (or holds an offer of) this ticket type. */
  alreadyWaiting: "already_waiting",
  /** The event has ended, was cancelled, or is not published. */
  eventEnded: "event_ended",
  /** No such ticket type at that event. */
  notFound: "not_found",
  /** Too many joins from one address or one network in a short time. */
  tooManyAttempts: "too_many_attempts",
} as const;

export type WaitlistProblem =
  (typeof WAITLIST_PROBLEMS)[keyof typeof WAITLIST_PROBLEMS] | "name_required" | "name_too_long" | "email_invalid";

export const WAITLIST_ENTRY_STATUSES = ["waiting", "offered", "purchased", "expired", "left"] as const;
export type WaitlistEntryStatus = (typeof WAITLIST_ENTRY_STATUSES)[number];

const recordId = z.coerce.number().int().positive().max(2_147_483_647);

/** What joining takes: the sold-out ticket type of an event, and who to e-mail (a name and an address). */
export const waitlistJoinSchema = z.object({
  eventId: recordId,
  ticketTypeId: recordId,
  name: buyerSchema.shape.name,
  email: buyerSchema.shape.email,
});
export type WaitlistJoinInput = z.infer<typeof waitlistJoinSchema>;
