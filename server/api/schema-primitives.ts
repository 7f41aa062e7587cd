import { z } from "zod";

/* The small building blocks of the answers' schemas. */

export const id = z.int().min(1);
export const count = z.int().min(0);
export const instant = z.iso.datetime().describe("An instant in UTC, ISO 8601.");
export const uuid = z.uuid();
