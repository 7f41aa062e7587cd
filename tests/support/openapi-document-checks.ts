import { expect } from "vitest";
import { z } from "zod";
import type { JsonSchema, OpenApiDocument, OpenApiOperation } from "#server/api/openapi-document-shape";
import type { TestSession } from "#tests/support/auth-session";

/*
 * Checks of answers against the OpenAPI document as clients get it (tests/integration/openapi*.test.ts):
 * validators made from its schemas, and its documented headers.
 */

export const API_BASE = "/api/v1";

/** The document as clients get it: over HTTP, from an app. */
export async function fetchDocument(app: { request: (path: string) => Response | Promise<Response> }) {
  return (await (await app.request(`${API_BASE}/openapi.json`)).json()) as OpenApiDocument;
}

export const bearer = (person: TestSession) => ({ Authorization: `Bearer ${person.session.access_token}` });

/** Checks against `document()`, the document a test file fetched before its tests. */
export function documentChecks(document: () => OpenApiDocument) {
  /**
   * A zod validator for a schema of the document. zod resolves references only under $defs, so the
   * document's components.schemas are handed over as $defs.
   */
  function validatorFor(schema: JsonSchema) {
    const key = JSON.stringify(schema);
    let validator = validators.get(key);
    if (!validator) {
      const toDefs = (value: unknown) =>
        JSON.parse(JSON.stringify(value).replaceAll('"#/components/schemas/', '"#/$defs/')) as JsonSchema;
      validator = z.fromJSONSchema({ ...toDefs(schema), $defs: toDefs(document().components.schemas) } as never);
      validators.set(key, validator);
    }
    return validator;
  }
  /** Built once per schema: the test validates hundreds of answers against a few dozen schemas. */
  const validators = new Map<string, z.ZodType>();

  /** Fails with the path of each problem, so a drifted field is named. */
  function expectValid(schema: JsonSchema, value: unknown, what: string) {
    const result = validatorFor(schema).safeParse(value);
    const problems = result.success
      ? []
      : result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    expect(problems, what).toEqual([]);
  }

  function responseSchema(get: OpenApiOperation, status: string): JsonSchema {
    const schema = get.responses[status]?.content?.["application/json"].schema;
    if (!schema) throw new Error(`${get.operationId} documents no JSON body for ${status}`);
    return schema;
  }

  /** Every header the response documents as always there is there, and every documented one fits its schema. */
  function expectDocumentedHeaders(get: OpenApiOperation, status: string, response: Response) {
    for (const [name, header] of Object.entries(get.responses[status]?.headers ?? {})) {
      const value = response.headers.get(name);
      if (value === null && !header.required) continue;
      expect(value, `${get.operationId} ${status} ${name}`).not.toBeNull();
      expectValid(header.schema, value, `${get.operationId} ${status} ${name}`);
    }
  }

  /** The schema a $ref names, or the schema itself. */
  function resolve(schema: JsonSchema): JsonSchema {
    const name = typeof schema.$ref === "string" ? schema.$ref.replace("#/components/schemas/", "") : null;
    return name ? document().components.schemas[name]! : schema;
  }

  return { validatorFor, expectValid, responseSchema, expectDocumentedHeaders, resolve };
}
