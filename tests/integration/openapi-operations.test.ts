import { beforeAll, describe, expect, it } from "vitest";
import { listOperations, type OpenApiDocument, type OpenApiMediaType } from "#server/api/openapi-document-shape";
import { isPublicRead } from "#server/http/cors";
import { setUpSeededApp } from "#tests/support/seeded-app";
import before from "./fixtures/openapi-operations-before.json";

/*
 * The document as it was when it was still written by hand (issue 17), captured in the fixture: every
 * operation, and the names of the examples of its request body and of each answer. Generating the
 * document from the operations' own declarations must lose none of them.
 */

const seeded = setUpSeededApp();
let document: OpenApiDocument;
beforeAll(async () => {
  document = await (await seeded.app.request("/api/v1/openapi.json")).json();
});

const exampleNames = (content: { "application/json"?: OpenApiMediaType } | undefined): string[] => {
  const media = content?.["application/json"];
  if (!media) return [];
  return [...(media.example === undefined ? [] : ["example"]), ...Object.keys(media.examples ?? {})];
};

const operationsNow = () =>
  listOperations(document).map(({ path, method, operation }) => ({ path, method, operation }));

describe("the generated OpenAPI document, compared with the hand-written one it replaced", () => {
  it("lists the same operations: the same ids, methods and paths, none lost and none added", () => {
    const key = ({ operationId, method, path }: { operationId: string; method: string; path: string }) =>
      `${operationId} ${method.toUpperCase()} ${path}`;
    const now = operationsNow().map(({ path, method, operation }) =>
      key({ operationId: operation.operationId, method, path }),
    );
    expect(now.toSorted()).toEqual(before.operations.map(key).toSorted());
  });

  it("keeps every example of every request body and every answer", () => {
    const now = new Map(operationsNow().map((entry) => [entry.operation.operationId, entry.operation]));
    const missing: string[] = [];
    for (const old of before.operations) {
      const operation = now.get(old.operationId);
      const body = exampleNames(operation?.requestBody?.content);
      for (const name of old.requestBodyExamples)
        if (!body.includes(name)) missing.push(`${old.operationId} body ${name}`);
      for (const [status, names] of Object.entries(old.responseExamples)) {
        const response = operation?.responses[status];
        if (!response) missing.push(`${old.operationId} ${status}`);
        const kept = exampleNames(response?.content);
        for (const name of names) if (!kept.includes(name)) missing.push(`${old.operationId} ${status} ${name}`);
      }
    }
    for (const [name, count] of Object.entries(before.schemaExamples)) {
      const examples = (document.components.schemas[name]?.examples ?? []) as unknown[];
      if (examples.length < count) missing.push(`components.schemas.${name} examples`);
    }
    expect(missing).toEqual([]);
  });

  it("says of each public operation that it needs no credentials (security: []), and keeps the others' requirements", () => {
    const now = new Map(operationsNow().map((entry) => [entry.operation.operationId, entry.operation]));
    for (const old of before.operations) {
      const security = now.get(old.operationId)?.security;
      if (old.security === "none declared") expect(security, old.operationId).toEqual([]);
      else expect(security, old.operationId).toEqual(old.security);
    }
  });

  it("refers only to schemas it has: every $ref names one of components.schemas", () => {
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map(
      ([, name]) => name ?? "",
    );
    expect(refs.length).toBeGreaterThan(40);
    expect(refs.filter((name) => !(name in document.components.schemas))).toEqual([]);
  });

  it("opens to every origin (CORS) exactly the public reads it documents, those with no security", () => {
    for (const { path, method, operation } of operationsNow()) {
      const filled = `/api/v1${path.replace(/\{\w+\}/g, "1")}`;
      const isPublic = method === "get" && operation.security.length === 0;
      expect(isPublicRead(method.toUpperCase(), filled), `${method} ${path}`).toBe(isPublic);
    }
  });
});
