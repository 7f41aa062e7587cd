import { buildOpenApiDocument } from "./openapi-document";
import type { OpenApiDocument } from "./openapi-document-shape";
import { createApiRouter } from "./router";

const documents = new Map<string, OpenApiDocument>();

/**
 * The document /api/v1/openapi.json serves, for the /api/docs page, which renders it on the server:
 * built once per site URL from a router of its own, as it only changes with the code.
 */
export function openApiDocument(publicUrl: string): OpenApiDocument {
  let document = documents.get(publicUrl);
  if (!document) {
    document = buildOpenApiDocument(createApiRouter(), publicUrl);
    documents.set(publicUrl, document);
  }
  return document;
}
