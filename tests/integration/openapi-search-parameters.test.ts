import { beforeAll, describe, expect, it } from "vitest";
import enCore from "#app/i18n/locales/en.json";
import enPages from "#app/i18n/locales/pages/en.json";
import { eventSearchSchema } from "#domain/event-search";
import { listOperations, type OpenApiDocument, type OpenApiParameter } from "#server/api/openapi-document-shape";
import { setUpSeededApp } from "#tests/support/seeded-app";
import { testDatabaseKind } from "#tests/support/test-database";
import { API_BASE, fetchDocument } from "#tests/support/openapi-document-checks";

/** All of a language's messages: those of every page and the page namespaces (app/i18n/messages.ts). */
const en = { ...enCore, ...enPages };

const seeded = setUpSeededApp();
const BASE = API_BASE;

/** The document as clients get it: over HTTP, from the seeded app. */
let document: OpenApiDocument;
beforeAll(async () => {
  document = await fetchDocument(seeded.app);
});

describe(`the documented search parameters on the ${testDatabaseKind()} database`, () => {
  const queryParameters = () => document.paths["/events"]!.get!.parameters.filter((p) => p.in === "query");

  /** Parameters some values need beside them, or the search refuses the pair rather than the value. */
  const companions = (name: string, value: string): string => {
    if (name === "lat") return "&lng=0";
    if (name === "lng") return "&lat=0";
    if (name === "sort" && value === "relevance") return "&q=jazz";
    if (name === "date" && value === "custom") return "&from=2030-01-01";
    return "";
  };

  /** 200, or at least a 400 that does not blame `name`. */
  async function expectAccepted(name: string, value: string) {
    const query = `${name}=${encodeURIComponent(value)}${companions(name, value)}`;
    const response = await seeded.app.request(`${BASE}/events?${query}`);
    const body = await response.json();
    expect(response.status, `${query} → ${JSON.stringify(body.error ?? "")}`).toBe(200);
  }

  async function expectRefused(name: string, value: string) {
    const query = `${name}=${encodeURIComponent(value)}${companions(name, value)}`;
    const response = await seeded.app.request(`${BASE}/events?${query}`);
    expect(response.status, query).toBe(400);
    expect(Object.keys((await response.json()).error.fields), query).toContain(name);
  }

  /** Values the schema of a parameter says are good, and ones it says are bad. */
  function samples({ name, schema }: OpenApiParameter): { good: string[]; bad: string[] } {
    if (Array.isArray(schema.enum)) return { good: schema.enum.map(String), bad: ["not-a-value"] };
    if (schema.type === "number" || schema.type === "integer") {
      const { minimum, maximum } = schema as { minimum?: number; maximum?: number };
      const good = [minimum, maximum].filter((bound) => bound !== undefined).map(String);
      const bad = ["abc"];
      if (minimum !== undefined) bad.push(String(minimum - 1));
      if (maximum !== undefined) bad.push(String(maximum + 1));
      if (schema.type === "integer") bad.push(String((minimum ?? 0) + 0.5));
      return { good, bad };
    }
    if (typeof schema.pattern === "string") {
      // The only patterned parameters are days; a test of a new pattern needs a sample here.
      expect(schema.pattern, name).toBe("^\\d{4}-\\d{2}-\\d{2}$");
      return { good: ["2030-01-31"], bad: ["tomorrow", "2030-1-31"] };
    }
    if (typeof schema.maxLength === "number") {
      return { good: ["jazz", "j".repeat(schema.maxLength)], bad: ["j".repeat(schema.maxLength + 1)] };
    }
    return { good: ["anything"], bad: [] };
  }

  it("are exactly the ones the parser accepts: the schema's fields, and lang", async () => {
    const documented = queryParameters().map((parameter) => parameter.name);
    expect(new Set(documented)).toEqual(new Set([...Object.keys(eventSearchSchema.shape), "lang"]));
    await expectAccepted("lang", "fr");
    const unknown = await seeded.app.request(`${BASE}/events?color=red`);
    expect(unknown.status).toBe(400);
  });

  it("accept every value the document allows and refuse values beyond its enums, bounds and patterns", async () => {
    for (const parameter of queryParameters()) {
      const { good, bad } = samples(parameter);
      for (const value of good) await expectAccepted(parameter.name, value);
      for (const value of bad) await expectRefused(parameter.name, value);
    }
  });

  it("have the documented defaults: leaving one out searches as if it were given", async () => {
    const withDefaults = queryParameters().filter((parameter) => parameter.schema.default !== undefined);
    expect(withDefaults.map((parameter) => parameter.name).sort()).toEqual(
      ["featured", "limit", "page", "past", "radius", "vip"].sort(),
    );
    // Around a place, so that radius matters too.
    const base = "near=washington";
    const without = await (await seeded.app.request(`${BASE}/events?${base}`)).json();
    expect(without.data.length).toBeGreaterThan(0);
    for (const { name, schema } of withDefaults) {
      const given = await (await seeded.app.request(`${BASE}/events?${base}&${name}=${schema.default}`)).json();
      expect(given, name).toEqual(without);
    }
  });
});

describe("the API docs page's words", () => {
  it("exist in English for every operation, parameter and status it shows (locales.test.ts holds the others)", () => {
    const words = en.apiDocs as {
      operations: Record<string, { summary: string; description: string }>;
      parameter: Record<string, Record<string, string>>;
      status: Record<string, string>;
      types: Record<string, string>;
      location: Record<string, string>;
    };
    for (const { operation } of listOperations(document)) {
      expect(words.operations[operation.operationId], operation.operationId).toEqual({
        summary: expect.any(String),
        description: expect.any(String),
      });
      // If-None-Match is the same everywhere: the page explains it once, in its caching section.
      for (const parameter of operation.parameters.filter((p) => p.name !== "If-None-Match")) {
        const what = `${operation.operationId} ${parameter.name}`;
        expect(words.parameter[operation.operationId]?.[parameter.name], what).toEqual(expect.any(String));
        expect(words.types[parameter.schema.type as string], `${parameter.name}'s type`).toEqual(expect.any(String));
        expect(words.location[parameter.in], what).toEqual(expect.any(String));
      }
      for (const status of Object.keys(operation.responses)) {
        expect(words.status[status], `${operation.operationId} ${status}`).toEqual(expect.any(String));
      }
    }
  });
});
