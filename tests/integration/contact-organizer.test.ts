import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as eventContactPage from "#app/routes/event-contact";
import type { DatabaseHandle } from "#server/db/client";
import { eventCoOrganizers, events } from "#server/db/schema";
import { readConfig } from "#server/env";
import { renderContactEmail } from "#server/mail/contact-email";
import {
  clearContact,
  formPost,
  pageContext,
  queuedContactEmails,
  servedToken,
  settle,
  storedThreads,
} from "#tests/support/contact";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { insertEventWithTicketTypes, insertUser } from "#tests/support/ticket-factories";

/**
 * "Contact the organizer" (/events/{id}/contact): a message relayed by e-mail to the organizer and
 * co-organizers with Reply-To set to the sender, stored for abuse review, and never showing the
 * organizers' addresses to the sender; no relay for drafts or hidden events.
 */
const config = readConfig({ NODE_ENV: "test" });
const SITE = config.publicUrl;
const ORGANIZER = "organizer.private@example.com";
const CO_ORGANIZER = "co.organizer.private@example.com";
let handle: DatabaseHandle;
let eventId: number;

beforeAll(async () => {
  handle = await openTestDatabase();
  const organizer = await insertUser(handle.db, { email: ORGANIZER, name: "Olu Organizer", role: "organizer" });
  const helper = await insertUser(handle.db, { email: CO_ORGANIZER, name: "Cora Helper" });
  ({ eventId } = await insertEventWithTicketTypes(handle.db, {
    organizerId: organizer.userId,
    title: "Jazz on the Wharf",
    ticketTypes: [{ name: "General", priceCents: 2500, quantity: 50 }],
  }));
  await handle.db.insert(eventCoOrganizers).values({ eventId, userId: helper.userId });
});
afterAll(() => handle?.close());
beforeEach(() => clearContact(handle.db));

let client = 0;
const GOOD = {
  name: "Sam Buyer",
  email: "sam.buyer@example.com",
  message: "Is there step-free access to the stage area?",
  reference: "order 7d1e",
};

async function post(id: number, fields: Record<string, string>, token?: string) {
  client += 1;
  const request = formPost(SITE, `/events/${id}/contact`, {
    formToken: token ?? (await servedToken(handle.db, `event:${id}`)),
    website: "",
    ...fields,
  });
  return settle(
    eventContactPage.action({
      request,
      params: { id: String(id) },
      context: pageContext(handle.db, config, { clientAddress: `198.51.100.${client}` }),
    } as never),
  );
}

function load(id: number | string, query = "") {
  return settle(
    eventContactPage.loader({
      request: new Request(`${SITE}/events/${id}/contact${query}`),
      params: { id: String(id) },
      context: pageContext(handle.db, config, { clientAddress: "192.0.2.3" }),
    } as never),
  );
}

describe(`contacting an event's organizer (${testDatabaseKind()} database)`, () => {
  it("relays the message to the organizer and co-organizer with Reply-To: the sender, and stores it for review", async () => {
    const answer = await post(eventId, GOOD);
    expect(answer).toMatchObject({ status: 200, data: { sent: true, email: GOOD.email } });

    const [thread] = await storedThreads(handle.db);
    expect(thread).toMatchObject({
      kind: "organizer",
      eventId,
      topic: null,
      email: GOOD.email,
      relatedReference: "order 7d1e",
    });
    expect(thread!.entries.map((entry) => entry.body)).toEqual([GOOD.message]);

    const queued = await queuedContactEmails(handle.db);
    expect(queued.map((email) => [email.template, email.to, email.replyTo ?? null])).toEqual([
      ["organizer_relay", ORGANIZER, GOOD.email],
      ["organizer_relay", CO_ORGANIZER, GOOD.email],
      ["sender_copy", GOOD.email, null],
    ]);
    const relay = renderContactEmail(queued[0]!, SITE);
    expect(relay.replyTo).toBe(GOOD.email);
    expect(relay.subject).toBe("A message about Jazz on the Wharf from Sam Buyer");
    expect(relay.text).toContain(GOOD.message);
    expect(relay.text).toContain("Order reference given: order 7d1e");
  });

  it("never shows the organizers' addresses to the sender: not on the page, in its answer or in their copy", async () => {
    const page = await load(eventId, "?order=abc-123");
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      event: { id: eventId, title: "Jazz on the Wharf" },
      defaults: { reference: "abc-123" },
    });
    const answer = await post(eventId, GOOD);
    const copy = (await queuedContactEmails(handle.db)).find((email) => email.template === "sender_copy")!;
    const rendered = renderContactEmail(copy, SITE);
    for (const seen of [
      JSON.stringify(page.data),
      JSON.stringify(answer.data),
      JSON.stringify(copy),
      rendered.html,
      rendered.text,
    ]) {
      expect(seen).not.toContain(ORGANIZER);
      expect(seen).not.toContain(CO_ORGANIZER);
    }
    expect(rendered.subject).toMatch(/^Your message to the organizer of Jazz on the Wharf \(DMV-[2-9A-Z]{8}\)$/);
  });

  it("refuses bad input field by field and relays nothing", async () => {
    const answer = await post(eventId, { ...GOOD, email: "nope", message: "" });
    expect(answer).toMatchObject({
      status: 400,
      data: { sent: false, problem: "fields", fields: { email: "email_invalid", message: "message_too_short" } },
    });
    expect(await storedThreads(handle.db)).toEqual([]);
    expect(await queuedContactEmails(handle.db)).toEqual([]);
  });

  it("swallows a bot's post (honeypot, a token of /contact or of another event) without relaying it", async () => {
    for (const answer of [
      await post(eventId, { ...GOOD, website: "spam" }),
      await post(eventId, GOOD, await servedToken(handle.db, "site")),
      await post(eventId, GOOD, await servedToken(handle.db, `event:${eventId + 1}`)),
    ]) {
      expect(answer).toMatchObject({ status: 200, data: { sent: true } });
    }
    expect(await storedThreads(handle.db)).toEqual([]);
    expect(await queuedContactEmails(handle.db)).toEqual([]);
  });

  it("shares /contact's limit per address", async () => {
    for (let index = 0; index < 5; index++) expect((await post(eventId, GOOD)).status).toBe(200);
    expect(await post(eventId, GOOD)).toMatchObject({ status: 429, data: { problem: "rate_limited" } });
    expect(await storedThreads(handle.db)).toHaveLength(5);
  });

  it("answers 404 for a draft, a hidden or a missing event, and relays nothing to them", async () => {
    const draft = await insertEventWithTicketTypes(handle.db, { status: "draft", ticketTypes: [] });
    const hidden = await insertEventWithTicketTypes(handle.db, { ticketTypes: [] });
    await handle.db
      .update(events)
      .set({ hiddenAt: new Date(), hiddenReason: "Spam" })
      .where(eq(events.id, hidden.eventId));
    for (const id of [draft.eventId, hidden.eventId, 999_999]) {
      expect((await load(id)).status).toBe(404);
      expect((await post(id, GOOD)).status).toBe(404);
    }
    expect((await load("not-a-number")).status).toBe(404);
    expect(await storedThreads(handle.db)).toEqual([]);
    expect(await queuedContactEmails(handle.db)).toEqual([]);
  });
});
