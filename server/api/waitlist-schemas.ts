import { z } from "zod";
import { WAITLIST_OFFER_HOURS } from "#domain/order";
import { WAITLIST_ENTRY_STATUSES } from "#domain/waitlist";
import { id, instant, uuid } from "./schema-primitives";

/* The answers of the waitlist operations, as waitlist.ts writes them. */

const waitlistEntry = z
  .object({
    id,
    eventId: id,
    ticketTypeId: id,
    name: z.string(),
    email: z.string(),
    status: z
      .enum(WAITLIST_ENTRY_STATUSES)
      .describe(
        `waiting; offered (a ticket is held for ${WAITLIST_OFFER_HOURS} hours in the pending order offerOrderId); ` +
          "purchased; expired (the offer ran out, or the address was not confirmed in time); left.",
      ),
    position: z
      .int()
      .min(1)
      .nullable()
      .describe("Place in line while waiting with a confirmed address, 1 being next; otherwise null."),
    offerOrderId: uuid.nullable(),
    offeredAt: instant.nullable(),
    confirmed: z
      .boolean()
      .describe(
        "Whether the address was confirmed (from the link e-mailed to it, or by joining signed in with it): " +
          "only confirmed places are offered tickets.",
      ),
    createdAt: instant,
  })
  .describe("A place in the line for a sold-out ticket type.");

/** Real answers, taken from the sample data; each its schema's example. */
const EXAMPLES = {
  WaitlistEntryResponse: {
    data: {
      id: 1,
      eventId: 39,
      ticketTypeId: 77,
      name: "Ada Lovelace",
      email: "ada@example.com",
      status: "waiting",
      position: 1,
      offerOrderId: null,
      offeredAt: null,
      confirmed: true,
      createdAt: "2026-11-22T13:02:59.896Z",
    },
  },
  WaitlistEntryList: {
    data: [
      {
        id: 1,
        eventId: 39,
        ticketTypeId: 77,
        name: "Ada Lovelace",
        email: "ada@example.com",
        status: "waiting",
        position: 1,
        offerOrderId: null,
        offeredAt: null,
        confirmed: true,
        createdAt: "2026-11-22T13:02:59.896Z",
      },
    ],
  },
};

/** Named schemas: components.schemas of the document. */
export const WAITLIST_SCHEMAS = {
  WaitlistEntry: waitlistEntry,
  WaitlistEntryResponse: z.object({ data: waitlistEntry }).meta({ examples: [EXAMPLES.WaitlistEntryResponse] }),
  WaitlistEntryList: z.object({ data: z.array(waitlistEntry) }).meta({
    description: "The signed-in person's places, newest first, at most 100.",
    examples: [EXAMPLES.WaitlistEntryList],
  }),
} satisfies Record<string, z.ZodType>;
