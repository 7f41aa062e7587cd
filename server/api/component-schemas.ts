import { z } from "zod";
import { buyerSchema } from "#domain/order";
import { cardInputSchema } from "#domain/payment-card";
import { newsletterInputSchema } from "#server/services/newsletter";
import { ticketLookupInputSchema } from "#server/services/ticket-lookup";
import type { JsonSchema } from "./openapi-document-shape";

/*
 * How the zod schemas of the answers and request bodies, declared beside the operations that use them,
 * become the document's components.schemas, and how an operation refers to one.
 */

/** A reference to a named schema; openapi-operations.test.ts checks that every one resolves. */
export const schemaRef = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** Words for fields whose rules a JSON Schema cannot state (they are transforms and refinements in zod). */
const INPUT_FIELD_NOTES = new Map<unknown, string>([
  [cardInputSchema, "A payment card. It is never stored: only its brand and last 4 digits are."],
  [buyerSchema.shape.name, "Spaces around it are ignored."],
  [buyerSchema.shape.email, "An e-mail address; spaces around it are ignored."],
  [ticketLookupInputSchema.shape.email, "The address the orders were made with."],
  [newsletterInputSchema.shape.email, "The address to send the weekly digest to; spaces around it are ignored."],
  [newsletterInputSchema.shape.language, "The digest's language; by default the first of ours Accept-Language names."],
  [
    cardInputSchema.shape.number,
    "The card number; spaces and dashes are ignored. It must pass the Luhn check and suit its brand. With the " +
      "sandbox provider, Stripe's test numbers work: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.",
  ],
  [cardInputSchema.shape.expMonth, "1 to 12 (digits in a string work too)."],
  [cardInputSchema.shape.expYear, "Four digits; a past month is refused (expiry_past)."],
  [cardInputSchema.shape.cvc, "3 digits, 4 for American Express."],
]);

/**
 * components.schemas, where a named schema used inside another becomes a $ref to it: the answers as
 * the API writes them (output), then the request bodies as clients send them (input).
 */
export function componentSchemas(
  answers: Record<string, z.ZodType>,
  requestBodies: Record<string, z.ZodType>,
): Record<string, JsonSchema> {
  const generate = (named: Record<string, z.ZodType>, io: "input" | "output") => {
    const registry = z.registry<{ id: string }>();
    for (const [name, schema] of Object.entries(named)) registry.add(schema, { id: name });
    const { schemas } = z.toJSONSchema(registry, {
      io,
      uri: (name) => `#/components/schemas/${name}`,
      override: ({ zodSchema, jsonSchema }) => {
        // z.int() states JavaScript's safe-integer range; that is noise to a reader, not a rule of ours.
        if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
        if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
        const note = INPUT_FIELD_NOTES.get(zodSchema);
        if (note) jsonSchema.description = note;
      },
    });
    // Each one comes with its own $schema and $id; inside an OpenAPI document they only get in the way.
    return Object.entries(schemas).map(([name, { $schema: _dialect, $id: _id, ...schema }]) => [name, schema]);
  };
  return Object.fromEntries([...generate(answers, "output"), ...generate(requestBodies, "input")]);
}
