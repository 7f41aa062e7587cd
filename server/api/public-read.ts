import { schemaRef } from "./component-schemas";
import type { OpenApiHeader, OpenApiOperation, OpenApiParameter, OpenApiResponse } from "./openapi-document-shape";
import { SECURITY } from "./security";

/* How a public read is documented: the same answer for everyone, with an ETag, kept a while by any cache. */

const ifNoneMatch: OpenApiParameter = {
  name: "If-None-Match",
  in: "header",
  required: false,
  description: "The ETag of a copy you already have: if the body is unchanged the answer is 304 without a body.",
  schema: { type: "string" },
};

const ETAG_HEADER: OpenApiHeader = {
  description: "A weak validator of the body; send it back in If-None-Match.",
  required: true,
  schema: { type: "string", pattern: '^W/".+"$' },
};

export function ok(description: string, schema: string, cacheControl: string): OpenApiResponse {
  return {
    description,
    headers: {
      ETag: ETAG_HEADER,
      "Cache-Control": {
        description: "How long shared caches and browsers may keep the answer.",
        required: true,
        schema: { type: "string", const: cacheControl },
      },
    },
    content: { "application/json": { schema: schemaRef(schema) } },
  };
}

const NOT_MODIFIED: OpenApiResponse = {
  description: "Not Modified: If-None-Match names the current ETag. No body.",
  headers: { ETag: ETAG_HEADER },
};

/** A public read: the same answer for everyone, with an ETag, kept a while by any cache. */
export function publicRead(
  fields: Omit<OpenApiOperation, "parameters" | "responses" | "security"> & { parameters?: OpenApiParameter[] },
  success: OpenApiResponse,
  errors: Record<string, OpenApiResponse> = {},
): OpenApiOperation {
  return {
    ...fields,
    parameters: [...(fields.parameters ?? []), ifNoneMatch],
    security: SECURITY.none,
    responses: { "200": success, "304": NOT_MODIFIED, ...errors },
  };
}
