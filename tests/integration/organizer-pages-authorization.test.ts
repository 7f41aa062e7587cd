import { randomUUID } from "node:crypto";
import { asc, count, eq } from "drizzle-orm";
import { createStaticHandler, isRouteErrorResponse, matchRoutes } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  FIELD,
  TICKET_TYPE_FIELDS,
  ticketTypeFieldName,
  venueLabelOf,
  type EventFormValues,
} from "#app/components/event-form/event-form-values";
import { editableFormValues } from "#app/components/event-form/editable-values";
import * as duplicateRoute from "#app/routes/duplicate-event";
import * as editPage from "#app/routes/edit-event";
import * as ordersPage from "#app/routes/event-orders";
import * as salesCsvRoute from "#app/routes/event-sales-csv";
import * as promotePage from "#app/routes/promote";
import { createApp, type App, type PageContext } from "#server/app";
import type { DatabaseHandle } from "#server/db/client";
import { eventCoOrganizers, events, orders, promotionCampaigns, ticketTypes } from "#server/db/schema";
import { readConfig } from "#server/env";
import { sessionCookie, tokensFromSession } from "#server/http/session-cookie";
import { createLogger } from "#server/logger";
import { createSandboxProvider } from "#server/payments/sandbox-provider";
import { getEventForEditing } from "#server/services/event-authoring";
import { payOrder, placeOrder } from "#server/services/orders";
import { createTestSession } from "#tests/support/auth-session";
import { insertEventWithTicketTypes } from "#tests/support/ticket-factories";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";

/**
 * The organizer's pages as a browser reaches them: requests through the whole server (session cookie,
 * CSRF check, who is asking) to the pages' own loaders and actions, run by React Router's handler as
 * in production. The services and the JSON API have their own tests of who may do what; these check
 * that every page form that changes an event refuses visitors and strangers, and changes nothing.
 */
const config = readConfig({ NODE_ENV: "test" });
const payments = createSandboxProvider();
/** app.request() addresses the app as http://localhost: the Origin a form of ours sends. */
const SITE = "http://localhost";
const DAY = 24 * 60 * 60 * 1000;

/** The pages under test, as app/routes.ts names them; the others are React Router's resource routes. */
const PAGES = [
  { id: "edit-event", path: "/events/:id/edit", module: editPage, isResource: false },
  { id: "duplicate-event", path: "/events/:id/duplicate", module: duplicateRoute, isResource: true },
  { id: "event-orders", path: "/events/:id/orders", module: ordersPage, isResource: false },
  { id: "event-sales-csv", path: "/events/:id/sales.csv", module: salesCsvRoute, isResource: true },
  { id: "promote", path: "/promote", module: promotePage, isResource: false },
] as const;
const ROUTES = PAGES.map(({ id, path, module }) => ({
  id,
  path,
  loader: module.loader as never,
  ...("action" in module ? { action: module.action as never } : {}),
}));
const pageHandler = createStaticHandler(ROUTES);

/**
 * What createRequestHandler does with a request (server/main.ts), minus the HTML: a page's action
 * and loaders, or a resource route's alone; redirects as they are, anything else as its status with
 * the action's data.
 */
async function renderPage(request: Request, context: PageContext): Promise<Response> {
  const [match] = matchRoutes(ROUTES, new URL(request.url).pathname) ?? [];
  const page = PAGES.find(({ id }) => id === match?.route.id);
  // Not a 404, which would pass for a refusal.
  if (!page) throw new Error(`No page under test at ${request.url}`);
  if (page.isResource) {
    try {
      const result = await pageHandler.queryRoute(request, { routeId: page.id, requestContext: context });
      return result instanceof Response ? result : Response.json(result);
    } catch (error) {
      if (error instanceof Response) return error;
      if (isRouteErrorResponse(error)) return new Response(null, { status: error.status });
      throw error;
    }
  }
  const result = await pageHandler.query(request, { requestContext: context });
  if (result instanceof Response) return result;
  for (const error of Object.values(result.errors ?? {})) {
    if (!isRouteErrorResponse(error)) throw error;
  }
  return Response.json({ actionData: result.actionData?.[page.id] ?? null }, { status: result.statusCode });
}

let handle: DatabaseHandle;
let app: App;
let eventId: number;
let paidOrderId: string;
/** Session cookies by person; the visitor has none. */
const cookies = { organizer: "", coOrganizer: "", stranger: "" };
let organizerId: string;

async function signedIn() {
  const person = await createTestSession(handle.db, config);
  return { userId: person.userId, cookie: sessionCookie(config, tokensFromSession(person.session)).split(";")[0]! };
}

beforeAll(async () => {
  handle = await openTestDatabase();
  app = createApp({ db: handle.db, config, logger: createLogger(config), renderPage, payments });
  const [organizer, coOrganizer, stranger] = await Promise.all([signedIn(), signedIn(), signedIn()]);
  organizerId = organizer.userId;
  Object.assign(cookies, { organizer: organizer.cookie, coOrganizer: coOrganizer.cookie, stranger: stranger.cookie });
  const event = await insertEventWithTicketTypes(handle.db, {
    organizerId,
    title: "Rooftop Tizita Evening",
    startsAt: new Date(Date.now() + 20 * DAY),
    ticketTypes: [
      { name: "General", priceCents: 30_00, quantity: 40 },
      { name: "Balcony", priceCents: 0, quantity: 10 },
    ],
  });
  eventId = event.eventId;
  await handle.db.insert(eventCoOrganizers).values({ eventId, userId: coOrganizer.userId });
  // A paid order: something a stranger's refund or cancellation would undo.
  const now = new Date();
  const { order } = await placeOrder(
    handle.db,
    null,
    { eventId, items: [{ ticketTypeId: event.ticketTypeIds[0]!, quantity: 2 }], buyer: BUYER },
    { now, language: "en", siteUrl: config.publicUrl },
  );
  const paid = await payOrder(
    handle.db,
    payments,
    { orderId: order.id, card: CARD, returnUrl: config.publicUrl, cancelUrl: config.publicUrl },
    { now, siteUrl: config.publicUrl },
  );
  expect(paid.outcome).toBe("paid");
  paidOrderId = order.id;
});
afterAll(() => handle?.close());

const BUYER = { name: "Meron Alemu", email: "meron@example.com" };
const CARD = { number: "4242424242424242", expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: "123" };

type Person = keyof typeof cookies | "visitor";

function headersOf(as: Person, extra: Record<string, string> = {}): Record<string, string> {
  return { Origin: SITE, ...(as === "visitor" ? {} : { Cookie: cookies[as] }), ...extra };
}

/** A form posted from one of our pages (same Origin), as `as`. */
function post(path: string, as: Person, body: FormData | Record<string, string>) {
  return app.request(path, {
    method: "POST",
    headers: headersOf(as),
    body: body instanceof FormData ? body : new URLSearchParams(body),
  });
}

function get(path: string, as: Person) {
  return app.request(path, { headers: headersOf(as) });
}

/** The event's form as its edit page fills it, sent with `intent`: what a browser posts. */
function editForm(values: EventFormValues, intent: string): FormData {
  const form = new FormData();
  form.set(FIELD.title, values.title);
  form.set(FIELD.description, values.description);
  form.set(FIELD.categoryId, values.categoryId);
  form.set(FIELD.language, values.language);
  form.set(FIELD.isPublic, String(values.isPublic));
  form.set(FIELD.timeZone, values.timeZone);
  form.set(FIELD.startsAt, values.startsAt);
  form.set(FIELD.endsAt, values.endsAt);
  form.set(FIELD.venueMode, "existing");
  form.set(FIELD.venueId, String(values.venue!.id));
  form.set(FIELD.venueLabel, venueLabelOf(values.venue!));
  values.ticketTypes.forEach((row, index) => {
    for (const field of TICKET_TYPE_FIELDS) form.set(ticketTypeFieldName(index, field), row[field]);
  });
  for (const id of values.sponsorIds) form.append(FIELD.sponsorIds, id);
  form.set(FIELD.coOrganizerEmails, values.coOrganizerEmails);
  form.set(FIELD.intent, intent);
  return form;
}

async function storedForm(id = eventId) {
  return editableFormValues(await getEventForEditing(handle.db, { userId: organizerId }, id));
}

/** Everything the refused requests could touch: the event, its ticket types and orders, and the counts. */
async function snapshot() {
  const { db } = handle;
  const [event, types, eventOrders, [eventRows], [campaignRows], helpers] = await Promise.all([
    db.select().from(events).where(eq(events.id, eventId)),
    db.select().from(ticketTypes).where(eq(ticketTypes.eventId, eventId)).orderBy(asc(ticketTypes.id)),
    db.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.eventId, eventId)),
    db.select({ n: count() }).from(events),
    db.select({ n: count() }).from(promotionCampaigns),
    db.select().from(eventCoOrganizers).where(eq(eventCoOrganizers.eventId, eventId)),
  ]);
  return { event, types, eventOrders, events: eventRows!.n, campaigns: campaignRows!.n, helpers };
}

interface ChangingForm {
  name: string;
  path: string;
  body: FormData | Record<string, string>;
  /** Where a visitor who signs in is sent back: the page with the form. */
  back: string;
}

/** Every form that changes the event, filled as its organizer would. */
async function changingForms(): Promise<ChangingForm[]> {
  const values = await storedForm();
  const form = (name: string, path: string, body: ChangingForm["body"], back = path) => ({ name, path, body, back });
  return [
    form("edit", `/events/${eventId}/edit`, editForm({ ...values, title: "Taken over" }, "save")),
    // My Events' button: its own address takes only posts.
    form("duplicate", `/events/${eventId}/duplicate`, {}, "/dashboard#my-events"),
    form("cancel", `/events/${eventId}/orders`, { intent: "cancel_event", confirm: "yes" }),
    form("refund", `/events/${eventId}/orders?page=1`, { intent: "refund", orderId: paidOrderId }),
    form("promote", "/promote", {
      intent: "pay",
      attempt: randomUUID(),
      eventId: String(eventId),
      types: "homepage",
      days: "3",
      budget: "500",
      number: "4242 4242 4242 4242",
      expMonth: "12",
      expYear: String(new Date().getUTCFullYear() + 2),
      cvc: "123",
    }),
  ];
}

describe(`the organizer's pages' forms on the ${testDatabaseKind()} database`, () => {
  it("send a visitor to sign in, and change nothing", async () => {
    const before = await snapshot();
    for (const { name, path, body, back } of await changingForms()) {
      const answer = await post(path, "visitor", body);
      expect(answer.status, name).toBe(302);
      expect(answer.headers.get("Location"), name).toBe(`/signin?next=${encodeURIComponent(back)}`);
      // Once signed in, the form is there again (never a 404).
      if (back.startsWith("/events/") || back === "/promote") {
        expect((await get(back, "organizer")).status, `${name}: ${back}`).toBe(200);
      }
    }
    const csv = await get(`/events/${eventId}/sales.csv`, "visitor");
    expect(csv.status).toBe(302);
    expect(csv.headers.get("Location")).toBe(`/signin?next=${encodeURIComponent(`/events/${eventId}/sales.csv`)}`);
    expect(await snapshot()).toEqual(before);
  });

  it("answer someone else signed in as for an event that does not exist, and change nothing", async () => {
    const before = await snapshot();
    for (const { name, path, body } of await changingForms()) {
      const answer = await post(path, "stranger", body);
      if (name === "promote") {
        // /promote is not an event's page: it names the event as one the person cannot promote.
        expect(answer.status).toBe(422);
        expect((await answer.json()).actionData.problems).toEqual({ eventId: "not_promotable" });
      } else {
        expect(answer.status, name).toBe(404);
      }
    }
    for (const path of [`/events/${eventId}/edit`, `/events/${eventId}/orders`, `/events/${eventId}/sales.csv`]) {
      const answer = await get(path, "stranger");
      expect(answer.status, path).toBe(404);
      expect(await answer.text(), path).not.toContain(BUYER.email);
    }
    // The same form from another site, with the organizer's own cookie, is refused before the page.
    const forged = await app.request(`/events/${eventId}/orders`, {
      method: "POST",
      headers: { Origin: "https://elsewhere.example", Cookie: cookies.organizer },
      body: new URLSearchParams({ intent: "cancel_event", confirm: "yes" }),
    });
    expect(forged.status).toBe(403);
    expect(await snapshot()).toEqual(before);
  });

  it("let the organizer and a co-organizer edit the event, see its sales and duplicate it", async () => {
    for (const [person, title] of [
      ["organizer", "Rooftop Tizita Evening, second set"],
      ["coOrganizer", "Rooftop Tizita Evening, late show"],
    ] as const) {
      const saved = await post(`/events/${eventId}/edit`, person, editForm({ ...(await storedForm()), title }, "save"));
      expect(saved.status, person).toBe(302);
      expect(saved.headers.get("Location")).toBe(`/events/${eventId}/edit?saved=changes`);
      const [event] = await handle.db.select({ title: events.title }).from(events).where(eq(events.id, eventId));
      expect(event!.title).toBe(title);

      const csv = await get(`/events/${eventId}/sales.csv`, person);
      expect(csv.status).toBe(200);
      expect(await csv.text()).toContain(BUYER.email);

      const before = (await snapshot()).events;
      const copied = await post(`/events/${eventId}/duplicate`, person, {});
      expect(copied.status, person).toBe(302);
      const copyId = Number(/^\/events\/(\d+)\/edit\?saved=duplicated$/.exec(copied.headers.get("Location")!)?.[1]);
      expect((await snapshot()).events).toBe(before + 1);
      const [copy] = await handle.db
        .select({ title: events.title, status: events.status, organizerId: events.organizerId })
        .from(events)
        .where(eq(events.id, copyId));
      // The copy is the event's organizer's, whoever made it.
      expect(copy).toEqual({ title, status: "draft", organizerId });
      expect((await get(`/events/${copyId}/edit?saved=duplicated`, person)).status).toBe(200);
    }
  });
});
