import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import en from "#app/i18n/locales/en.json";
import { eventSearchSchema } from "#domain/event-search";
import { parseRecordId } from "#domain/record-id";
import {
  exampleRequestPath,
  listOperations,
  type JsonSchema,
  type OpenApiDocument,
  type OpenApiOperation,
  type OpenApiParameter,
} from "#server/api/openapi";
import { createApiRouter } from "#server/api/router";
import { testDatabaseKind } from "#tests/support/test-database";
import { setUpSeededApp } from "#tests/support/seeded-app";

const seeded = setUpSeededApp();
const BASE = "/api/v1";

/** The document as clients get it: over HTTP, from the seeded app. */
let document: OpenApiDocument;
beforeAll(async () => {
  document = await (await seeded.app.request(`${BASE}/openapi.json`)).json();
});

/** The public reads: anyone may send their example requests and get 200 (the /me ones need a session). */
const operations = () =>
  listOperations(document)
    .filter(({ method, operation }) => method === "get" && !operation.security)
    .map(({ path, operation }) => ({ path, get: operation }));

/**
 * A zod validator for a schema of the document. zod resolves references only under $defs, so the
 * document's components.schemas are handed over as $defs.
 */
function validatorFor(schema: JsonSchema) {
  const toDefs = (value: unknown) =>
    JSON.parse(JSON.stringify(value).replaceAll('"#/components/schemas/', '"#/$defs/')) as JsonSchema;
  return z.fromJSONSchema({ ...toDefs(schema), $defs: toDefs(document.components.schemas) } as never);
}

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

/** Every documented header of the response is there and fits its schema. */
function expectDocumentedHeaders(get: OpenApiOperation, status: string, response: Response) {
  for (const [name, header] of Object.entries(get.responses[status]?.headers ?? {})) {
    const value = response.headers.get(name);
    expect(value, `${get.operationId} ${status} ${name}`).not.toBeNull();
    expectValid(header.schema, value, `${get.operationId} ${status} ${name}`);
  }
}

/** A real organizer: ids are made by the database, so the document's example is only a well-formed one. */
async function realOrganizerId(): Promise<string> {
  const { data } = await (await seeded.app.request(`${BASE}/events/1`)).json();
  return data.organizer.id;
}

async function exampleRequest(path: string, get: OpenApiOperation): Promise<string> {
  const example = `${BASE}${exampleRequestPath(path, get)}`;
  return path === "/organizers/{id}" ? example.replace(/[^/]+$/, await realOrganizerId()) : example;
}

describe(`the OpenAPI document on the ${testDatabaseKind()} database`, () => {
  it("is served as OpenAPI 3.1 JSON with an ETag and Cache-Control, and 304 when the copy is current", async () => {
    const response = await seeded.app.request(`${BASE}/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toMatch(/^public, max-age=\d+$/);
    const body = await response.json();
    expect(body).toMatchObject({ openapi: "3.1.0", servers: [{ url: `${seeded.config.publicUrl}/api/v1` }] });
    const again = await seeded.app.request(`${BASE}/openapi.json`, {
      headers: { "If-None-Match": response.headers.get("etag")! },
    });
    expect(again.status).toBe(304);
  });

  it("documents every route the API mounts, and no route it does not", () => {
    const mounted = createApiRouter()
      .routes.filter((route) => route.method !== "ALL")
      .map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, "{$1}")}`);
    const documented = listOperations(document).map(({ path, method }) => `${method.toUpperCase()} ${path}`);
    expect(new Set(mounted)).toEqual(new Set(documented));
    // Anything but a public read is about the signed-in person, under /me, and says how to sign in.
    for (const { path, method, operation } of listOperations(document)) {
      const isPrivate = path.startsWith("/me/");
      expect(Boolean(operation.security), `${method} ${path}`).toBe(isPrivate);
      if (!isPrivate) expect(method, path).toBe("get");
      for (const scheme of (operation.security ?? []).flatMap(Object.keys))
        expect(document.components.securitySchemes[scheme], scheme).toBeDefined();
    }
  });

  it("answers every operation about the signed-in person with the documented 401 without a session", async () => {
    const privateOperations = listOperations(document).filter(({ operation }) => operation.security);
    expect(privateOperations.length).toBeGreaterThan(0);
    for (const { path, method, operation } of privateOperations) {
      const body = operation.requestBody?.content["application/json"].example;
      const response = await seeded.app.request(`${BASE}${exampleRequestPath(path, operation)}`, {
        method: method.toUpperCase(),
        ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { "Content-Type": "application/json" } }),
      });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.headers.get("cache-control"), `${method} ${path}`).toBe("private, no-store");
      const answer = await response.json();
      expectValid(responseSchema(operation, "401"), answer, `${method} ${path}`);
      expect(answer.error).toMatchObject({ code: "unauthenticated", message: "Must be logged in" });
    }
  });

  it("has unique operation ids, and every path parameter of a path is declared", () => {
    const ids = operations().map(({ get }) => get.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, get } of operations()) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const declared = get.parameters.filter((parameter) => parameter.in === "path").map((parameter) => parameter.name);
      expect(declared, path).toEqual(inPath);
    }
  });

  it("answers each documented example request with its documented status, headers and body, then 304", async () => {
    for (const { path, get } of operations()) {
      const url = await exampleRequest(path, get);
      const response = await seeded.app.request(url);
      expect(response.status, url).toBe(200);
      expectDocumentedHeaders(get, "200", response);
      expectValid(responseSchema(get, "200"), await response.json(), url);

      const again = await seeded.app.request(url, { headers: { "If-None-Match": response.headers.get("etag")! } });
      expect(again.status, `${url} again`).toBe(304);
      expect(get.responses["304"], path).toBeDefined();
      expectDocumentedHeaders(get, "304", again);
    }
  });

  it("describes every event, sponsor and organizer of the sample data as the API really writes them", async () => {
    const byId = (path: string) => document.paths[path]!.get!;
    // Past ones too, so cancelled, sold-out and image-less events are all checked.
    const all = await (await seeded.app.request(`${BASE}/events?past=1&limit=100`)).json();
    expectValid(responseSchema(byId("/events"), "200"), all, "every event");
    expect(all.data.length).toBeGreaterThan(30);
    const near = await (await seeded.app.request(`${BASE}/events?near=washington&radius=50`)).json();
    expectValid(responseSchema(byId("/events"), "200"), near, "events near a place");
    expect(near.data[0].distanceMiles).toEqual(expect.any(Number));

    const organizerIds = new Set<string>();
    for (const event of all.data as { id: number; organizer: { id: string } }[]) {
      const detail = await (await seeded.app.request(`${BASE}/events/${event.id}`)).json();
      expectValid(responseSchema(byId("/events/{id}"), "200"), detail, `event ${event.id}`);
      organizerIds.add(event.organizer.id);
    }
    for (const organizerId of organizerIds) {
      const profile = await (await seeded.app.request(`${BASE}/organizers/${organizerId}`)).json();
      expectValid(responseSchema(byId("/organizers/{id}"), "200"), profile, `organizer ${organizerId}`);
    }
    const sponsors = await (await seeded.app.request(`${BASE}/sponsors`)).json();
    for (const { id } of sponsors.data as { id: number }[]) {
      const sponsor = await (await seeded.app.request(`${BASE}/sponsors/${id}`)).json();
      expectValid(responseSchema(byId("/sponsors/{id}"), "200"), sponsor, `sponsor ${id}`);
    }
  });

  it("answers unknown ids with the documented 404 in the error shape", async () => {
    for (const { path, get } of operations().filter(({ path }) => path.includes("{id}"))) {
      for (const id of ["999999", "00000000-0000-4000-8000-000000000000", "x"]) {
        const response = await seeded.app.request(`${BASE}${path.replace("{id}", id)}`);
        expect(response.status, `${path} ${id}`).toBe(404);
        expectValid(responseSchema(get, "404"), await response.json(), `${path} ${id}`);
      }
    }
    // Record ids stop at the largest PostgreSQL serial, as the document says.
    const eventId = document.paths["/events/{id}"]!.get!.parameters.find((parameter) => parameter.in === "path")!;
    const maximum = eventId.schema.maximum as number;
    expect(parseRecordId(String(maximum))).toBe(maximum);
    expect(parseRecordId(String(maximum + 1))).toBeNull();
    // Unknown paths are not operations, but they answer in the same shape.
    const unknown = await seeded.app.request(`${BASE}/nothing-here`);
    expect(unknown.status).toBe(404);
    expectValid({ $ref: "#/components/schemas/Error" }, await unknown.json(), "unknown path");
  });

  it("answers an unknown category and a bad limit with the documented 400, naming the field", async () => {
    const search = document.paths["/events"]!.get!;
    const cases: [string, string][] = [
      ["category=opera", "category"],
      ["limit=0", "limit"],
      ["limit=abc", "limit"],
    ];
    for (const [query, field] of cases) {
      const response = await seeded.app.request(`${BASE}/events?${query}`);
      expect(response.status, query).toBe(400);
      const body = await response.json();
      expectValid(responseSchema(search, "400"), body, query);
      expect(body.error.code).toBe("invalid");
      expect(Object.keys(body.error.fields), query).toEqual([field]);
    }
  });

  it("shows as its error example a real answer of the API", async () => {
    const [example] = document.components.schemas.Error!.examples as { error: { requestId: string } }[];
    const response = await seeded.app.request(`${BASE}/events?limit=0`, {
      headers: { "X-Request-Id": example!.error.requestId },
    });
    expect(await response.json()).toEqual(example);
  });

  it("is checked by a validator that refuses fields the document lacks and misses fields it requires", async () => {
    const { data } = await (await seeded.app.request(`${BASE}/events/1`)).json();
    const schema = responseSchema(document.paths["/events/{id}"]!.get!, "200");
    expect(validatorFor(schema).safeParse({ data }).success).toBe(true);
    expect(validatorFor(schema).safeParse({ data: { ...data, surprise: 1 } }).success).toBe(false);
    const { title: _title, ...untitled } = data;
    expect(validatorFor(schema).safeParse({ data: untitled }).success).toBe(false);
    expect(validatorFor(schema).safeParse({ data: { ...data, price: { kind: "single" } } }).success).toBe(false);
  });
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
  it("exist in English for every operation and every parameter it shows (locales.test.ts holds the others)", () => {
    const words = en.apiDocs as {
      operations: Record<string, { summary: string; description: string }>;
      parameter: Record<string, Record<string, string>>;
      status: Record<string, string>;
      types: Record<string, string>;
    };
    for (const { operation: get } of listOperations(document)) {
      expect(words.operations[get.operationId], get.operationId).toEqual({
        summary: expect.any(String),
        description: expect.any(String),
      });
      for (const parameter of get.parameters.filter((p) => p.in !== "header")) {
        expect(words.parameter[get.operationId]?.[parameter.name], `${get.operationId} ${parameter.name}`).toEqual(
          expect.any(String),
        );
        expect(words.types[parameter.schema.type as string], `${parameter.name}'s type`).toEqual(expect.any(String));
      }
      for (const status of Object.keys(get.responses)) {
        expect(words.status[status], `${get.operationId} ${status}`).toEqual(expect.any(String));
      }
    }
  });
});
