import { z } from "zod";
import { DELETED_BUYER_NAME, DELETED_ORGANIZER_NAME } from "#domain/deleted-account";

/* The small building blocks of the answers' schemas. */

export const id = z.int().min(1);
export const count = z.int().min(0);
export const instant = z.iso.datetime().describe("An instant in UTC, ISO 8601.");
export const uuid = z.uuid();

/** A person's name as stored; a deleted account's is a stable marker in English, which pages translate. */
export const organizerName = z
  .string()
  .describe(
    `The organizer's name. "${DELETED_ORGANIZER_NAME}", always in English, when they deleted their account; ` +
      "the site's pages show it in the reader's language.",
  );
export const buyerName = z
  .string()
  .describe(
    `The name the buyer gave. "${DELETED_BUYER_NAME}", always in English, when they deleted their account; ` +
      "the site's pages show it in the reader's language.",
  );
