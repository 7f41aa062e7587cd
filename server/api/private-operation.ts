import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from "#server/http/idempotency";
import { PRIVATE_CACHE } from "./cache-control";
import { idempotencyKeyParameter } from "./common-parameters";
import { schemaRef } from "./component-schemas";
import { error, problem, UNAUTHENTICATED } from "./error-answers";
import type {
  OpenApiHeader,
  OpenApiOperation,
  OpenApiParameter,
  OpenApiResponse,
  OperationAccess,
} from "./openapi-document-shape";
import { SECURITY } from "./security";

/* How an operation whose answers no cache may keep is documented: about a person or an order, or a write. */

export const PRIVATE_CACHE_HEADER: OpenApiHeader = {
  description: "About one person or one order: no cache may keep it.",
  required: true,
  schema: { type: "string", const: PRIVATE_CACHE },
};

/** Answers that are the same for everyone yet must not be kept (a webhook's, Find My Ticket's). */
export const NO_STORE_HEADER: OpenApiHeader = {
  description: "No cache may keep it (private, no-store when the request was signed in).",
  required: true,
  schema: { type: "string", enum: ["no-store", PRIVATE_CACHE] },
};

const REPLAYED_HEADER: OpenApiHeader = {
  description: `Only on an answer given again for a repeated ${IDEMPOTENCY_KEY_HEADER}.`,
  required: false,
  schema: { type: "string", const: "true" },
};

const KEY_REUSED = error(`The ${IDEMPOTENCY_KEY_HEADER} was used with a different request (code invalid).`, {
  reused_with_different_body: {
    summary: "Key reused with another body",
    value: problem("invalid", "This Idempotency-Key was used with a different request.", {
      [IDEMPOTENCY_KEY_HEADER]: "reused_with_different_body",
    }),
  },
});

/**
 * A 409 example for operations that call a payment provider: a second request with the same key waits for
 * the first one's answer (http/idempotency.ts), and gets this when none came within a minute.
 */
export const KEY_IN_USE_EXAMPLE = {
  summary: "The same key is being answered right now",
  value: problem("conflict", "This Idempotency-Key is in use by another request."),
};

interface OperationFields extends Omit<OpenApiOperation, "parameters" | "responses" | "security" | "requestBody"> {
  parameters?: OpenApiParameter[];
  /** Who may call it; a signed-in person unless said otherwise. */
  access?: OperationAccess;
  /** The JSON body it takes, with a real example. */
  body?: { schema: string; example: unknown };
  /**
   * Takes an Idempotency-Key; the statuses listed are the answers of the use case itself, which are
   * stored with the key and replayed (idempotency.ts). Adds the parameter, the header and the 422.
   */
  replayedStatuses?: string[];
}

/**
 * An operation whose answers no cache may keep: about the signed-in person or about one order, or a
 * write. The success answer is `success.status` (200 by default) with `Cache-Control: private,
 * no-store` unless another header is given; 401 is added when it needs a session.
 */
export function privateOperation(
  fields: OperationFields,
  success: { status?: "200" | "201" | "202"; description: string; schema: string; cacheControl?: OpenApiHeader },
  errors: Record<string, OpenApiResponse> = {},
): OpenApiOperation {
  const { access = "signedIn", body, replayedStatuses, parameters = [], ...rest } = fields;
  const responses: Record<string, OpenApiResponse> = {
    [success.status ?? "200"]: {
      description: success.description,
      headers: { "Cache-Control": success.cacheControl ?? PRIVATE_CACHE_HEADER },
      content: { "application/json": { schema: schemaRef(success.schema) } },
    },
    ...errors,
    ...(access === "signedIn" ? { "401": UNAUTHENTICATED } : {}),
    ...(replayedStatuses ? { "422": KEY_REUSED } : {}),
  };
  for (const status of replayedStatuses ?? []) {
    const response = responses[status];
    if (!response) throw new Error(`${rest.operationId} replays ${status}, which it does not document`);
    responses[status] = {
      ...response,
      headers: { ...response.headers, [IDEMPOTENT_REPLAYED_HEADER]: REPLAYED_HEADER },
    };
  }

  return {
    ...rest,
    parameters: replayedStatuses ? [...parameters, idempotencyKeyParameter] : parameters,
    security: SECURITY[access],
    ...(body
      ? {
          requestBody: {
            required: true,
            content: { "application/json": { schema: schemaRef(body.schema), example: body.example } },
          },
        }
      : {}),
    // Statuses are integer-like keys: objects list them in ascending order, whatever the order above.
    responses,
  };
}
