import { like, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as contactPage from "#app/routes/contact";
import type { DatabaseHandle } from "#server/db/client";
import { mailboxMessages, rateLimitHits } from "#server/db/schema";
import { readConfig } from "#server/env";
import { createJobHandlers } from "#server/jobs/job-handlers";
import { runDueJobs } from "#server/jobs/run-due-jobs";
import { createLogger } from "#server/logger";
import { createMailboxMailer } from "#server/mail/mailer";
import { CONTACT_LIMITS, sendContactMessage } from "#server/services/contact";
import { issueFormToken, MAX_FORM_AGE_MS } from "#server/services/contact-form-token";
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

/**
 * /contact as React Router serves it (its loader and action) and the service behind it: what is
 * stored, what is e-mailed, the limits, and the spam trap that real people never meet.
 */
const config = readConfig({ NODE_ENV: "test", CONTACT_EMAIL: "desk@dmv-events.example" });
const SITE = config.publicUrl;
const logger = createLogger({ mode: "test", logLevel: "silent" });
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle?.close());
beforeEach(() => clearContact(handle.db));

let client = 0;
function nextAddress() {
  client += 1;
  return `198.51.100.${client % 250}`;
}

const GOOD = {
  name: "Amina Bekele",
  email: "Amina@Example.com",
  topic: "buyer_help",
  message: "My tickets for Saturday did not arrive. Could you resend them?",
  reference: "",
};

async function post(fields: Record<string, string>, options: { ip?: string; token?: string } = {}) {
  const token = options.token ?? (await servedToken(handle.db, "site"));
  const request = formPost(SITE, "/contact", { formToken: token, website: "", ...fields });
  const context = pageContext(handle.db, config, { clientAddress: options.ip ?? nextAddress() });
  return settle(contactPage.action({ request, params: {}, context } as never));
}

async function runJobs() {
  const handlers = createJobHandlers({ db: handle.db, mailer: createMailboxMailer(handle.db), siteUrl: SITE });
  return runDueJobs(handle.db, { handlers, logger }, new Date(Date.now() + 5_000));
}

async function mailTo(address: string) {
  return handle.db
    .select()
    .from(mailboxMessages)
    .where(sql`lower(${mailboxMessages.toAddress}) = ${address.toLowerCase()}`);
}

describe(`/contact (${testDatabaseKind()} database)`, () => {
  it("serves the form with a signed token, kept by no cache, with a signed-in person's name and address", async () => {
    const request = new Request(`${SITE}/contact`);
    const viewer = {
      userId: crypto.randomUUID(),
      sessionId: "s",
      email: "lee@example.com",
      name: "Lee Park",
      profileImage: null,
      isStaff: false,
    };
    const page = await settle(
      contactPage.loader({
        request,
        params: {},
        context: pageContext(handle.db, config, { clientAddress: "192.0.2.1", viewer }),
      } as never),
    );
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect(page.data).toMatchObject({ defaults: { name: "Lee Park", email: "lee@example.com" } });
    expect(String(page.data?.token)).toMatch(/^ey/);
  });

  it("stores a message, queues the staff's notice (Reply-To: the sender) and the sender's copy, and answers a reference", async () => {
    const answer = await post({ ...GOOD, reference: "order 4f2c" });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ sent: true, email: "Amina@Example.com" });
    const reference = String(answer.data?.reference);
    expect(reference).toMatch(/^DMV-[2-9A-Z]{8}$/);

    const [thread, ...others] = await storedThreads(handle.db);
    expect(others).toEqual([]);
    expect(thread).toMatchObject({
      reference,
      kind: "site",
      topic: "buyer_help",
      name: "Amina Bekele",
      email: "amina@example.com",
      relatedReference: "order 4f2c",
      status: "open",
      eventId: null,
    });
    expect(thread!.entries.map((entry) => [entry.author, entry.body])).toEqual([["sender", GOOD.message]]);

    const queued = await queuedContactEmails(handle.db);
    expect(queued.map((email) => [email.template, email.to, email.replyTo])).toEqual([
      ["staff_notice", "desk@dmv-events.example", "amina@example.com"],
      ["sender_copy", "amina@example.com", "desk@dmv-events.example"],
    ]);

    await runJobs();
    const [notice] = await mailTo("desk@dmv-events.example");
    expect(notice!.subject).toBe(`[${reference}] Help with tickets: a message from Amina Bekele`);
    expect(notice!.text).toContain(GOOD.message);
    expect(notice!.text).toContain(`${SITE}/admin/messages/${thread!.id}`);
    const [copy] = await mailTo("amina@example.com");
    expect(copy!.subject).toBe(`We received your message (${reference})`);
    expect(copy!.text).toContain(`> ${GOOD.message}`);
  });

  it("refuses bad input field by field, translated on the page, and stores, sends and counts nothing", async () => {
    const answer = await post({ name: "", email: "not-an-address", topic: "gossip", message: "Hi", reference: "" });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({
      sent: false,
      problem: "fields",
      fields: { name: "name_required", email: "email_invalid", topic: "topic_required", message: "message_too_short" },
      values: { email: "not-an-address", message: "Hi" },
    });
    const long = await post({ ...GOOD, message: "x".repeat(5_001), reference: "r".repeat(101) });
    expect(long.data).toMatchObject({ fields: { message: "message_too_long", reference: "reference_too_long" } });
    expect(await storedThreads(handle.db)).toEqual([]);
    expect(await queuedContactEmails(handle.db)).toEqual([]);
    const counted = await handle.db.select().from(rateLimitHits).where(like(rateLimitHits.key, "contact:%"));
    expect(counted).toEqual([]);
  });

  it("answers 413 to a body too large for the form and 400 to one that is no form, storing nothing", async () => {
    const big = await post({ ...GOOD, message: "x".repeat(20_000) });
    expect(big.status).toBe(413);
    const request = new Request(`${SITE}/contact`, {
      method: "POST",
      body: "{}",
      headers: { "Content-Type": "application/json" },
    });
    const notForm = await settle(
      contactPage.action({
        request,
        params: {},
        context: pageContext(handle.db, config, { clientAddress: "192.0.2.9" }),
      } as never),
    );
    expect(notForm).toMatchObject({ status: 400, data: { sent: false, problem: "invalid_form" } });
    expect(await storedThreads(handle.db)).toEqual([]);
  });

  it(`takes ${CONTACT_LIMITS.perAddress.limit} messages an hour from one address, then says so and stores nothing more`, async () => {
    for (let index = 0; index < CONTACT_LIMITS.perAddress.limit; index++) {
      expect((await post(GOOD)).status).toBe(200);
    }
    const refused = await post(GOOD);
    expect(refused).toMatchObject({ status: 429, data: { sent: false, problem: "rate_limited" } });
    expect(await storedThreads(handle.db)).toHaveLength(CONTACT_LIMITS.perAddress.limit);
    expect((await post({ ...GOOD, email: "someone.else@example.com" })).status).toBe(200);
  });

  it(`takes ${CONTACT_LIMITS.perClient.limit} messages an hour from one client, whatever the addresses`, async () => {
    const ip = "203.0.113.77";
    for (let index = 0; index < CONTACT_LIMITS.perClient.limit; index++) {
      expect((await post({ ...GOOD, email: `writer${index}@example.com` }, { ip })).status).toBe(200);
    }
    expect((await post({ ...GOOD, email: "one.more@example.com" }, { ip })).status).toBe(429);
    expect(await storedThreads(handle.db)).toHaveLength(CONTACT_LIMITS.perClient.limit);
  });

  describe("the spam trap", () => {
    async function expectTrapped(answer: Awaited<ReturnType<typeof post>>) {
      // Looks sent to the bot, with a reference of the usual shape…
      expect(answer.status).toBe(200);
      expect(answer.data).toMatchObject({ sent: true });
      expect(String(answer.data?.reference)).toMatch(/^DMV-[2-9A-Z]{8}$/);
      // …but nothing was stored, queued or counted.
      expect(await storedThreads(handle.db)).toEqual([]);
      expect(await queuedContactEmails(handle.db)).toEqual([]);
    }

    it("swallows a post whose hidden field is filled", async () => {
      await expectTrapped(await post({ ...GOOD, website: "https://cheap-pills.example" }));
    });

    it("swallows a post without a token, with a forged one, or with one of another form", async () => {
      await expectTrapped(await post(GOOD, { token: "" }));
      await expectTrapped(await post(GOOD, { token: "eyJhbGciOiJFUzI1NiJ9.eyJmb3JtIjoic2l0ZSJ9.c2lnbmF0dXJl" }));
      const tampered = await servedToken(handle.db, "site");
      await expectTrapped(await post(GOOD, { token: `${tampered.slice(0, -4)}AAAA` }));
      await expectTrapped(await post(GOOD, { token: await servedToken(handle.db, "event:1") }));
    });

    it("swallows a post made within two seconds of the page", async () => {
      await expectTrapped(await post(GOOD, { token: await issueFormToken(handle.db, "site", new Date()) }));
    });

    it("swallows a replayed token: the first post is sent, the second stores nothing", async () => {
      const token = await servedToken(handle.db, "site");
      expect((await post(GOOD, { token })).data).toMatchObject({ sent: true });
      const again = await post({ ...GOOD, message: "The same token posted a second time by a script." }, { token });
      expect(again.data).toMatchObject({ sent: true });
      expect(await storedThreads(handle.db)).toHaveLength(1);
      expect(await queuedContactEmails(handle.db)).toHaveLength(2);
    });
  });

  it("asks a person whose page was open too long to send again, keeping the text, and stores nothing", async () => {
    const token = await issueFormToken(handle.db, "site", new Date(Date.now() - MAX_FORM_AGE_MS - 60_000));
    const answer = await post(GOOD, { token });
    expect(answer).toMatchObject({
      status: 400,
      data: { sent: false, problem: "expired", values: { message: GOOD.message } },
    });
    expect(await storedThreads(handle.db)).toEqual([]);
  });

  it("adds a message naming the sender's own earlier reference to that thread, and opens it again", async () => {
    const now = new Date();
    const request = {
      ip: "192.0.2.200",
      now,
      language: "fr" as const,
      userId: null,
      contactEmail: "desk@dmv-events.example",
    };
    const first = await sendContactMessage(
      handle.db,
      { values: GOOD, token: await servedToken(handle.db, "site"), honeypot: "" },
      request,
    );
    if (first.outcome !== "sent") throw new Error("expected a sent message");
    await handle.db.execute(sql`update contact_threads set status = 'answered'`);
    const reply = await sendContactMessage(
      handle.db,
      {
        values: {
          ...GOOD,
          message: "Thank you, and one more question.",
          reference: `re ${first.reference.toLowerCase()}`,
        },
        token: await servedToken(handle.db, "site"),
        honeypot: "",
      },
      request,
    );
    expect(reply).toEqual({ outcome: "sent", reference: first.reference });
    const [thread, ...others] = await storedThreads(handle.db);
    expect(others).toEqual([]);
    expect(thread!.status).toBe("open");
    expect(thread!.entries.map((entry) => entry.body)).toEqual([GOOD.message, "Thank you, and one more question."]);
    const notices = (await queuedContactEmails(handle.db)).filter((email) => email.template === "staff_notice");
    expect(notices.map((email) => Boolean(email.isReply))).toEqual([false, true]);

    // Someone else's address with the same reference starts a thread of its own.
    const stranger = await sendContactMessage(
      handle.db,
      {
        values: { ...GOOD, email: "stranger@example.com", reference: first.reference },
        token: await servedToken(handle.db, "site"),
        honeypot: "",
      },
      request,
    );
    expect(stranger.outcome === "sent" && stranger.reference).not.toBe(first.reference);
  });

  it("writes JSON-LD of a ContactPage and the page's own title", async () => {
    const jsonLd = contactPage.contactJsonLd({
      origin: SITE,
      title: "Contact us | DMV Events",
      description: "d",
      language: "ar",
    });
    expect(jsonLd).toMatchObject({ "@type": "ContactPage", url: `${SITE}/contact`, inLanguage: "ar" });
  });
});
