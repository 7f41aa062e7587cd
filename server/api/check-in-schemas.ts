import { z } from "zod";
import { CHECK_IN_OUTCOMES, type CheckInOutcome } from "#server/services/check-in";
import { ticketCode } from "./order-schemas";
import { buyerName, count, instant, uuid } from "./schema-primitives";

/* The answers of the check-in operations, as check-ins.ts writes them. */

const checkInCounts = z
  .object({
    checkedIn: count.describe("Valid tickets of the event admitted so far."),
    sold: count.describe("Valid tickets issued for the event (confirmed orders)."),
  })
  .describe("Checked in against sold.");

const checkInTicket = z.object({ code: ticketCode, ticketTypeName: z.string(), buyerName });
/** The outcomes that come with the ticket's details; the service's others (CHECK_IN_OUTCOMES) come with counts only. */
const DETAILED_OUTCOMES: readonly CheckInOutcome[] = ["checked_in", "already_checked_in", "void"];
const checkInResult = z
  .discriminatedUnion("outcome", [
    z.object({
      outcome: z.literal("checked_in"),
      ticket: checkInTicket,
      checkedInAt: instant.describe("Now."),
      counts: checkInCounts,
    }),
    z.object({
      outcome: z.literal("already_checked_in"),
      ticket: checkInTicket,
      checkedInAt: instant.describe("The first admission."),
      checkedInBy: z
        .object({ userId: uuid, name: z.string() })
        .nullable()
        .describe("Who admitted it first; null when that account is gone."),
      counts: checkInCounts,
    }),
    z.object({
      outcome: z.literal("void"),
      ticket: checkInTicket,
      voidReason: z.enum(["cancelled", "refunded"]).describe("What happened to its order."),
      counts: checkInCounts,
    }),
    z.object({
      outcome: z
        .enum(CHECK_IN_OUTCOMES.filter((outcome) => !DETAILED_OUTCOMES.includes(outcome)) as [CheckInOutcome])
        .describe(
          "wrong_event: another event's ticket (nothing more is told); not_found: no such ticket; " +
            "invalid_code: not a ticket code at all.",
        ),
      counts: checkInCounts,
    }),
  ])
  .describe("What the door is told about a code. Only checked_in admits its holder.");

/** Real answers, taken from a check-in scanned twice; each its schema's example. */
const EXAMPLES = {
  CheckInSummary: {
    data: {
      counts: {
        checkedIn: 1,
        sold: 1,
      },
    },
  },
  CheckInResponse: {
    data: {
      outcome: "already_checked_in",
      ticket: {
        code: "3RDJYMBW9KY87CRJNA6E",
        ticketTypeName: "General Admission",
        buyerName: "Ada Lovelace",
      },
      checkedInAt: "2026-11-22T13:02:59.634Z",
      checkedInBy: {
        userId: "62ef324d-b301-44ec-a96c-9b6492cb8f0a",
        name: "Grace Hopper",
      },
      counts: {
        checkedIn: 1,
        sold: 1,
      },
    },
  },
};

/** Named schemas: components.schemas of the document. */
export const CHECK_IN_SCHEMAS = {
  CheckInCounts: checkInCounts,
  CheckInSummary: z.object({ data: z.object({ counts: checkInCounts }) }).meta({ examples: [EXAMPLES.CheckInSummary] }),
  CheckInResult: checkInResult,
  CheckInResponse: z.object({ data: checkInResult }).meta({ examples: [EXAMPLES.CheckInResponse] }),
} satisfies Record<string, z.ZodType>;
