import { z } from "zod";
import { ERROR_CODES, type ErrorCode } from "#server/errors";
import { schemaRef } from "./component-schemas";
import type { OpenApiResponse } from "./openapi-document-shape";

/* How the API's errors are documented: their one schema, and examples of real answers. */

export const errorBody = z
  .object({
    error: z.object({
      code: z.enum([...ERROR_CODES, "internal"]),
      message: z.string().describe("For developers; may change."),
      requestId: z.string().describe("Also in the X-Request-Id header; quote it when reporting a problem."),
      fields: z
        .record(z.string(), z.string())
        .optional()
        .describe(
          "With code invalid: what is wrong with each bad parameter or body field, by its name or path " +
            "(buyer.email); with conflict or rate_limited: a stable word, such as items: sold_out.",
        ),
    }),
  })
  .meta({
    description: "The one shape of every error.",
    // The real answer to GET /events?limit=0 sent with X-Request-Id: 3f2c9a (a test holds it to that).
    examples: [
      {
        error: {
          code: "invalid",
          message: "The search parameters are not valid.",
          requestId: "3f2c9a",
          fields: { limit: "Too small: expected number to be >=1" },
        },
      },
    ],
  });

const EXAMPLE_REQUEST_ID = "3f2c9a";

/** An error answer's body, as error-response.ts writes it. */
export function problem(code: ErrorCode, message: string, fields?: Record<string, string>) {
  return { error: { code, message, requestId: EXAMPLE_REQUEST_ID, ...(fields ? { fields } : {}) } };
}

export type ErrorExamples = Record<string, { summary: string; value: ReturnType<typeof problem> }>;

/** An error answer; `examples` are its cases, real answers of the API (with the example requestId). */
export const error = (description: string, examples?: ErrorExamples): OpenApiResponse => ({
  description,
  content: { "application/json": { schema: schemaRef("Error"), ...(examples ? { examples } : {}) } },
});

export const NOT_FOUND = (what: string) => ({ "404": error(`No such ${what} (code not_found).`) });

export const UNAUTHENTICATED = error("No signed-in session (code unauthenticated, message 'Must be logged in').", {
  unauthenticated: { summary: "Not signed in", value: problem("unauthenticated", "Must be logged in") },
});
