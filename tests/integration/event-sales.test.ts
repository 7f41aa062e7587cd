import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import enCore from "#app/i18n/locales/en.json";
import enPages from "#app/i18n/locales/pages/en.json";
import { translatorFor } from "#app/i18n/translator";
import * as eventOrdersPage from "#app/routes/event-orders";
import * as salesCsvRoute from "#app/routes/event-sales-csv";
import type { DatabaseHandle } from "#server/db/client";
import { eventCoOrganizers, events, orders, tickets } from "#server/db/schema";
import { AppError } from "#server/errors";
import { readConfig } from "#server/env";
import type { Viewer } from "#server/http/app-env";
import { createSandboxProvider } from "#server/payments/sandbox-provider";
import { eventSalesCsv, getEventSales, listEventAttendees, type SalesCsvColumn } from "#server/services/event-orders";
import { payOrder, placeOrder, refundOrder } from "#server/services/orders";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { insertEventWithTicketTypes, insertUser, type EventWithTicketTypes } from "#tests/support/ticket-factories";

/** All of a language's messages: those of every page and the page namespaces (app/i18n/messages.ts). */
const en = { ...enCore, ...enPages };

/** The CSV's column names as the sales.csv route gives them in English. */
function columnNameIn(language: "en") {
  const { t } = translatorFor(language, en);
  return (column: SalesCsvColumn, timeZone: string) => t(`eventSales.csv.${column}`, { timeZone });
}

/**
 * The sales page's data (services/event-orders.ts): sales per ticket type, attendees and the CSV
 * export, who may see them; the CSV's route; and the page's Cancel event form with its confirmation.
 */
const config = readConfig({ NODE_ENV: "test" });
const SITE = config.publicUrl;
const payments = createSandboxProvider();
const GOOD_CARD = { number: "4242424242424242", expMonth: 12, expYear: 2040, cvc: "123" };
let handle: DatabaseHandle;
let organizer: Viewer;
let coOrganizer: Viewer;
let stranger: Viewer;
let event: EventWithTicketTypes;
const orderIds: Record<string, string> = {};

function viewerOf(user: { userId: string; email: string }): Viewer {
  return {
    userId: user.userId,
    email: user.email,
    name: "Test Person",
    profileImage: null,
    isStaff: false,
    sessionId: randomUUID(),
  };
}

function context(viewer: Viewer | null): AppLoadContext {
  return { db: handle.db, config, cspNonce: "", requestId: randomUUID(), viewer, clientAddress: "192.0.2.9", payments };
}

async function buy(
  target: EventWithTicketTypes,
  typeIndex: number,
  quantity: number,
  buyer: { name: string; email: string },
  orderedAt: Date,
): Promise<string> {
  const now = new Date();
  const { order } = await placeOrder(
    handle.db,
    null,
    { eventId: target.eventId, items: [{ ticketTypeId: target.ticketTypeIds[typeIndex]!, quantity }], buyer },
    { now, language: "en", siteUrl: SITE },
  );
  if (order.totalCents > 0) {
    const paid = await payOrder(
      handle.db,
      payments,
      { orderId: order.id, card: GOOD_CARD, returnUrl: SITE, cancelUrl: SITE },
      { now, siteUrl: SITE },
    );
    expect(paid.outcome).toBe("paid");
  }
  await handle.db.update(orders).set({ createdAt: orderedAt }).where(eq(orders.id, order.id));
  return order.id;
}

beforeAll(async () => {
  handle = await openTestDatabase();
  const people = await Promise.all([
    insertUser(handle.db, { role: "organizer" }),
    insertUser(handle.db),
    insertUser(handle.db),
  ]);
  [organizer, coOrganizer, stranger] = people.map(viewerOf) as [Viewer, Viewer, Viewer];
  event = await insertEventWithTicketTypes(handle.db, {
    organizerId: organizer.userId,
    title: "Harbor Lights",
    ticketTypes: [
      { name: "VIP", priceCents: 45_00, quantity: 10 },
      { name: "Community", priceCents: 0, quantity: 50 },
    ],
  });
  await handle.db.insert(eventCoOrganizers).values({ eventId: event.eventId, userId: coOrganizer.userId });
  // 12:30 in Washington on the 4th of July (EDT, UTC−4).
  orderIds.liya = await buy(
    event,
    0,
    2,
    { name: "Liya Haile", email: "liya@example.com" },
    new Date("2026-07-04T16:30:00Z"),
  );
  orderIds.formula = await buy(
    event,
    1,
    1,
    { name: '=HYPERLINK("http://evil.example","Click")', email: "formula@example.com" },
    new Date("2026-07-05T01:05:00Z"),
  );
  orderIds.comma = await buy(
    event,
    1,
    1,
    { name: "Haile, Sami", email: "sami@example.com" },
    new Date("2026-07-06T14:00:00Z"),
  );
  orderIds.refunded = await buy(
    event,
    0,
    1,
    { name: "@Refunded Person", email: "gone@example.com" },
    new Date("2026-07-07T14:00:00Z"),
  );
  await refundOrder(handle.db, payments, organizer, orderIds.refunded, { now: new Date(), siteUrl: SITE });
  // One of Liya's tickets is checked in at 19:45 Washington time.
  const [first] = await handle.db
    .select({ id: tickets.id })
    .from(tickets)
    .where(eq(tickets.orderId, orderIds.liya))
    .limit(1);
  await handle.db
    .update(tickets)
    .set({ checkedInAt: new Date("2026-07-10T23:45:00Z"), checkedInBy: organizer.userId })
    .where(eq(tickets.id, first!.id));
});
afterAll(() => handle?.close());

async function notFound(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe("not_found");
}

/** A thrown or returned answer's status, data and headers: data(), or a Response. */
async function settle(promise: Promise<unknown>) {
  const result = await promise.catch((thrown: unknown) => thrown);
  if (result instanceof Response)
    return { status: result.status, data: null, headers: result.headers, response: result };
  const init = (result as { init?: ResponseInit | null }).init ?? {};
  return {
    status: init.status ?? 200,
    data: (result as { data: unknown }).data,
    headers: new Headers(init.headers),
    response: null,
  };
}

/** The CSV's rows as cells as written (quotes kept), for a document whose cells hold no line breaks. */
function parseCsv(csv: string): string[][] {
  return csv
    .split("\r\n")
    .filter((line) => line !== "")
    .map((line) => {
      const cells: string[] = [];
      let cell = "";
      let quoted = false;
      for (const character of line) {
        if (character === '"') quoted = !quoted;
        if (character === "," && !quoted) {
          cells.push(cell);
          cell = "";
        } else cell += character;
      }
      return [...cells, cell];
    });
}

describe(`an event's sales on the ${testDatabaseKind()} database`, () => {
  it("sums tickets sold of capacity and revenue per ticket type, for the organizer and co-organizers", async () => {
    for (const [viewer, role] of [
      [organizer, "organizer"],
      [coOrganizer, "co_organizer"],
    ] as const) {
      const sales = await getEventSales(handle.db, viewer, event.eventId);
      expect(sales.role).toBe(role);
      expect(sales.ticketTypes).toEqual([
        { id: event.ticketTypeIds[0], name: "VIP", priceCents: 45_00, quantity: 10, sold: 2, revenueCents: 90_00 },
        { id: event.ticketTypeIds[1], name: "Community", priceCents: 0, quantity: 50, sold: 2, revenueCents: 0 },
      ]);
      // The refunded order counts neither as sold nor as revenue.
      expect(sales).toMatchObject({ sold: 4, capacity: 60, revenueCents: 90_00 });
      expect(sales.event).toMatchObject({ id: event.eventId, status: "published", cancelledAt: null });
    }
    await notFound(getEventSales(handle.db, stranger, event.eventId));
    await notFound(getEventSales(handle.db, organizer, 2_000_000_000));
  });

  it("lists attendees, one per valid ticket, by name, with their check-in", async () => {
    const { attendees, total } = await listEventAttendees(handle.db, coOrganizer, event.eventId);
    expect(total).toBe(4);
    expect(attendees.map((attendee) => [attendee.name, attendee.ticketTypeName])).toEqual([
      ['=HYPERLINK("http://evil.example","Click")', "Community"],
      ["Haile, Sami", "Community"],
      ["Liya Haile", "VIP"],
      ["Liya Haile", "VIP"],
    ]);
    expect(attendees.filter((attendee) => attendee.checkedInAt !== null)).toHaveLength(1);
    expect(attendees.every((attendee) => /^[0-9A-Z]{20}$/.test(attendee.code))).toBe(true);
    expect(attendees.find((attendee) => attendee.email === "gone@example.com")).toBeUndefined();
    const firstTwo = await listEventAttendees(handle.db, organizer, event.eventId, { limit: 2 });
    expect(firstTwo).toMatchObject({ total: 4, attendees: attendees.slice(0, 2) });
    await notFound(listEventAttendees(handle.db, stranger, event.eventId));
  });

  it("exports every ticket as CSV, in the event's zone, safe to open in a spreadsheet", async () => {
    const csv = await eventSalesCsv(handle.db, coOrganizer, event.eventId, columnNameIn("en"));
    expect(csv.endsWith("\r\n")).toBe(true);
    const [header, ...rows] = parseCsv(csv);
    expect(header).toEqual([
      "Order ID",
      "Buyer name",
      "E-mail",
      "Ticket type",
      "Ticket code",
      "Status",
      "Price (USD)",
      "Ordered at (America/New_York)",
      "Checked in at (America/New_York)",
    ]);
    expect(rows).toHaveLength(5);
    const codes = await handle.db
      .select({ orderId: tickets.orderId, code: tickets.code })
      .from(tickets)
      .where(eq(tickets.eventId, event.eventId));
    const codeOf = (orderId: string) =>
      codes
        .filter((ticket) => ticket.orderId === orderId)
        .map((ticket) => ticket.code)
        .sort();

    // In order of purchase; Liya's two tickets by code.
    const liya = rows.slice(0, 2);
    expect(liya.map((row) => row[4])).toEqual(codeOf(orderIds.liya!));
    for (const row of liya) {
      expect(row.slice(0, 4)).toEqual([orderIds.liya, "Liya Haile", "liya@example.com", "VIP"]);
      expect(row.slice(5, 8)).toEqual(["confirmed", "45.00", "2026-07-04 12:30"]);
    }
    expect(liya.map((row) => row[8]).sort()).toEqual(["", "2026-07-10 19:45"]);
    // A formula is neutralized by a leading apostrophe (and quoted, for its quotes and commas).
    expect(rows[2]).toEqual([
      orderIds.formula,
      '"\'=HYPERLINK(""http://evil.example"",""Click"")"',
      "formula@example.com",
      "Community",
      codeOf(orderIds.formula!)[0],
      "confirmed",
      "0.00",
      "2026-07-04 21:05",
      "",
    ]);
    expect(rows[3]!.slice(1, 2)).toEqual(['"Haile, Sami"']);
    // Refunded tickets stay in the export, with their order's status.
    expect(rows[4]!.slice(1, 7)).toEqual([
      "'@Refunded Person",
      "gone@example.com",
      "VIP",
      codeOf(orderIds.refunded!)[0],
      "refunded",
      "45.00",
    ]);
    expect(csv).not.toMatch(/(^|,)[=+@-]/m);

    await notFound(eventSalesCsv(handle.db, stranger, event.eventId, columnNameIn("en")));
  });

  it("serves the CSV as a download to the staff only", async () => {
    const download = (viewer: Viewer | null, id: string = String(event.eventId)) =>
      settle(
        salesCsvRoute.loader({
          request: new Request(`${SITE}/events/${id}/sales.csv`),
          params: { id },
          context: context(viewer),
        } as never),
      );
    const answer = await download(coOrganizer);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/csv; charset=utf-8; header=present");
    expect(answer.headers.get("content-disposition")).toBe(`attachment; filename="event-${event.eventId}-sales.csv"`);
    expect(answer.headers.get("cache-control")).toBe("private, no-store");
    // A UTF-8 byte order mark first (text() would drop it), then the document.
    const bytes = new Uint8Array(await answer.response!.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes)).toBe(
      await eventSalesCsv(handle.db, organizer, event.eventId, columnNameIn("en")),
    );
    // The header row is in the page's language.
    const french = await settle(
      salesCsvRoute.loader({
        request: new Request(`${SITE}/events/${event.eventId}/sales.csv?lang=fr`),
        params: { id: String(event.eventId) },
        context: context(organizer),
      } as never),
    );
    expect((await french.response!.text()).split("\r\n")[0]).toBe(
      "N° de commande,Nom de l’acheteur,E-mail,Type de billet,Code du billet,Statut,Prix (USD)," +
        "Commandé le (America/New_York),Enregistré le (America/New_York)",
    );

    expect((await download(stranger)).status).toBe(404);
    expect((await download(organizer, "2000000000")).status).toBe(404);
    expect((await download(organizer, "nope")).status).toBe(404);
    const visitor = await download(null);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toBe(
      `/signin?next=${encodeURIComponent(`/events/${event.eventId}/sales.csv`)}`,
    );
  });
});

describe(`the sales page on the ${testDatabaseKind()} database`, () => {
  type PageData = Awaited<ReturnType<typeof eventOrdersPage.loader>>["data"];
  let target: EventWithTicketTypes;

  beforeAll(async () => {
    target = await insertEventWithTicketTypes(handle.db, {
      organizerId: organizer.userId,
      ticketTypes: [{ name: "General", priceCents: 20_00, quantity: 5 }],
    });
    await handle.db.insert(eventCoOrganizers).values({ eventId: target.eventId, userId: coOrganizer.userId });
    await buy(target, 0, 1, { name: "Hana", email: "hana@example.com" }, new Date());
  });

  const load = async (viewer: Viewer | null, query = "") =>
    settle(
      eventOrdersPage.loader({
        request: new Request(`${SITE}/events/${target.eventId}/orders${query}`),
        params: { id: String(target.eventId) },
        context: context(viewer),
      } as never),
    );
  const post = (viewer: Viewer | null, fields: Record<string, string>) =>
    settle(
      eventOrdersPage.action({
        request: new Request(`${SITE}/events/${target.eventId}/orders?cancel=1`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: SITE },
          body: new URLSearchParams(fields),
        }),
        params: { id: String(target.eventId) },
        context: context(viewer),
      } as never),
    );
  const status = async () =>
    (await handle.db.select({ status: events.status }).from(events).where(eq(events.id, target.eventId)))[0]!.status;

  it("shows sales, attendees and the Cancel event form to the organizer and co-organizers", async () => {
    const mine = (await load(organizer, "?cancel=1")).data as PageData;
    expect(mine.sales).toMatchObject({ sold: 1, capacity: 5, revenueCents: 20_00, role: "organizer" });
    expect(mine).toMatchObject({ view: "orders", attendees: null, canCancel: true, confirmingCancel: true });
    expect(mine.cancelResult).toBeNull();
    const attendees = (await load(coOrganizer, "?view=attendees")).data as PageData;
    expect(attendees.view).toBe("attendees");
    expect(attendees.attendees?.attendees.map((attendee) => attendee.name)).toEqual(["Hana"]);
    expect(attendees.attendees?.total).toBe(1);
    const theirs = (await load(coOrganizer, "?cancel=1")).data as PageData;
    expect(theirs).toMatchObject({ canCancel: true, confirmingCancel: true });
    expect(theirs.sales.role).toBe("co_organizer");
  });

  it("cancels only when confirmed, for a co-organizer as for the organizer, never for a stranger", async () => {
    expect((await post(stranger, { intent: "cancel_event", confirm: "yes" })).status).toBe(404);
    expect(await post(coOrganizer, { intent: "cancel_event" })).toMatchObject({
      status: 400,
      data: { cancelProblem: "confirm_required" },
    });
    expect(await status()).toBe("published");

    const done = await post(coOrganizer, { intent: "cancel_event", confirm: "yes" });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`/events/${target.eventId}/orders?cancelled=1.0.0`);
    expect(await status()).toBe("cancelled");
    const page = (await load(organizer, "?cancelled=1.0.0&cancel=1")).data as PageData;
    expect(page).toMatchObject({
      canCancel: false,
      confirmingCancel: false,
      cancelResult: { refundsQueued: 1, registrationsCancelled: 0, holdsReleased: 0 },
    });
    expect(page.sales.event.cancelledAt).toBeInstanceOf(Date);

    expect(await post(organizer, { intent: "cancel_event", confirm: "yes" })).toMatchObject({
      status: 409,
      data: { cancelProblem: "already_cancelled" },
    });
  });
});
