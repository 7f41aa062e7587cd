import { createRoute, type RouteConfig } from "@hono/zod-openapi";
import type { HttpMethod, OpenApiOperation } from "./openapi-document-shape";

/**
 * An operation's route for `app.openapi(route, handler)`: where it answers, and its declaration as it
 * goes into the document. The handler validates the request itself (decision 013), so the declaration's
 * parameters and bodies are JSON Schemas generated from the handler's zod schemas, which
 * @hono/zod-openapi passes into the document as they are and does not validate against.
 */
export function operationRoute<Method extends HttpMethod, Path extends string>(
  method: Method,
  path: Path,
  operation: OpenApiOperation,
) {
  // Our operation objects are OpenAPI 3.1 as JSON; the library types them more narrowly than it reads them.
  const declaration = operation as unknown as Omit<RouteConfig, "method" | "path">;
  return createRoute({ method, path, ...declaration });
}
