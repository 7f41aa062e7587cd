import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenApiDocument } from "#server/api/openapi-document-shape";
import { createApp, type App } from "#server/app";
import { selectRows, type DatabaseHandle } from "#server/db/client";
import { seedSampleData } from "#server/db/seed/seed";
import { readConfig } from "#server/env";
import { createLogger } from "#server/logger";
import { createTestSession, type TestSession } from "#tests/support/auth-session";
import { acceptLastInvitation } from "#tests/support/co-organizer-invitations";
import { expectDocumented } from "#tests/support/openapi-answers";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";

const BASE = "/api/v1";
const DAY = 24 * 60 * 60 * 1000;

let handle: DatabaseHandle;
let app: App;
let uploadsDir: string;
let document: OpenApiDocument;
let organizer: TestSession;
let helper: TestSession;
let stranger: TestSession;

beforeAll(async () => {
  handle = await openTestDatabase();
  await seedSampleData(handle.db, { now: new Date() });
  uploadsDir = await mkdtemp(path.join(tmpdir(), "my-events-api-"));
  const config = { ...readConfig({ NODE_ENV: "test" }), uploadsDir };
  app = createApp({ db: handle.db, config, logger: createLogger(config) });
  document = await (await app.request(`${BASE}/openapi.json`)).json();
  [organizer, helper, stranger] = await Promise.all([
    createTestSession(handle.db, config),
    createTestSession(handle.db, config),
    createTestSession(handle.db, config),
  ]);
});
afterAll(async () => {
  await handle?.close();
  if (uploadsDir) await rm(uploadsDir, { recursive: true, force: true });
});

interface Call {
  as?: TestSession;
  body?: unknown;
  form?: FormData;
}

/** A request to a documented operation, its answer checked against the document. */
async function call(method: string, template: string, ids: Record<string, number | string>, init: Call = {}) {
  const url = template.replace(/\{(\w+)\}/g, (_, name: string) => String(ids[name]));
  const headers: Record<string, string> = init.as ? { Authorization: `Bearer ${init.as.session.access_token}` } : {};
  if (init.body !== undefined) headers["Content-Type"] = "application/json";
  const response = await app.request(`${BASE}${url}`, {
    method: method.toUpperCase(),
    headers,
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    ...(init.form ? { body: init.form } : {}),
  });
  const body = await response.json();
  expectDocumented(document, method, template.split("?")[0]!, response.status, body);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  return { status: response.status, body };
}

/** A guest's order through the public API, as a buyer places it. */
function buyTickets(order: Record<string, unknown>) {
  return app.request(`${BASE}/orders`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(order),
  });
}

/** Everything an event's authoring can change, to assert a refused request changed nothing. */
async function snapshot() {
  const tables = ["events", "ticket_types", "venues", "event_images", "event_sponsors", "event_co_organizers", "jobs"];
  const result: Record<string, unknown> = {};
  for (const table of tables) {
    result[table] = await selectRows(handle.db, sql`select * from ${sql.identifier(table)} order by 1, 2`);
  }
  return JSON.parse(JSON.stringify(result));
}

function eventBody(overrides: Record<string, unknown> = {}) {
  const startsAt = new Date(Date.now() + 14 * DAY);
  return {
    title: "Go-go on U Street",
    description: "Washington's own **go-go**, live.",
    categoryId: 1,
    language: "en",
    timeZone: "America/New_York",
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + 3 * 60 * 60 * 1000).toISOString(),
    venue: { id: 1 },
    ticketTypes: [
      { name: "General admission", priceCents: 2000, quantity: 100 },
      { name: "Free for kids", priceCents: 0, quantity: 20 },
    ],
    coOrganizerEmails: [helper.email],
    ...overrides,
  };
}

function photo(width = 1600, height = 1200) {
  return sharp({ create: { width, height, channels: 3, background: { r: 160, g: 40, b: 90 } } })
    .jpeg()
    .toBuffer();
}

function upload(bytes: Uint8Array<ArrayBuffer>, alt: string, type = "image/jpeg") {
  const form = new FormData();
  form.set("file", new File([bytes], "picture.jpg", { type }));
  form.set("alt", alt);
  return form;
}

describe(`/api/v1/my/events on the ${testDatabaseKind()} database`, () => {
  it("creates, lists, edits, publishes, duplicates and cancels an event, a co-organizer as the organizer", async () => {
    const created = await call("post", "/my/events", {}, { as: organizer, body: eventBody() });
    await acceptLastInvitation(handle.db, helper);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ status: "draft", role: "organizer", coOrganizerEmails: [helper.email] });
    const id = created.body.data.id as number;

    const mine = await call("get", "/my/events", {}, { as: organizer });
    expect(mine.body.data).toContainEqual(expect.objectContaining({ id, status: "draft", capacity: 120, sold: 0 }));
    const helping = await call("get", "/my/events", {}, { as: helper });
    expect(helping.body.data).toContainEqual(expect.objectContaining({ id, role: "co_organizer" }));

    const types = created.body.data.ticketTypes as { id: number; name: string }[];
    const changed = await call(
      "put",
      "/my/events/{id}",
      { id },
      {
        as: helper,
        body: eventBody({
          title: "Go-go on U Street, all night",
          ticketTypes: [{ id: types[0]!.id, name: "General admission", priceCents: 2500, quantity: 150 }],
        }),
      },
    );
    expect(changed.body.data).toMatchObject({
      title: "Go-go on U Street, all night",
      ticketTypes: [{ id: types[0]!.id, priceCents: 2500, quantity: 150 }],
    });

    const published = await call("post", "/my/events/{id}/publish", { id }, { as: helper });
    expect(published.status).toBe(200);
    expect(published.body.data).toMatchObject({ status: "published", role: "co_organizer" });
    expect((await app.request(`${BASE}/events/${id}`)).status).toBe(200);

    const copy = await call("post", "/my/events/{id}/duplicate", { id }, { as: organizer });
    expect(copy.status).toBe(201);
    expect(copy.body.data).toMatchObject({ status: "draft", title: "Go-go on U Street, all night" });
    // A co-organizer's copy is still the organizer's event, with the same team.
    const helpersCopy = await call("post", "/my/events/{id}/duplicate", { id }, { as: helper });
    expect(helpersCopy.status).toBe(201);
    expect(helpersCopy.body.data).toMatchObject({
      status: "draft",
      role: "co_organizer",
      title: "Go-go on U Street, all night",
      coOrganizerEmails: [helper.email],
    });
    const ofOrganizer = await call("get", "/my/events/{id}", { id: helpersCopy.body.data.id }, { as: organizer });
    expect(ofOrganizer.body.data.role).toBe("organizer");

    const cancelled = await call("post", "/my/events/{id}/cancel", { id }, { as: helper });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe("cancelled");
  });

  it("publishes at once when asked, and makes its creator an organizer", async () => {
    const newcomer = await createTestSession(handle.db, readConfig({ NODE_ENV: "test" }));
    const created = await call("post", "/my/events", {}, { as: newcomer, body: { ...eventBody(), publish: true } });
    expect(created.body.data.status).toBe("published");
    const [profile] = await selectRows<{ role: string }>(
      handle.db,
      sql`select role from profiles where user_id = ${newcomer.userId}`,
    );
    expect(profile!.role).toBe("organizer");
  });

  it("answers strangers 404 for every operation on an event, and changes nothing", async () => {
    const { body } = await call("post", "/my/events", {}, { as: organizer, body: eventBody() });
    const id = body.data.id as number;
    const before = await snapshot();
    const attempts: [string, string, Call][] = [
      ["get", "/my/events/{id}", {}],
      ["put", "/my/events/{id}", { body: eventBody({ title: "Taken over" }) }],
      ["post", "/my/events/{id}/publish", {}],
      ["post", "/my/events/{id}/cancel", {}],
      ["post", "/my/events/{id}/duplicate", {}],
      ["post", "/my/events/{id}/images", { form: upload(await photo(), "Mine") }],
      // Too large to accept from anyone: a stranger still learns only that there is no such event.
      ["post", "/my/events/{id}/images", { form: upload(new Uint8Array(20 * 1024 * 1024), "Huge") }],
      ["delete", "/my/events/{id}/images/{position}", {}],
    ];
    for (const [method, template, init] of attempts) {
      const answer = await call(method, template, { id, position: 0 }, { ...init, as: stranger });
      expect(answer.status, `${method} ${template}`).toBe(404);
      expect(answer.body.error.code).toBe("not_found");
    }
    expect((await call("get", "/my/events/{id}", { id: 999_999 }, { as: organizer })).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses bad input with the field that is wrong, and changes nothing", async () => {
    const { body } = await call("post", "/my/events", {}, { as: organizer, body: eventBody() });
    const id = body.data.id as number;
    const before = await snapshot();
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { ticketTypes: [{ name: "Bad", priceCents: -500, quantity: 10 }] },
        "ticketTypes.0.priceCents",
        "price_negative",
      ],
      [{ endsAt: new Date(Date.now() + DAY).toISOString() }, "endsAt", "end_before_start"],
      [{ categoryId: 999 }, "categoryId", "unknown_category"],
      [{ venue: { id: 999_999 } }, "venue.id", "unknown_venue"],
      [{ sponsorIds: [999_999] }, "sponsorIds.0", "unknown_sponsor"],
      [{ timeZone: "Mars/Olympus" }, "timeZone", "invalid_time_zone"],
      [{ title: "Go-go\u0000night" }, "title", "invalid"],
      [{ description: "Broken \uD800 text" }, "description", "invalid"],
      [{ startsAt: "0000-01-01T00:00:00Z" }, "startsAt", "invalid"],
    ];
    for (const [overrides, field, word] of cases) {
      const created = await call("post", "/my/events", {}, { as: organizer, body: eventBody(overrides) });
      expect(created.status, word).toBe(400);
      expect(created.body.error.fields[field], word).toBe(word);
      const updated = await call("put", "/my/events/{id}", { id }, { as: organizer, body: eventBody(overrides) });
      expect(updated.status, word).toBe(400);
      expect(updated.body.error.fields[field], word).toBe(word);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("adds pictures cropped to 16:9, refuses large files and non-images, and removes them", async () => {
    const { body } = await call("post", "/my/events", {}, { as: organizer, body: eventBody() });
    await acceptLastInvitation(handle.db, helper);
    const id = body.data.id as number;
    const before = await snapshot();
    const tooLarge = await call(
      "post",
      "/my/events/{id}/images",
      { id },
      {
        as: organizer,
        form: upload(new Uint8Array(20 * 1024 * 1024), "Huge"),
      },
    );
    expect(tooLarge).toMatchObject({ status: 400, body: { error: { fields: { file: "image_too_large" } } } });
    const notAnImage = await call(
      "post",
      "/my/events/{id}/images",
      { id },
      {
        as: organizer,
        form: upload(new TextEncoder().encode("%PDF-1.7 not a picture"), "A document", "image/png"),
      },
    );
    expect(notAnImage).toMatchObject({ status: 400, body: { error: { fields: { file: "image_type" } } } });
    const noAlt = await call(
      "post",
      "/my/events/{id}/images",
      { id },
      { as: organizer, form: upload(await photo(), "") },
    );
    expect(noAlt).toMatchObject({ status: 400, body: { error: { fields: { alt: "alt_required" } } } });
    expect(await snapshot()).toEqual(before);

    const added = await call(
      "post",
      "/my/events/{id}/images",
      { id },
      { as: helper, form: upload(await photo(), "Dancers") },
    );
    expect(added.status).toBe(201);
    const [image] = added.body.data.images as { alt: string; sources: { width: number; url: string }[] }[];
    expect(image!.alt).toBe("Dancers");
    const largest = image!.sources.at(-1)!;
    const file = await app.request(largest.url);
    expect(file.status).toBe(200);
    const metadata = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: largest.width, height: (largest.width * 9) / 16 });

    for (const alt of ["Two", "Three"]) {
      await call("post", "/my/events/{id}/images", { id }, { as: organizer, form: upload(await photo(800, 600), alt) });
    }
    const fourth = await call(
      "post",
      "/my/events/{id}/images",
      { id },
      { as: organizer, form: upload(await photo(), "Four") },
    );
    expect(fourth).toMatchObject({ status: 400, body: { error: { fields: { images: "too_many_images" } } } });

    const removed = await call("delete", "/my/events/{id}/images/{position}", { id, position: 0 }, { as: organizer });
    expect(removed.body.data.images.map((each: { alt: string }) => each.alt)).toEqual(["Two", "Three"]);
    expect((await app.request(largest.url)).status).toBe(404);
  });

  it("keeps quantities at or above what is sold", async () => {
    const { body } = await call("post", "/my/events", {}, { as: organizer, body: { ...eventBody(), publish: true } });
    const id = body.data.id as number;
    const [paid, free] = body.data.ticketTypes as { id: number }[];
    const order = await buyTickets({
      eventId: id,
      items: [{ ticketTypeId: free!.id, quantity: 5 }],
      buyer: { name: "Kid Parent", email: "parent@example.com" },
    });
    expect(order.status).toBe(201);
    const before = await snapshot();
    const refused = await call(
      "put",
      "/my/events/{id}",
      { id },
      {
        as: organizer,
        body: eventBody({
          ticketTypes: [
            { id: paid!.id, name: "General admission", priceCents: 2000, quantity: 100 },
            { id: free!.id, name: "Free for kids", priceCents: 0, quantity: 4 },
          ],
        }),
      },
    );
    expect(refused).toMatchObject({
      status: 400,
      body: { error: { fields: { "ticketTypes.1.quantity": "below_sold" } } },
    });
    expect(await snapshot()).toEqual(before);
  });

  it("keeps a sold ticket type's price at or above what its buyers paid", async () => {
    const { body } = await call("post", "/my/events", {}, { as: organizer, body: { ...eventBody(), publish: true } });
    const id = body.data.id as number;
    const [paid, free] = body.data.ticketTypes as { id: number }[];
    const order = await buyTickets({
      eventId: id,
      items: [{ ticketTypeId: paid!.id, quantity: 2 }],
      buyer: { name: "Paying Parent", email: "payer@example.com" },
      payment: { card: { number: "4242 4242 4242 4242", expMonth: 12, expYear: 2040, cvc: "123" } },
    });
    expect(order.status).toBe(201);
    expect(((await order.json()) as { data: { status: string } }).data.status).toBe("confirmed");
    const withGeneralPrice = (priceCents: number) =>
      eventBody({
        ticketTypes: [
          { id: paid!.id, name: "General admission", priceCents, quantity: 100 },
          { id: free!.id, name: "Free for kids", priceCents: 0, quantity: 20 },
        ],
      });
    const before = await snapshot();
    const refused = await call("put", "/my/events/{id}", { id }, { as: organizer, body: withGeneralPrice(1500) });
    expect(refused).toMatchObject({
      status: 400,
      body: { error: { code: "invalid", fields: { "ticketTypes.0.priceCents": "below_paid_price" } } },
    });
    expect(await snapshot()).toEqual(before);
    const raised = await call("put", "/my/events/{id}", { id }, { as: organizer, body: withGeneralPrice(2400) });
    expect(raised.status).toBe(200);
    expect(raised.body.data.ticketTypes[0]).toMatchObject({ id: paid!.id, priceCents: 2400 });
  });

  it("cancels an event once, for its organizer or a co-organizer, never for anyone else", async () => {
    const { body } = await call("post", "/my/events", {}, { as: organizer, body: { ...eventBody(), publish: true } });
    await acceptLastInvitation(handle.db, helper);
    const id = body.data.id as number;
    expect((await call("post", "/my/events/{id}/cancel", { id }, { as: stranger })).status).toBe(404);
    const cancelled = await call("post", "/my/events/{id}/cancel", { id }, { as: helper });
    expect(cancelled.body.data.status).toBe("cancelled");
    const again = await call("post", "/my/events/{id}/cancel", { id }, { as: organizer });
    expect(again).toMatchObject({ status: 409, body: { error: { fields: { event: "already_cancelled" } } } });
    const edit = await call("put", "/my/events/{id}", { id }, { as: organizer, body: eventBody() });
    expect(edit).toMatchObject({ status: 409, body: { error: { fields: { event: "cancelled" } } } });
  });

  it("finds venues by name", async () => {
    const [venue] = await selectRows<{ id: number; name: string }>(
      handle.db,
      sql`select id, name from venues order by id limit 1`,
    );
    const found = await call(
      "get",
      "/my/events/venues?q={q}",
      { q: encodeURIComponent(venue!.name) },
      { as: organizer },
    );
    expect(found.body.data).toContainEqual(expect.objectContaining({ id: venue!.id, name: venue!.name }));
    const broken = await call("get", "/my/events/venues?q={q}", { q: "%00%ED%A0%80" }, { as: organizer });
    expect(broken).toMatchObject({ status: 200, body: { data: [] } });
  });
});
