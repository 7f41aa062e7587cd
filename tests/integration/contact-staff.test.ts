import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as adminMessagePage from "#app/routes/admin-message";
import * as adminMessagesPage from "#app/routes/admin-messages";
import { createApp, type App } from "#server/app";
import type { DatabaseHandle } from "#server/db/client";
import { mailboxMessages, staffActions } from "#server/db/schema";
import { readConfig } from "#server/env";
import type { Viewer } from "#server/http/app-env";
import { createJobHandlers } from "#server/jobs/job-handlers";
import { runDueJobs } from "#server/jobs/run-due-jobs";
import { createLogger } from "#server/logger";
import { createMailboxMailer } from "#server/mail/mailer";
import { sendContactMessage } from "#server/services/contact";
import { createTestSession, type TestSession } from "#tests/support/auth-session";
import {
  clearContact,
  formPost,
  pageContext,
  queuedContactEmails,
  servedToken,
  settle,
  storedThreads,
} from "#tests/support/contact";
import { makeStaff } from "#tests/support/staff";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";

/**
 * The staff's side of the contact desk: /admin/messages and /admin/messages/{id} (404 to everyone but
 * staff), answering (kept, e-mailed with the reference, audited), closing and opening again, and the
 * staff API with its authorization.
 */
const config = readConfig({ NODE_ENV: "test", CONTACT_EMAIL: "desk@dmv-events.example" });
const SITE = config.publicUrl;
const logger = createLogger({ mode: "test", logLevel: "silent" });
let handle: DatabaseHandle;
let app: App;
let staff: TestSession;
let member: TestSession;

beforeAll(async () => {
  handle = await openTestDatabase();
  app = createApp({ db: handle.db, config, logger });
  staff = await createTestSession(handle.db, config, { data: { name: "Desk Person" } });
  await makeStaff(handle.db, staff.userId);
  member = await createTestSession(handle.db, config);
});
afterAll(() => handle?.close());
beforeEach(() => clearContact(handle.db));

function viewerOf(person: TestSession, isStaff: boolean): Viewer {
  return {
    userId: person.userId,
    sessionId: randomUUID(),
    email: person.email,
    name: "X",
    profileImage: null,
    isStaff,
  };
}

/** A message from a visitor, as /contact stores it; its thread's id and reference. */
async function aMessage(email = "visitor@example.com", message = "Where are my tickets for the gala?") {
  const outcome = await sendContactMessage(
    handle.db,
    {
      values: { name: "Visitor Vee", email, topic: "buyer_help", message, reference: "" },
      token: await servedToken(handle.db, "site"),
      honeypot: "",
    },
    { ip: "192.0.2.50", now: new Date(), language: "fr", userId: null, contactEmail: config.contactEmail },
  );
  if (outcome.outcome !== "sent") throw new Error(`not sent: ${outcome.outcome}`);
  const [thread] = (await storedThreads(handle.db)).filter((row) => row.reference === outcome.reference);
  return { id: thread!.id, reference: outcome.reference };
}

function api(path: string, init: RequestInit & { as?: TestSession } = {}) {
  const { as, ...rest } = init;
  return app.request(`/api/v1/staff/messages${path}`, {
    ...rest,
    headers: {
      "Content-Type": "application/json",
      ...(as ? { Authorization: `Bearer ${as.session.access_token}` } : {}),
    },
  });
}

function listPage(viewer: Viewer | null, query = "") {
  const request = new Request(`${SITE}/admin/messages${query}`);
  return settle(
    adminMessagesPage.loader({
      request,
      params: {},
      context: pageContext(handle.db, config, { clientAddress: "192.0.2.1", viewer }),
    } as never),
  );
}

function threadPost(viewer: Viewer | null, id: number, fields: Record<string, string>) {
  return settle(
    adminMessagePage.action({
      request: formPost(SITE, `/admin/messages/${id}`, fields),
      params: { id: String(id) },
      context: pageContext(handle.db, config, { clientAddress: "192.0.2.1", viewer }),
    } as never),
  );
}

describe(`the staff API (${testDatabaseKind()} database)`, () => {
  it("GET /staff/messages: 401 for a visitor, 403 for a signed-in person who is not staff, 200 for staff", async () => {
    const { reference } = await aMessage();
    expect((await api("")).status).toBe(401);
    const forbidden = await api("", { as: member });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toMatchObject({ error: { code: "forbidden" } });
    const allowed = await api("?status=open&topic=buyer_help", { as: staff });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await allowed.json()).toMatchObject({
      data: [{ reference, kind: "site", topic: "buyer_help", status: "open", messages: 1 }],
      total: 1,
      hasMore: false,
    });
  });

  it("POST /staff/messages/{id}/answers: 401, 403, then 201 for staff, and only staff's answer is kept", async () => {
    const { id } = await aMessage();
    const body = JSON.stringify({ body: "We sent your tickets again." });
    expect((await api(`/${id}/answers`, { method: "POST", body })).status).toBe(401);
    expect((await api(`/${id}/answers`, { method: "POST", body, as: member })).status).toBe(403);
    const answered = await api(`/${id}/answers`, { method: "POST", body, as: staff });
    expect(answered.status).toBe(201);
    expect(await answered.json()).toMatchObject({ data: { entryId: expect.any(Number) } });
    const [thread] = await storedThreads(handle.db);
    expect(thread!.entries.map((entry) => entry.author)).toEqual(["sender", "staff"]);
  });

  it("refuses an empty answer and an unknown thread, changing nothing", async () => {
    const { id } = await aMessage();
    const empty = await api(`/${id}/answers`, { method: "POST", body: JSON.stringify({ body: "   " }), as: staff });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ error: { code: "invalid", fields: { body: "answer_required" } } });
    // U+FFFD is what a broken client's invalid UTF-8 decodes to.
    const broken = await api(`/${id}/answers`, { method: "POST", body: JSON.stringify({ body: "\uFFFD" }), as: staff });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toMatchObject({ error: { code: "invalid", fields: { body: "answer_invalid" } } });
    const missing = await api(`/999999/answers`, { method: "POST", body: JSON.stringify({ body: "Hi" }), as: staff });
    expect(missing.status).toBe(404);
    const [thread] = await storedThreads(handle.db);
    expect(thread!.entries).toHaveLength(1);
    expect(thread!.status).toBe("open");
  });
});

describe(`the console's messages (${testDatabaseKind()} database)`, () => {
  it("answers 404 to visitors and to people who are not staff, on the list, the thread and its action", async () => {
    const { id } = await aMessage();
    for (const viewer of [null, viewerOf(member, false)]) {
      expect((await listPage(viewer)).status).toBe(404);
      const thread = await settle(
        adminMessagePage.loader({
          request: new Request(`${SITE}/admin/messages/${id}`),
          params: { id: String(id) },
          context: pageContext(handle.db, config, { clientAddress: "192.0.2.1", viewer }),
        } as never),
      );
      expect(thread.status).toBe(404);
      expect((await threadPost(viewer, id, { intent: "answer", body: "Sneaky" })).status).toBe(404);
    }
    const [thread] = await storedThreads(handle.db);
    expect(thread!.entries).toHaveLength(1);
  });

  it("lists threads for staff, filtered by status and topic and searched by words of a message", async () => {
    const first = await aMessage("one@example.com", "A question about wheelchair access at the venue.");
    await aMessage("two@example.com", "Press request for the spring festival.");
    const staffViewer = viewerOf(staff, true);
    const all = await listPage(staffViewer);
    expect(all.status).toBe(200);
    expect(all.headers.get("Cache-Control")).toBe("private, no-store");
    expect((all.data?.threads as unknown[]).length).toBe(2);
    const found = await listPage(staffViewer, "?q=wheelchair");
    expect((found.data?.threads as { reference: string }[]).map((thread) => thread.reference)).toEqual([
      first.reference,
    ]);
    expect(((await listPage(staffViewer, "?status=closed")).data?.threads as unknown[]).length).toBe(0);
    expect(((await listPage(staffViewer, "?topic=press")).data?.threads as unknown[]).length).toBe(0);
    // Text no database can search is no search, not an error.
    expect((await listPage(staffViewer, "?q=%00")).status).toBe(200);
  });

  it("e-mails a staff answer to the sender with the thread's reference, keeps it in the thread, and audits it", async () => {
    const { id, reference } = await aMessage();
    const answered = await threadPost(viewerOf(staff, true), id, {
      intent: "answer",
      body: "Bonjour, nous avons renvoyé vos billets.",
    });
    expect(answered).toMatchObject({ status: 200, data: { done: "answered" } });

    const [thread] = await storedThreads(handle.db);
    expect(thread!.status).toBe("answered");
    expect(thread!.entries.map((entry) => [entry.author, entry.staffId, entry.body])).toEqual([
      ["sender", null, "Where are my tickets for the gala?"],
      ["staff", staff.userId, "Bonjour, nous avons renvoyé vos billets."],
    ]);
    const answerEmail = (await queuedContactEmails(handle.db)).find((email) => email.template === "staff_answer");
    expect(answerEmail).toMatchObject({
      to: "visitor@example.com",
      language: "fr",
      replyTo: "desk@dmv-events.example",
      reference,
    });
    const audit = await handle.db
      .select()
      .from(staffActions)
      .where(eq(staffActions.subjectId, String(id)));
    expect(audit.map((row) => [row.action, row.actorId, row.subjectType, row.before, row.after])).toEqual([
      [
        "contact.answer",
        staff.userId,
        "contact_thread",
        { status: "open" },
        expect.objectContaining({ status: "answered" }),
      ],
    ]);

    const handlers = createJobHandlers({ db: handle.db, mailer: createMailboxMailer(handle.db), siteUrl: SITE });
    await runDueJobs(handle.db, { handlers, logger }, new Date(Date.now() + 5_000));
    const [mail] = await handle.db
      .select()
      .from(mailboxMessages)
      .where(sql`${mailboxMessages.toAddress} = 'visitor@example.com' and ${mailboxMessages.subject} like 'Re :%'`);
    expect(mail!.subject).toBe(`Re : votre message [${reference}]`);
    expect(mail!.text).toContain("Bonjour, nous avons renvoyé vos billets.");
  });

  it("refuses an empty answer with its problem, storing and sending nothing", async () => {
    const { id } = await aMessage();
    const refused = await threadPost(viewerOf(staff, true), id, { intent: "answer", body: " \n " });
    expect(refused).toMatchObject({ status: 400, data: { problem: "answer_required" } });
    const [thread] = await storedThreads(handle.db);
    expect(thread!.entries).toHaveLength(1);
    expect((await queuedContactEmails(handle.db)).filter((email) => email.template === "staff_answer")).toEqual([]);
  });

  it("closes a thread and opens it again, each audited", async () => {
    const { id } = await aMessage();
    const staffViewer = viewerOf(staff, true);
    expect((await threadPost(staffViewer, id, { intent: "close" })).data).toEqual({ done: "closed" });
    expect((await storedThreads(handle.db))[0]!.status).toBe("closed");
    expect((await threadPost(staffViewer, id, { intent: "reopen" })).data).toEqual({ done: "reopened" });
    expect((await storedThreads(handle.db))[0]!.status).toBe("open");
    const audit = await handle.db
      .select()
      .from(staffActions)
      .where(eq(staffActions.subjectId, String(id)));
    expect(audit.map((row) => row.action).sort()).toEqual(["contact.close", "contact.reopen"]);
  });
});
