import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client";
import { jobs, mailboxMessages, ticketLookupLinks } from "#server/db/schema";
import { AppError } from "#server/errors";
import { createJobHandlers } from "#server/jobs/job-handlers";
import { runDueJobs } from "#server/jobs/run-due-jobs";
import { createLogger } from "#server/logger";
import { createMailboxMailer } from "#server/mail/mailer";
import { EMAIL_MESSAGES } from "#server/mail/render-email";
import { insertOrderWithTickets, voidOrder } from "#tests/support/issued-tickets";
import { insertEventWithTicketTypes, type EventWithTicketTypes } from "#tests/support/ticket-factories";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { isOrderAccessToken } from "./order-access";
import {
  openLookedUpOrder,
  openTicketLookup,
  requestTicketLookup,
  showLookedUpOrders,
  TICKET_LOOKUP_LIMITS,
} from "./ticket-lookup";

const siteUrl = "http://localhost:3000";
const logger = createLogger({ mode: "test", logLevel: "silent" });
const HOUR_MS = 60 * 60_000;

let handle: DatabaseHandle;
let event: EventWithTicketTypes;
let clock: Date;
let nextIp = 1;
beforeAll(async () => {
  handle = await openTestDatabase();
  event = await insertEventWithTicketTypes(handle.db, {
    title: "Lookup Night",
    ticketTypes: [{ name: "General", priceCents: 0, quantity: 100 }],
  });
});
afterAll(() => handle?.close());
beforeEach(() => {
  // Each test on its own hour and client address, so limits never carry over.
  clock = new Date(Date.UTC(2030, 0, 1 + nextIp, 12));
  nextIp++;
});

const ip = () => `203.0.113.${nextIp}`;

/** Asks for a link, runs the jobs it queued (the lookup, then the e-mail) and gives the mailbox's new messages to `email`. */
async function ask(email: string, options: { ip?: string; at?: Date; language?: "en" | "fr" | "ar" | "am" } = {}) {
  const at = options.at ?? clock;
  const before = await messagesTo(email);
  await requestTicketLookup(
    handle.db,
    { email },
    { ip: options.ip ?? ip(), now: at, language: options.language ?? "en" },
  );
  const deps = {
    handlers: createJobHandlers({ db: handle.db, mailer: createMailboxMailer(handle.db), siteUrl }),
    logger,
  };
  // The clock is years ahead, so the jobs just queued are due at it; they run at the request's time.
  await runDueJobs(handle.db, deps, at);
  return (await messagesTo(email)).slice(before.length);
}

async function messagesTo(email: string) {
  return handle.db
    .select()
    .from(mailboxMessages)
    .where(eq(mailboxMessages.toAddress, email.trim().toLowerCase()))
    .orderBy(mailboxMessages.id);
}

function tokenIn(message: { text: string }): string {
  const link = /http:\/\/localhost:3000\/find-my-ticket\/open\?token=([A-Za-z0-9_-]+)/.exec(message.text);
  if (!link) throw new Error("No lookup link in the message");
  return link[1]!;
}

describe(`Find My Ticket on the ${testDatabaseKind()} database`, () => {
  it("e-mails a link to an address with a confirmed order, in the language asked in, whatever the address's case", async () => {
    await insertOrderWithTickets(handle.db, event, { buyerEmail: "amina@example.com", count: 2 });
    const sent = await ask("  Amina@Example.COM ", { language: "fr" });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe(EMAIL_MESSAGES.fr.ticket_lookup.subject);
    expect(sent[0]!.text).toContain(EMAIL_MESSAGES.fr.ticket_lookup.validity);
    expect(tokenIn(sent[0]!)).toHaveLength(43);
    // Only the hash is stored.
    const [row] = await handle.db
      .select()
      .from(ticketLookupLinks)
      .where(eq(ticketLookupLinks.email, "amina@example.com"));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.expiresAt.getTime() - clock.getTime()).toBe(24 * HOUR_MS);
  });

  it("answers the same for an unknown address, an address with only cancelled orders, and one over its limit, sending nothing", async () => {
    const cancelled = await insertOrderWithTickets(handle.db, event, { buyerEmail: "gone@example.com" });
    await voidOrder(handle.db, cancelled.orderId, "cancelled");
    await insertOrderWithTickets(handle.db, event, { buyerEmail: "busy@example.com" });
    expect(await ask("nobody@example.com")).toEqual([]);
    expect(await ask("gone@example.com")).toEqual([]);
    for (let i = 0; i < TICKET_LOOKUP_LIMITS.perAddress.limit; i++)
      expect(await ask("busy@example.com")).toHaveLength(1);
    // Over the address's limit: the same quiet answer (no error), and no e-mail.
    expect(await ask("busy@example.com")).toEqual([]);
    // The next hour, the address may ask again.
    expect(await ask("busy@example.com", { at: new Date(clock.getTime() + HOUR_MS) })).toHaveLength(1);
  });

  it("sends nothing once a client address is over its limit, whichever addresses it tries", async () => {
    await insertOrderWithTickets(handle.db, event, { buyerEmail: "real@example.com" });
    const client = "198.51.100.7";
    for (let i = 0; i < TICKET_LOOKUP_LIMITS.perClient.limit; i++) {
      await requestTicketLookup(
        handle.db,
        { email: `probe${i}@example.com` },
        { ip: client, now: clock, language: "en" },
      );
    }
    expect(await ask("real@example.com", { ip: client })).toEqual([]);
    expect(await ask("real@example.com", { ip: "198.51.100.8" })).toHaveLength(1);
  });

  it("refuses only a malformed address, which says nothing about anyone", async () => {
    for (const email of ["", "not-an-address", "a@b@c", 42]) {
      const error = await requestTicketLookup(handle.db, { email }, { ip: ip(), now: clock, language: "en" }).catch(
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: "invalid", fields: { email: "email_invalid" } });
    }
  });

  it("opens once: the link becomes a pass for an hour that shows the address's orders and tickets", async () => {
    const confirmed = await insertOrderWithTickets(handle.db, event, { buyerEmail: "Lena@Example.com", count: 2 });
    const refunded = await insertOrderWithTickets(handle.db, event, { buyerEmail: "lena@example.com" });
    await voidOrder(handle.db, refunded.orderId, "refunded");
    const other = await insertOrderWithTickets(handle.db, event, { buyerEmail: "someone.else@example.com" });
    const [message] = await ask("lena@example.com");
    const token = tokenIn(message!);

    const opened = await openTicketLookup(handle.db, token, clock);
    expect(opened).not.toBeNull();
    const byId = new Map(opened!.orders.map((order) => [order.id, order]));
    expect([...byId.keys()].sort()).toEqual([confirmed.orderId, refunded.orderId].sort());
    expect(byId.get(confirmed.orderId)).toMatchObject({
      status: "confirmed",
      event: { id: event.eventId, title: "Lookup Night" },
    });
    expect(
      byId
        .get(confirmed.orderId)!
        .tickets.map((ticket) => ticket.code)
        .sort(),
    ).toEqual([...confirmed.codes].sort());
    expect(byId.get(refunded.orderId)).toMatchObject({ status: "refunded", tickets: [{ status: "void" }] });

    // Single use: the same link again opens nothing.
    expect(await openTicketLookup(handle.db, token, clock)).toBeNull();
    // The pass works for an hour, then not.
    expect(
      await showLookedUpOrders(handle.db, opened!.accessToken, new Date(clock.getTime() + HOUR_MS - 1_000)),
    ).toHaveLength(2);
    expect(await showLookedUpOrders(handle.db, opened!.accessToken, new Date(clock.getTime() + HOUR_MS))).toBeNull();
    expect(await showLookedUpOrders(handle.db, token, clock)).toBeNull();

    // An order of the address opens with a fresh access token; someone else's does not.
    const orderToken = await openLookedUpOrder(handle.db, opened!.accessToken, confirmed.orderId, clock);
    expect(await isOrderAccessToken(handle.db, confirmed.orderId, orderToken)).toBe(true);
    expect(await openLookedUpOrder(handle.db, opened!.accessToken, other.orderId, clock)).toBeNull();
    expect(await openLookedUpOrder(handle.db, "x".repeat(43), confirmed.orderId, clock)).toBeNull();
  });

  it("replaces older links with a new one, without closing a page already open", async () => {
    await insertOrderWithTickets(handle.db, event, { buyerEmail: "twice@example.com" });
    const first = tokenIn((await ask("twice@example.com"))[0]!);
    const second = tokenIn((await ask("twice@example.com"))[0]!);
    expect(await openTicketLookup(handle.db, first, clock)).toBeNull();
    const opened = await openTicketLookup(handle.db, second, clock);
    expect(opened).not.toBeNull();

    const third = tokenIn((await ask("twice@example.com"))[0]!);
    expect(await showLookedUpOrders(handle.db, opened!.accessToken, clock)).toHaveLength(1);
    expect(await openTicketLookup(handle.db, third, clock)).not.toBeNull();
    const rows = await handle.db
      .select()
      .from(ticketLookupLinks)
      .where(and(eq(ticketLookupLinks.email, "twice@example.com")));
    expect(rows.filter((row) => row.usedAt === null)).toEqual([]);
  });

  it("lets a link be opened for 24 hours and no longer", async () => {
    await insertOrderWithTickets(handle.db, event, { buyerEmail: "late@example.com" });
    await insertOrderWithTickets(handle.db, event, { buyerEmail: "ontime@example.com" });
    const late = tokenIn((await ask("late@example.com"))[0]!);
    const onTime = tokenIn((await ask("ontime@example.com"))[0]!);
    expect(await openTicketLookup(handle.db, late, new Date(clock.getTime() + 24 * HOUR_MS))).toBeNull();
    expect(await openTicketLookup(handle.db, onTime, new Date(clock.getTime() + 24 * HOUR_MS - 1_000))).not.toBeNull();
  });

  it("opens nothing for a token that is not one of ours", async () => {
    for (const token of [undefined, null, "", "short", "x".repeat(43), "a".repeat(300)]) {
      expect(await openTicketLookup(handle.db, token, clock)).toBeNull();
    }
  });

  it("does the same work in the request for every address: one queued job, looked up later", async () => {
    await handle.db.delete(jobs);
    await requestTicketLookup(handle.db, { email: "known@example.com" }, { ip: ip(), now: clock, language: "am" });
    await requestTicketLookup(handle.db, { email: "unknown@example.com" }, { ip: ip(), now: clock, language: "am" });
    const queued = await handle.db.select({ kind: jobs.kind, payload: jobs.payload }).from(jobs).orderBy(jobs.id);
    expect(queued).toEqual([
      { kind: "send_ticket_lookup", payload: { email: "known@example.com", language: "am" } },
      { kind: "send_ticket_lookup", payload: { email: "unknown@example.com", language: "am" } },
    ]);
  });
});
