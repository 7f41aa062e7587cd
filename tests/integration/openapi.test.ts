import { randomUUID } from "node:crypto";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import enCore from "#app/i18n/locales/en.json";
import enPages from "#app/i18n/locales/pages/en.json";
import { eventSearchSchema } from "#domain/event-search";
import { parseRecordId } from "#domain/record-id";
import { formatTicketCode } from "#domain/ticket-code";
import {
  listOperations,
  operationAccess,
  type HttpMethod,
  type JsonSchema,
  type OpenApiDocument,
  type OpenApiOperation,
  type OpenApiParameter,
} from "#server/api/openapi-document-shape";
import { exampleRequestPath } from "#server/api/example-request";
import { createApiRouter } from "#server/api/router";
import { createApp, type App } from "#server/app";
import { readConfig } from "#server/env";
import { createLogger } from "#server/logger";
import { createStripeProvider } from "#server/payments/stripe-provider";
import { CHECK_IN_OUTCOMES } from "#server/services/check-in";
import { createTestSession, type TestSession } from "#tests/support/auth-session";
import { newTicketCode } from "#tests/support/issued-tickets";
import { setUpSeededApp } from "#tests/support/seeded-app";
import { startFakeStripe, stripeEvent, type FakeStripe } from "#tests/support/stripe-server";
import { testDatabaseKind } from "#tests/support/test-database";
import { insertEventWithTicketTypes } from "#tests/support/ticket-factories";

/** All of a language's messages: those of every page and the page namespaces (app/i18n/messages.ts). */
const en = { ...enCore, ...enPages };

const seeded = setUpSeededApp();
const BASE = "/api/v1";

/** The document as clients get it: over HTTP, from the seeded app. */
let document: OpenApiDocument;
beforeAll(async () => {
  document = await (await seeded.app.request(`${BASE}/openapi.json`)).json();
});

/** The public reads: GETs that read no credentials; anyone may send their example requests and get 200. */
const operations = () =>
  listOperations(document)
    .filter(({ method, operation }) => method === "get" && operationAccess(operation) === "none")
    .map(({ path, operation }) => ({ path, get: operation }));

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
    validator = z.fromJSONSchema({ ...toDefs(schema), $defs: toDefs(document.components.schemas) } as never);
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

/** A real organizer: ids are made by the database, so the document's example is only a well-formed one. */
async function realOrganizerId(): Promise<string> {
  const { data } = await (await seeded.app.request(`${BASE}/events/1`)).json();
  return data.organizer.id;
}

async function exampleRequest(path: string, get: OpenApiOperation): Promise<string> {
  const example = `${BASE}${exampleRequestPath(path, get)}`;
  return path === "/organizers/{id}" ? example.replace(/[^/]+$/, await realOrganizerId()) : example;
}

/** The schema a $ref names, or the schema itself. */
function resolve(schema: JsonSchema): JsonSchema {
  const name = typeof schema.$ref === "string" ? schema.$ref.replace("#/components/schemas/", "") : null;
  return name ? document.components.schemas[name]! : schema;
}

const bearer = (person: TestSession) => ({ Authorization: `Bearer ${person.session.access_token}` });

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

describe(`the documented ticketing operations on the ${testDatabaseKind()} database`, () => {
  const GOOD_CARD = { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2040, cvc: "123" };
  const DECLINED_CARD = { ...GOOD_CARD, number: "4000 0000 0000 0002" };
  const TICKETING_TAGS = ["Orders", "Tickets", "Check-in", "Waitlist", "Payments"];
  /** `operationId status` of every answer checked against the document. */
  const answered = new Set<string>();

  interface Call {
    path?: Record<string, string | number>;
    query?: Record<string, string>;
    body?: unknown;
    as?: TestSession;
    /** The order's access token, sent in X-Order-Token. */
    token?: string;
    /** An Idempotency-Key. */
    key?: string;
    headers?: Record<string, string>;
    /** Another app over the same database (one taking payments through Stripe). */
    app?: App;
  }

  /**
   * Sends a request to a documented operation and holds the answer to the document: its status is
   * one the operation documents, its headers and body fit that status's, and an error other than a
   * 400 is one of the documented cases (the same code and fields).
   */
  async function call(method: HttpMethod, template: string, init: Call = {}) {
    const operation = document.paths[template]?.[method];
    if (!operation) throw new Error(`${method} ${template} is not documented`);
    let url = template.replace(/\{(\w+)\}/g, (_, name: string) => String(init.path?.[name]));
    if (init.query) url += `?${new URLSearchParams(init.query)}`;
    const headers: Record<string, string> = { ...init.headers, ...(init.as ? bearer(init.as) : {}) };
    if (init.token) headers["X-Order-Token"] = init.token;
    if (init.key) headers["Idempotency-Key"] = init.key;
    if (init.body !== undefined) headers["Content-Type"] = "application/json";
    const body = typeof init.body === "string" || init.body === undefined ? init.body : JSON.stringify(init.body);
    const response = await (init.app ?? seeded.app).request(`${BASE}${url}`, {
      method: method.toUpperCase(),
      headers,
      ...(body === undefined ? {} : { body }),
    });

    const status = String(response.status);
    const what = `${method.toUpperCase()} ${url} → ${status}`;
    const text = await response.text();
    const documented = operation.responses[status];
    expect(documented, `${what} ${text}`).toBeDefined();
    expectDocumentedHeaders(operation, status, response);
    const answer = text ? JSON.parse(text) : undefined;
    const content = documented!.content?.["application/json"];
    if (content) expectValid(content.schema, answer, what);
    if (content?.examples && status !== "400") {
      const caseOf = (value: { error: { code: string; fields?: object } }) => ({
        code: value.error.code,
        fields: value.error.fields ?? null,
      });
      const cases = Object.values(content.examples).map(({ value }) => caseOf(value as never));
      expect(cases, `${what}: ${text}`).toContainEqual(caseOf(answer));
    }
    answered.add(`${operation.operationId} ${status}`);
    return { status: response.status, headers: response.headers, body: answer };
  }

  it("describes every ticketing answer as the API really writes them", async () => {
    const { db } = seeded.handle;
    const [organizer, buyer, stranger] = await Promise.all([
      createTestSession(db, seeded.config),
      createTestSession(db, seeded.config),
      createTestSession(db, seeded.config),
    ]);
    const event = await insertEventWithTicketTypes(db, {
      organizerId: organizer.userId,
      ticketTypes: [
        { name: "Free entry", priceCents: 0, quantity: 20 },
        { name: "General admission", priceCents: 2500, quantity: 20 },
        { name: "Front row", priceCents: 9000, quantity: 1, sold: 1 },
      ],
    });
    const [freeType, paidType, soldOutType] = event.ticketTypeIds as [number, number, number];
    const orderOf = (ticketTypeId: number, extra: object = {}) => ({
      eventId: event.eventId,
      items: [{ ticketTypeId, quantity: 1 }],
      buyer: { name: "Grace Hopper", email: "grace@example.com" },
      ...extra,
    });

    // The documented example orders a free ticket of the sample data, as it says.
    const createOrder = document.paths["/orders"]!.post!;
    const example = createOrder.requestBody!.content["application/json"]!.example as {
      eventId: number;
      items: { ticketTypeId: number }[];
    };
    const sample = await (await seeded.app.request(`${BASE}/events/${example.eventId}`)).json();
    expect(sample.data.ticketTypes).toContainEqual(
      expect.objectContaining({ id: example.items[0]!.ticketTypeId, priceCents: 0 }),
    );
    const free = (await call("post", "/orders", { body: example })).body;
    expect(free.data).toMatchObject({ status: "confirmed", tickets: [{ status: "valid" }, { status: "valid" }] });
    expect(free).not.toHaveProperty("payment");
    // Its buyer opens it with the access token, in the header or the query; nobody else sees it.
    const orderPath = (order: { data: { id: string } }) => ({ path: { id: order.data.id } });
    await call("get", "/orders/{id}", { ...orderPath(free), token: free.accessToken });
    await call("get", "/orders/{id}", { ...orderPath(free), query: { key: free.accessToken } });
    expect((await call("get", "/orders/{id}", { ...orderPath(free), as: stranger })).status).toBe(404);

    // Paid at once, signed in, with a key: then the same request again, and the key with another body.
    const key = randomUUID();
    const paidBody = orderOf(paidType, { payment: { card: GOOD_CARD } });
    const paid = await call("post", "/orders", { body: paidBody, as: buyer, key });
    expect(paid.body).toMatchObject({ data: { status: "confirmed", cardLast4: "4242" }, payment: { outcome: "paid" } });
    expect(paid.headers.get("Idempotent-Replayed")).toBeNull();
    const replayed = await call("post", "/orders", { body: paidBody, as: buyer, key });
    expect(replayed.status).toBe(201);
    expect(replayed.headers.get("Idempotent-Replayed")).toBe("true");
    expect(replayed.body).toEqual(paid.body);
    const reused = await call("post", "/orders", { body: orderOf(freeType), as: buyer, key });
    expect(reused.status).toBe(422);
    expect((await call("post", "/orders", { body: paidBody, key: "k".repeat(256) })).status).toBe(400);
    await call("get", "/orders/{id}", { ...orderPath(paid.body), as: buyer });
    // The organizer reads it too.
    await call("get", "/orders/{id}", { ...orderPath(paid.body), as: organizer });

    // Declined at once, which ends the hold; a held order is then paid on its own; paying twice is a conflict.
    const declined = (await call("post", "/orders", { body: orderOf(paidType, { payment: { card: DECLINED_CARD } }) }))
      .body;
    expect(declined).toMatchObject({
      data: { status: "cancelled", tickets: [] },
      payment: { outcome: "declined", declineReason: "card_declined" },
    });
    const overAlready = { ...orderPath(declined), token: declined.accessToken, body: { card: GOOD_CARD } };
    expect((await call("post", "/orders/{id}/payment", overAlready)).body.error.fields).toEqual({
      order: "not_pending",
    });
    const held = (await call("post", "/orders", { body: orderOf(paidType) })).body;
    expect(held).toMatchObject({ data: { status: "pending", holdExpiresAt: expect.any(String), tickets: [] } });
    const pay = { ...orderPath(held), token: held.accessToken };
    expect((await call("post", "/orders/{id}/payment", { ...pay, body: {} })).status).toBe(400);
    const badCard = { card: { ...GOOD_CARD, number: "4242 4242 4242 4241" } };
    expect((await call("post", "/orders/{id}/payment", { ...pay, body: badCard })).status).toBe(400);
    const card = { card: GOOD_CARD };
    expect((await call("post", "/orders/{id}/payment", { ...orderPath(held), body: card })).status).toBe(404);
    const asOrganizer = { ...orderPath(held), as: organizer, body: card };
    expect((await call("post", "/orders/{id}/payment", asOrganizer)).status).toBe(403);
    const payKey = randomUUID();
    const paidLater = await call("post", "/orders/{id}/payment", { ...pay, body: card, key: payKey });
    expect(paidLater.body).toMatchObject({ data: { status: "confirmed" }, payment: { outcome: "paid" } });
    const otherCard = { card: { ...GOOD_CARD, number: "5555 5555 5555 4444" } };
    expect((await call("post", "/orders/{id}/payment", { ...pay, body: otherCard, key: payKey })).status).toBe(422);
    const again = await call("post", "/orders/{id}/payment", { ...pay, body: card });
    expect(again.body.error.fields).toEqual({ order: "not_pending" });
    // A paid order is not cancelled by its buyer, and an organizer is not its buyer.
    expect((await call("post", "/orders/{id}/cancel", pay)).body.error.fields).toEqual({ order: "paid_order" });
    expect((await call("post", "/orders/{id}/cancel", { ...orderPath(held), as: organizer })).status).toBe(403);

    // Sold out, an unknown event, and a body with bad fields.
    const soldOut = await call("post", "/orders", { body: orderOf(soldOutType) });
    expect(soldOut.body.error.fields).toEqual({ items: "sold_out" });
    expect((await call("post", "/orders", { body: { ...orderOf(freeType), eventId: 999_999 } })).status).toBe(404);
    const invalid = await call("post", "/orders", { body: { eventId: event.eventId, items: [], buyer: {} } });
    expect(invalid.status).toBe(400);
    expect(Object.keys(invalid.body.error.fields)).toEqual(expect.arrayContaining(["items", "buyer.name"]));

    // At the door: the paid ticket once, then again; a code that is none, nobody's, or another event's.
    const checkIns = { path: { id: event.eventId }, as: organizer };
    const ticketCode = paid.body.data.tickets[0].code as string;
    const checkIn = (code: string) => call("post", "/events/{id}/check-ins", { ...checkIns, body: { code } });
    const admitted = await checkIn(formatTicketCode(ticketCode).toLowerCase());
    expect(admitted.body.data).toMatchObject({ outcome: "checked_in", counts: { checkedIn: 1 } });
    const second = await checkIn(ticketCode);
    expect(second.body.data).toMatchObject({
      outcome: "already_checked_in",
      checkedInBy: { userId: organizer.userId },
    });
    expect((await checkIn("https://example.com/not-a-ticket")).body.data.outcome).toBe("invalid_code");
    expect((await checkIn(newTicketCode())).body.data.outcome).toBe("not_found");
    expect((await checkIn(free.data.tickets[0].code)).body.data.outcome).toBe("wrong_event");
    const counts = await call("get", "/events/{id}/check-ins", checkIns);
    expect(counts.body.data.counts).toEqual({ checkedIn: 1, sold: 2 });
    expect((await call("post", "/events/{id}/check-ins", { ...checkIns, body: {} })).status).toBe(400);
    expect((await call("get", "/events/{id}/check-ins", { ...checkIns, as: buyer })).status).toBe(404);
    const codeBody = { body: { code: ticketCode } };
    expect((await call("post", "/events/{id}/check-ins", { ...checkIns, ...codeBody, as: buyer })).status).toBe(404);
    expect((await call("get", "/events/{id}/check-ins", { ...checkIns, path: { id: 999_999 } })).status).toBe(404);
    const unknownEvent = { ...checkIns, ...codeBody, path: { id: 999_999 } };
    expect((await call("post", "/events/{id}/check-ins", unknownEvent)).status).toBe(404);

    // The buyer's own tickets: the one just checked in among them.
    const mine = await call("get", "/me/tickets", { as: buyer });
    expect(mine.body.data).toContainEqual(
      expect.objectContaining({ code: ticketCode, checkedInAt: expect.any(String), isUpcoming: true }),
    );

    // A free registration cancelled by its buyer: its ticket is void at the door, and it cannot be cancelled twice.
    const registration = (await call("post", "/orders", { body: orderOf(freeType) })).body;
    const cancel = { ...orderPath(registration), token: registration.accessToken };
    expect((await call("post", "/orders/{id}/cancel", { ...orderPath(registration) })).status).toBe(404);
    expect((await call("post", "/orders/{id}/cancel", cancel)).body.data.status).toBe("cancelled");
    expect((await call("post", "/orders/{id}/cancel", cancel)).body.error.fields).toEqual({ order: "not_cancellable" });
    const voided = await checkIn(registration.data.tickets[0].code);
    expect(voided.body.data).toMatchObject({ outcome: "void", voidReason: "cancelled" });

    // The organizer refunds the paid order; its buyer may not, and it is refunded once.
    const refund = orderPath(paid.body);
    expect((await call("post", "/orders/{id}/refund", { ...refund, as: buyer })).status).toBe(403);
    const refunded = await call("post", "/orders/{id}/refund", { ...refund, as: organizer });
    expect(refunded.body.data).toMatchObject({ status: "refunded", tickets: [{ status: "void" }] });
    const twice = await call("post", "/orders/{id}/refund", { ...refund, as: organizer });
    expect(twice.body.error.fields).toEqual({ order: "not_refundable" });
    const nobody = { path: { id: randomUUID() }, as: organizer };
    expect((await call("post", "/orders/{id}/refund", nobody)).status).toBe(404);
    expect((await checkIn(ticketCode)).body.data).toMatchObject({ outcome: "void", voidReason: "refunded" });

    // The waitlist of the sold-out type: join, not twice, not for a type with tickets left; list; leave.
    const join = (ticketTypeId: number | string, body: unknown, as?: TestSession) =>
      call("post", "/ticket-types/{id}/waitlist", { path: { id: ticketTypeId }, body, ...(as ? { as } : {}) });
    const person = { name: "Grace Hopper", email: buyer.email };
    const place = await join(soldOutType, person, buyer);
    expect(place.body.data).toMatchObject({ status: "waiting", position: 1, ticketTypeId: soldOutType });
    expect((await join(soldOutType, person)).body.error.fields).toEqual({ email: "already_waiting" });
    expect((await join(paidType, person)).body.error.fields).toEqual({ ticketTypeId: "tickets_available" });
    expect((await join(soldOutType, { ...person, email: "nope" })).status).toBe(400);
    expect((await join("x", person)).status).toBe(404);
    const places = await call("get", "/waitlist", { as: buyer });
    expect(places.body.data).toContainEqual(expect.objectContaining({ id: place.body.data.id }));
    const leave = { path: { entryId: place.body.data.id }, as: buyer };
    expect((await call("delete", "/waitlist/{entryId}", leave)).body.data.status).toBe("left");
    expect((await call("delete", "/waitlist/{entryId}", leave)).status).toBe(404);
    // One address joining again and again is stopped.
    const busy = { name: "Busy Bee", email: `busy-${randomUUID().slice(0, 8)}@example.com` };
    let limited = await join(999_999, busy);
    for (let attempt = 0; attempt < 20 && limited.status === 404; attempt++) limited = await join(999_999, busy);
    expect(limited.status).toBe(429);

    // Find My Ticket: the same answer for any well-formed address.
    const lookup = (email: string) => call("post", "/ticket-lookup", { body: { email } });
    expect((await lookup(buyer.email)).status).toBe(202);
    expect((await lookup(`nobody-${randomUUID()}@example.com`)).status).toBe(202);
    expect((await lookup("nope")).status).toBe(400);

    // This site takes payments in its sandbox: Stripe's webhook is not there.
    const webhookEvent = stripeEvent("customer.created", { id: "cus_test" });
    expect((await call("post", "/payments/stripe/webhook", { body: webhookEvent })).status).toBe(404);

    // Every ticketing operation, every documented status (but 401, tested above for every operation).
    const ticketing = listOperations(document).filter(({ operation }) =>
      operation.tags.some((tag) => TICKETING_TAGS.includes(tag)),
    );
    expect(ticketing.length).toBe(13);
    const documented = ticketing.flatMap(({ operation }) =>
      Object.keys(operation.responses)
        .filter((status) => status !== "401")
        .map((status) => `${operation.operationId} ${status}`),
    );
    // The Stripe webhook's own answers come in the next test.
    const stripeOnly = ["receiveStripeWebhook 200", "receiveStripeWebhook 400"];
    expect(documented.filter((answer) => !answered.has(answer) && !stripeOnly.includes(answer))).toEqual([]);
  });

  describe("with payments through Stripe", () => {
    const WEBHOOK_SECRET = "whsec_openapi_test";
    let stripe: FakeStripe;
    let stripeApp: App;
    beforeAll(async () => {
      stripe = await startFakeStripe();
      const config = readConfig({
        NODE_ENV: "test",
        STRIPE_SECRET_KEY: "sk_test_openapi",
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      });
      const payments = createStripeProvider({
        secretKey: "sk_test_openapi",
        webhookSecret: WEBHOOK_SECRET,
        api: stripe.api,
      });
      stripeApp = createApp({
        db: seeded.handle.db,
        config,
        logger: createLogger({ mode: "test", logLevel: "silent" }),
        payments,
      });
    });
    afterAll(() => stripe?.close());

    function webhook(event: unknown, signature?: string) {
      const body = JSON.stringify(event);
      const header = signature ?? Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });
      return call("post", "/payments/stripe/webhook", {
        app: stripeApp,
        body,
        headers: { "Stripe-Signature": header },
      });
    }

    it("describes the redirect to Stripe and the webhook that confirms the order as the API writes them", async () => {
      const { eventId, ticketTypeIds } = await insertEventWithTicketTypes(seeded.handle.db, {
        ticketTypes: [{ name: "General admission", priceCents: 2500, quantity: 10 }],
      });
      const order = {
        eventId,
        items: [{ ticketTypeId: ticketTypeIds[0]!, quantity: 1 }],
        buyer: { name: "Ada Lovelace", email: "ada@example.com" },
        payment: {},
      };
      const placed = (await call("post", "/orders", { app: stripeApp, body: order })).body;
      expect(placed).toMatchObject({ data: { status: "pending" }, payment: { outcome: "redirect" } });

      const session = [...stripe.sessions.values()].find((each) => each.client_reference_id === placed.data.id)!;
      const completed = stripeEvent("checkout.session.completed", stripe.completeSession(session.id));
      expect((await webhook(completed)).body).toEqual({ received: true });
      const confirmed = await call("get", "/orders/{id}", {
        app: stripeApp,
        path: { id: placed.data.id },
        token: placed.accessToken,
      });
      expect(confirmed.body.data).toMatchObject({ status: "confirmed", paymentProvider: "stripe" });

      expect((await webhook(stripeEvent("customer.created", { id: "cus_test" }))).status).toBe(200);
      const forged = await webhook(completed, "t=1,v1=0000");
      expect(forged.body.error.fields).toEqual({ "Stripe-Signature": "invalid" });
    });
  });

  it("refuses body fields the document does not have, as the handlers parse bodies", async () => {
    const somebody = await createTestSession(seeded.handle.db, seeded.config);
    let checked = 0;
    for (const { path, method, operation } of listOperations(document)) {
      const body = operation.requestBody?.content["application/json"];
      if (!body || resolve(body.schema).additionalProperties !== false) continue;
      const response = await seeded.app.request(`${BASE}${exampleRequestPath(path, operation)}`, {
        method: method.toUpperCase(),
        headers: { "Content-Type": "application/json", ...bearer(somebody) },
        body: JSON.stringify({ ...(body.example as object), surprise: 1 }),
      });
      const answer = await response.json();
      expect(response.status, `${method} ${path} ${JSON.stringify(answer)}`).toBe(400);
      expect(answer.error.fields, `${method} ${path}`).toHaveProperty("surprise");
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(4);
  });

  it("describes every check-in outcome the service gives", () => {
    const result = resolve({ $ref: "#/components/schemas/CheckInResult" }) as { oneOf: JsonSchema[] };
    const outcomes = result.oneOf.flatMap((option) => {
      const outcome = (option.properties as Record<string, JsonSchema>).outcome!;
      return (outcome.enum as string[] | undefined) ?? [outcome.const as string];
    });
    expect(outcomes.sort()).toEqual([...CHECK_IN_OUTCOMES].sort());
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
