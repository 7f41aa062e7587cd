import { beforeAll, describe, expect, it } from "vitest";
import { parseRecordId } from "#domain/record-id";
import {
  listOperations,
  operationAccess,
  type OpenApiDocument,
  type OpenApiOperation,
} from "#server/api/openapi-document-shape";
import { exampleRequestPath } from "#server/api/example-request";
import { createApiRouter } from "#server/api/router";
import { setUpSeededApp } from "#tests/support/seeded-app";
import { testDatabaseKind } from "#tests/support/test-database";
import { API_BASE, documentChecks, fetchDocument } from "#tests/support/openapi-document-checks";

const seeded = setUpSeededApp();
const BASE = API_BASE;

/** The document as clients get it: over HTTP, from the seeded app. */
let document: OpenApiDocument;
beforeAll(async () => {
  document = await fetchDocument(seeded.app);
});
const { validatorFor, expectValid, responseSchema, expectDocumentedHeaders } = documentChecks(() => document);

/** The public reads: GETs that read no credentials; anyone may send their example requests and get 200. */
const operations = () =>
  listOperations(document)
    .filter(({ method, operation }) => method === "get" && operationAccess(operation) === "none")
    .map(({ path, operation }) => ({ path, get: operation }));

/** A real organizer: ids are made by the database, so the document's example is only a well-formed one. */
async function realOrganizerId(): Promise<string> {
  const { data } = await (await seeded.app.request(`${BASE}/events/1`)).json();
  return data.organizer.id;
}

async function exampleRequest(path: string, get: OpenApiOperation): Promise<string> {
  const example = `${BASE}${exampleRequestPath(path, get)}`;
  if (path === "/users/{id}/badges") return example.replace(/[^/]+\/badges$/, `${await realOrganizerId()}/badges`);
  return path === "/organizers/{id}" || path === "/users/{id}"
    ? example.replace(/[^/]+$/, await realOrganizerId())
    : example;
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
  });

  it("says who may call each operation, and keeps whatever is not a public read out of every cache", () => {
    const signedIn = [{ bearerAuth: [] }, { sessionCookie: [] }];
    for (const { path, method, operation } of listOperations(document)) {
      const what = `${method} ${path}`;
      const access = operationAccess(operation);
      // Two forms only: a session required, or optional (no credentials first, then the same schemes).
      if (access === "signedIn") expect(operation.security, what).toEqual(signedIn);
      if (access === "optional") expect(operation.security, what).toEqual([{}, ...signedIn]);
      for (const scheme of (operation.security ?? []).flatMap(Object.keys))
        expect(document.components.securitySchemes[scheme], scheme).toBeDefined();
      // Everything about the signed-in person needs them signed in.
      if (path.startsWith("/me/")) expect(access, what).toBe("signedIn");

      const [success, answer] = Object.entries(operation.responses).find(([status]) => status.startsWith("2"))!;
      const cacheControl = answer.headers?.["Cache-Control"];
      expect(cacheControl?.required, what).toBe(true);
      if (method === "get" && access === "none") {
        // A public read: the same for everyone, with an ETag, and 304 for a current copy.
        expect(success, what).toBe("200");
        expect(operation.responses["304"], what).toBeDefined();
        expect(cacheControl!.schema.const, what).toMatch(/^public, /);
      } else {
        const allowed = (cacheControl!.schema.enum ?? [cacheControl!.schema.const]) as string[];
        for (const value of allowed) expect(value, what).toMatch(/(^|, )no-store$/);
        // Answers about a person or an order are theirs alone; the others are the same for anyone.
        if (access !== "none") expect(allowed, what).toEqual(["private, no-store"]);
      }
    }
  });

  it("answers every operation that needs a session with the documented 401 without one", async () => {
    const privateOperations = listOperations(document).filter(
      ({ operation }) => operationAccess(operation) === "signedIn",
    );
    expect(privateOperations.length).toBeGreaterThan(5);
    for (const { path, method, operation } of privateOperations) {
      const body = operation.requestBody?.content["application/json"]?.example;
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
    const all = listOperations(document);
    const ids = all.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, operation } of all) {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      const declared = operation.parameters.filter((parameter) => parameter.in === "path").map(({ name }) => name);
      expect(declared, `${method} ${path}`).toEqual(inPath);
      // Writes take a body or say they take none; reads never do.
      if (method === "get") expect(operation.requestBody, path).toBeUndefined();
    }
  });

  it("gives examples that fit their own schemas: parameters, request bodies, answers and errors", () => {
    let checked = 0;
    for (const { operation } of listOperations(document)) {
      for (const parameter of operation.parameters.filter((p) => p.example !== undefined)) {
        // Path parameters arrive as text; their schemas speak of the number they are read as.
        const value = parameter.schema.type === "integer" ? Number(parameter.example) : parameter.example;
        expectValid(parameter.schema, value, `${operation.operationId} ${parameter.name}`);
        checked++;
      }
      const body = operation.requestBody?.content["application/json"];
      if (body) {
        expectValid(body.schema, body.example, `${operation.operationId} request body`);
        checked++;
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        const content = response.content?.["application/json"];
        for (const [name, { value }] of Object.entries(content?.examples ?? {})) {
          expectValid(content!.schema, value, `${operation.operationId} ${status} ${name}`);
          checked++;
        }
      }
    }
    for (const [name, schema] of Object.entries(document.components.schemas)) {
      for (const example of (schema.examples ?? []) as unknown[]) {
        expectValid({ $ref: `#/components/schemas/${name}` }, example, `${name}'s example`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(60);
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
