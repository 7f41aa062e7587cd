import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_TTL_MS, IDEMPOTENT_REPLAYED_HEADER } from "#server/http/idempotency";
import type { OpenApiParameter } from "./openapi-document-shape";

/* Parameters that several operations share. */

export const recordIdParameter = (description: string, name = "id"): OpenApiParameter => ({
  name,
  in: "path",
  required: true,
  // domain/record-id.ts: digits only, up to the largest PostgreSQL serial; anything else is a 404.
  description: `${description} Anything that is not such a number answers 404.`,
  schema: { type: "integer", minimum: 1, maximum: 2_147_483_647 },
  example: 1,
});

export const KEY_HOURS = IDEMPOTENCY_KEY_TTL_MS / 3_600_000;

export const idempotencyKeyParameter: OpenApiParameter = {
  name: IDEMPOTENCY_KEY_HEADER,
  in: "header",
  required: false,
  description:
    "Makes the request safe to send again after a lost answer (a UUID is typical). The first answer is " +
    `kept ${KEY_HOURS} hours: the same request with the same key gets it again, status and body, with ` +
    `${IDEMPOTENT_REPLAYED_HEADER}: true, and is not carried out twice; the same key with a different body is ` +
    "refused with 422. Keys are per route and per caller (the signed-in person, or guests together).",
  schema: { type: "string", minLength: 1, maxLength: 255, pattern: "^[\\x20-\\x7e]+$" },
  example: "5f0c8a2e-3d1b-4c7a-9e6f-2b8d4a1c0e93",
};
