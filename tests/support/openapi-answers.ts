import { expect } from "vitest";
import { z } from "zod";
import type { JsonSchema, OpenApiDocument } from "#server/api/openapi-document-shape";

/**
 * Holds an answer to the OpenAPI document: a status the operation (`method` on the path `template`)
 * lists, and a body its JSON schema accepts.
 */
export function expectDocumented(
  document: OpenApiDocument,
  method: string,
  template: string,
  status: number,
  body: unknown,
) {
  const operation = document.paths[template]?.[method as "get"];
  expect(operation, `${method} ${template}`).toBeDefined();
  const content = operation!.responses[String(status)]?.content?.["application/json"];
  expect(content, `${method} ${template} ${status}`).toBeDefined();
  const toDefs = (value: unknown) =>
    JSON.parse(JSON.stringify(value).replaceAll('"#/components/schemas/', '"#/$defs/')) as JsonSchema;
  const validator = z.fromJSONSchema({
    ...toDefs(content!.schema),
    $defs: toDefs(document.components.schemas),
  } as never);
  const result = validator.safeParse(body);
  expect(result.success ? [] : result.error.issues, `${method} ${template} ${status}`).toEqual([]);
}
