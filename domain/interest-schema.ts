import { z } from "zod";
import { INTERESTS } from "./catalog";

// Apart from domain/catalog.ts, which browser code imports: zod stays out of the pages that need no parsing.

const interestKeys = INTERESTS.map((interest) => interest.key) as [string, ...string[]];

/** One of the 24 interests, by key: what saving or removing an interest takes (API and services). */
export const interestInputSchema = z.object({ interest: z.enum(interestKeys) }).strict();
export type InterestInput = z.input<typeof interestInputSchema>;

/**
 * The interest picker's form: the button says what the click does ("save" when the interest is not
 * saved yet, "remove" when it is), so a double submit cannot undo itself as a server-side toggle would.
 */
export const interestFormSchema = z.object({
  intent: z.enum(["save", "remove"]),
  interest: z.enum(interestKeys),
});
