import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OpenApiDocument } from "#server/api/openapi-document-shape";
import { createApp, type App } from "#server/app";
import { selectRows } from "#server/db/client";
import { readConfig } from "#server/env";
import { ERROR_CODES } from "#server/errors";
import { createLogger } from "#server/logger";
import { createStripeProvider } from "#server/payments/stripe-provider";
import { contactThreads } from "#server/db/schema";
import { createTestSession, type TestSession } from "#tests/support/auth-session";
import { setUpSeededApp } from "#tests/support/seeded-app";
import { startFakeStripe, type FakeStripe } from "#tests/support/stripe-server";
import { mulberry32, isObject } from "#tests/support/malformed-values";
import { testDatabaseKind } from "#tests/support/test-database";
import { makeStaff } from "#tests/support/staff";
import { insertEventWithTicketTypes } from "#tests/support/ticket-factories";
import {
  BASE,
  WEBHOOK_SECRET,
  probed,
  real,
  operationsOf,
  isWebhook,
  defaultCredentials,
  isStaffOperation,
  type Operation,
  type Probe,
  type Credentials,
} from "#tests/support/malformed-operations";
import { jsonBodyProbes, nonJsonProbes, pathProbes, queryProbes, headerProbes } from "#tests/support/malformed-probes";
import { uploadProbes } from "#tests/support/malformed-upload-probes";
import { randomProbes } from "#tests/support/malformed-random-probes";

/*
 * The reliability bar's bad-input suite (quality-bars.md): malformed requests, generated from the
 * OpenAPI document the app serves, to every operation under /api/v1, each sent by a visitor and by a
 * signed-in person, and a body for a staff operation by staff too. Every answer is below 500, every refusal is in the one error shape, and nothing
 * is written. Generation is deterministic (a seeded PRNG), so a failure is the same on every run.
 */

const seeded = setUpSeededApp();
const CONCURRENCY = 8;
const SEED = 0x5eed_0bad;

let app: App;
let stripeApp: App;
let stripe: FakeStripe;
let uploadsDir: string;
let document: OpenApiDocument;
let me: TestSession;
let other: TestSession;
let staff: TestSession;
/** Everything a request could write, as it was before the malformed ones. */
let before: Record<string, string[]>;
let filesBefore: string[];

/** Requests sent, per operation and per credentials. */
const sent = new Map<string, number>();
const sentAs = new Set<string>();
let total = 0;

let operations: Operation[] = [];

/** Why an answer breaks the bar, or null: below 500, and every refusal in the one error shape. */
function problemOf(status: number, contentType: string | null, text: string): string | null {
  if (status >= 500) return "server error";
  if (status < 400) return null;
  if (!contentType?.startsWith("application/json")) return `Content-Type ${contentType}`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return "a body that is not JSON";
  }
  if (!isObject(body) || Object.keys(body).join() !== "error" || !isObject(body.error)) return "not {error: {...}}";
  const { code, message, requestId, fields, ...rest } = body.error;
  if (Object.keys(rest).length) return `unexpected keys ${Object.keys(rest).join(", ")}`;
  if (!(ERROR_CODES as readonly unknown[]).includes(code)) return `code ${JSON.stringify(code)}`;
  if (typeof message !== "string" || !message) return "no message";
  if (typeof requestId !== "string" || !requestId) return "no requestId";
  if (fields !== undefined && (!isObject(fields) || Object.values(fields).some((value) => typeof value !== "string"))) {
    return "fields not a map of strings";
  }
  const expected: Record<string, number[]> = {
    invalid: [400, 422],
    unauthenticated: [401],
    forbidden: [403],
    not_found: [404],
    conflict: [409],
    rate_limited: [429],
  };
  if (!expected[code as string]!.includes(status)) return `code ${code as string} with status ${status}`;
  return null;
}

interface Failure {
  probe: Probe;
  as: Credentials;
  status: number;
  problem: string;
  excerpt: string;
}

/** `body`: the probes are bodies the document refuses, which staff may send too (see defaultCredentials). */
async function send(probes: Probe[], { body }: { body: boolean }): Promise<{ failures: Failure[]; requests: number }> {
  const byOperation = new Map(operations.map((op) => [op.key, op]));
  const jobs = probes.flatMap((probe) =>
    (probe.as ? [probe.as] : defaultCredentials(byOperation.get(probe.op)!, { body })).map((as) => ({ probe, as })),
  );
  const failures: Failure[] = [];
  let next = 0;
  async function worker() {
    while (next < jobs.length) {
      const { probe, as } = jobs[next++]!;
      const op = byOperation.get(probe.op)!;
      const headers: Record<string, string> = { ...probe.headers };
      if (as === "signed in") headers.Authorization = `Bearer ${me.session.access_token}`;
      if (as === "staff") headers.Authorization = `Bearer ${staff.session.access_token}`;
      const content = typeof probe.body === "function" ? probe.body() : probe.body;
      const target = isWebhook(op) ? stripeApp : app;
      const response = await target.request(probe.url, {
        method: probe.method,
        headers,
        ...(content === undefined ? {} : { body: content }),
      });
      const text = await response.text();
      total++;
      sent.set(probe.op, (sent.get(probe.op) ?? 0) + 1);
      sentAs.add(`${probe.op} ${as}`);
      let problem = problemOf(response.status, response.headers.get("content-type"), text);
      if (!problem && as === "malformed credentials" && op.access === "signedIn" && response.status < 300) {
        problem = "malformed credentials signed someone in";
      }
      if (problem) failures.push({ probe, as, status: response.status, problem, excerpt: text.slice(0, 160) });
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { failures, requests: jobs.length };
}

/** All failures in one message: each kind (operation, credentials, status, problem) with its count and examples. */
function report(failures: Failure[]): string {
  const kinds = new Map<string, Failure[]>();
  for (const failure of failures) {
    const kind = `${failure.probe.op} as ${failure.as} → ${failure.status} ${failure.problem}`;
    kinds.set(kind, [...(kinds.get(kind) ?? []), failure]);
  }
  const lines = [`${failures.length} malformed requests broke the bar:`];
  for (const [kind, examples] of kinds) {
    lines.push(`  ${examples.length} × ${kind}, such as:`);
    for (const { probe, excerpt } of examples.slice(0, 6)) {
      const url = probe.url.length > 100 ? `${probe.url.slice(0, 100)}…` : probe.url;
      lines.push(`    [${probe.variant.slice(0, 100)}] ${probe.method} ${url}: ${excerpt}`);
    }
  }
  return lines.join("\n");
}

async function expectAllRefusedCleanly(probes: Probe[], atLeast: number, { body = false } = {}) {
  const { failures, requests } = await send(probes, { body });
  expect(failures.length, report(failures)).toBe(0);
  expect(requests).toBeGreaterThanOrEqual(atLeast);
}

// ---------------------------------------------------------------------------------------------
// The data the requests could change.

const WRITABLE_TABLES = [
  "events",
  "ticket_types",
  "venues",
  "event_images",
  "event_sponsors",
  "event_co_organizers",
  "orders",
  "order_items",
  "order_access_tokens",
  "order_status_changes",
  "tickets",
  "idempotency_keys",
  "waitlist_entries",
  "promotion_campaigns",
  "promotions",
  "user_interests",
  "profiles",
  "newsletter_subscriptions",
  "ticket_lookup_links",
  "jobs",
  "mailbox_messages",
  // What staff operations write.
  "users",
  "staff_members",
  "staff_actions",
  "reports",
  "sponsors",
  "sponsor_accounts",
  "major_event_teasers",
  "blog_posts",
  "blog_post_versions",
  "contact_threads",
  "contact_entries",
];

async function snapshot(): Promise<Record<string, string[]>> {
  const tables: Record<string, string[]> = {};
  for (const table of WRITABLE_TABLES) {
    const rows = await selectRows(seeded.handle.db, sql`select * from ${sql.identifier(table)}`);
    tables[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return tables;
}

async function postJson(target: string, body: unknown, as: TestSession) {
  const response = await app.request(`${BASE}${target}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${as.session.access_token}` },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (response.status !== 201) throw new Error(`POST ${target} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer.data;
}

beforeAll(async () => {
  const { db } = seeded.handle;
  uploadsDir = await mkdtemp(path.join(tmpdir(), "malformed-requests-"));
  const logger = createLogger(seeded.config);
  app = createApp({ db, config: { ...seeded.config, uploadsDir }, logger });
  stripe = await startFakeStripe();
  const stripeConfig = readConfig({
    NODE_ENV: "test",
    STRIPE_SECRET_KEY: "sk_test_malformed",
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  stripeApp = createApp({
    db,
    config: { ...stripeConfig, uploadsDir },
    logger,
    payments: createStripeProvider({ secretKey: "sk_test_malformed", webhookSecret: WEBHOOK_SECRET, api: stripe.api }),
  });
  document = await (await app.request(`${BASE}/openapi.json`)).json();
  operations = operationsOf(document);
  probed.document = document;
  [me, other, staff] = await Promise.all([
    createTestSession(db, seeded.config),
    createTestSession(db, seeded.config),
    createTestSession(db, seeded.config),
  ]);
  await makeStaff(db, staff.userId);
  probed.myAccessToken = me.session.access_token;
  real.otherUserId = other.userId;
  real.blogPostId = String(
    (await selectRows<{ id: number }>(db, sql`select id from blog_posts order by id limit 1`))[0]!.id,
  );
  const [thread] = await db
    .insert(contactThreads)
    .values({ reference: "DMV-MALFORM1", kind: "site", topic: "problem", name: "Ada", email: other.email, language: "en" })
    .returning({ id: contactThreads.id });
  real.contactThreadId = String(thread!.id);

  real.publicEventId = (await (await app.request(`${BASE}/events`)).json()).data[0].id;
  real.organizerId = (await (await app.request(`${BASE}/events/${real.publicEventId}`)).json()).data.organizer.id;
  real.sponsorId = (await (await app.request(`${BASE}/sponsors`)).json()).data[0].id;
  real.venueId = (await (await app.request(`${BASE}/venues`)).json()).data[0].id;
  real.categoryId = (await selectRows<{ id: number }>(db, sql`select id from categories order by id limit 1`))[0]!.id;
  const [campaign] = await selectRows<{ id: string }>(db, sql`select id from promotion_campaigns limit 1`);
  real.campaignId = campaign?.id ?? "00000000-0000-4000-8000-00000000000a";

  const mine = await insertEventWithTicketTypes(db, {
    organizerId: me.userId,
    ticketTypes: [
      { name: "General admission", priceCents: 2500, quantity: 20 },
      { name: "Front row", priceCents: 9000, quantity: 1, sold: 1 },
    ],
  });
  real.myEventId = mine.eventId;
  [real.myPaidTypeId, real.mySoldOutTypeId] = mine.ticketTypeIds as [number, number];
  const buyer = (person: TestSession) => ({ name: "Ada Lovelace", email: person.email });
  real.myOrderId = (
    await postJson(
      "/orders",
      { eventId: mine.eventId, items: [{ ticketTypeId: real.myPaidTypeId, quantity: 1 }], buyer: buyer(me) },
      me,
    )
  ).id;
  const others = await insertEventWithTicketTypes(db, {
    ticketTypes: [{ name: "Free entry", priceCents: 0, quantity: 20 }],
  });
  real.othersEventId = others.eventId;
  real.othersOrderId = (
    await postJson(
      "/orders",
      {
        eventId: others.eventId,
        items: [{ ticketTypeId: others.ticketTypeIds[0]!, quantity: 1 }],
        buyer: buyer(other),
      },
      other,
    )
  ).id;
  real.othersWaitlistEntryId = (
    await postJson(`/ticket-types/${real.mySoldOutTypeId}/waitlist`, buyer(other), other)
  ).id;

  before = await snapshot();
  filesBefore = await readdir(uploadsDir, { recursive: true });
}, 120_000);

afterAll(async () => {
  await stripe?.close();
  if (uploadsDir) await rm(uploadsDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------------------------------------

describe(`malformed requests to every /api/v1 operation on the ${testDatabaseKind()} database`, () => {
  const TIMEOUT = 180_000;

  it(
    "answers malformed path parameters below 500, refusals in the one error shape",
    async () => {
      await expectAllRefusedCleanly(operations.flatMap(pathProbes), 1000);
    },
    TIMEOUT,
  );

  it(
    "answers malformed, repeated and undeclared query parameters the same way",
    async () => {
      await expectAllRefusedCleanly(operations.flatMap(queryProbes), 1000);
    },
    TIMEOUT,
  );

  it(
    "answers malformed headers, credentials, cookies and Idempotency-Keys the same way",
    async () => {
      await expectAllRefusedCleanly(operations.flatMap(headerProbes), 1000);
    },
    TIMEOUT,
  );

  it(
    "answers JSON bodies the document's schema refuses (each field wrong, missing, or polluting) the same way",
    async () => {
      const probes = operations.filter((op) => op.json).flatMap(jsonBodyProbes);
      await expectAllRefusedCleanly(probes, 4000, { body: true });
    },
    TIMEOUT,
  );

  it(
    "answers bodies that are not JSON, or too large, the same way",
    async () => {
      await expectAllRefusedCleanly(operations.filter((op) => op.json).flatMap(nonJsonProbes), 300, { body: true });
    },
    TIMEOUT,
  );

  it(
    "answers broken pictures and broken forms the same way",
    async () => {
      await expectAllRefusedCleanly(
        operations.filter((op) => op.multipart).flatMap((op) => uploadProbes(op, mulberry32(SEED))),
        40,
        { body: true },
      );
    },
    TIMEOUT,
  );

  it(
    "answers seeded random combinations of all of these the same way",
    async () => {
      // One generator for the whole section, seeded afresh: the same requests however the tests are filtered.
      const random = mulberry32(SEED);
      await expectAllRefusedCleanly(
        operations.flatMap((op) => randomProbes(op, random, 30)),
        1500,
      );
    },
    TIMEOUT,
  );

  it("sent over 10,000 requests, to every operation the document lists, as a visitor and signed in, and staff operations' bodies as staff", () => {
    expect(operations.length).toBeGreaterThan(30);
    const staffBodies = operations.filter((op) => isStaffOperation(op) && (op.json || op.multipart));
    expect(staffBodies.length).toBeGreaterThan(7);
    const missing = operations.filter((op) => !sent.get(op.key)).map((op) => op.key);
    expect(missing, "operations that got no request").toEqual([]);
    const untried = operations.flatMap((op) =>
      defaultCredentials(op, { body: !!(op.json || op.multipart) })
        .filter((as) => !sentAs.has(`${op.key} ${as}`))
        .map((as) => `${op.key} ${as}`),
    );
    expect(untried, "operations not tried by everyone who may send them").toEqual([]);
    expect(total).toBeGreaterThanOrEqual(10_000);
  });

  it("changed nothing: no row written, no file stored, no prototype polluted", async () => {
    expect(await snapshot()).toEqual(before);
    expect(await readdir(uploadsDir, { recursive: true })).toEqual(filesBefore);
    const probe: Record<string, unknown> = {};
    expect(probe.polluted ?? probe.isAdmin).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty("polluted");
  });
});
