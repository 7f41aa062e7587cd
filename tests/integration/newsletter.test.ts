import { randomUUID } from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "#app/i18n/locales/pages/en.json";
import fr from "#app/i18n/locales/pages/fr.json";
import ar from "#app/i18n/locales/pages/ar.json";
import am from "#app/i18n/locales/pages/am.json";
import * as digestPreferenceRoute from "#app/routes/digest-preference";
import * as newsletterPage from "#app/routes/newsletter";
import { NEWSLETTER_ANSWER } from "#server/api/newsletter";
import { createApp, type App } from "#server/app";
import type { DatabaseHandle } from "#server/db/client";
import { jobs, mailboxMessages, newsletterSubscriptions, profiles } from "#server/db/schema";
import { readConfig } from "#server/env";
import { AppError } from "#server/errors";
import type { Viewer } from "#server/http/app-env";
import { createJobHandlers } from "#server/jobs/job-handlers";
import { runDueJobs } from "#server/jobs/run-due-jobs";
import { createLogger } from "#server/logger";
import { createMailboxMailer } from "#server/mail/mailer";
import { createSandboxProvider } from "#server/payments/sandbox-provider";
import {
  confirmNewsletterSubscription,
  getReceivesDigest,
  NEWSLETTER_LIMITS,
  NEWSLETTER_SUBSCRIBE_JOB,
  setReceivesDigest,
  subscribeToNewsletter,
  unsubscribeFromDigest,
} from "#server/services/newsletter";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { insertUser } from "#tests/support/ticket-factories";

/** The newsletter through the API, the /newsletter page's loader and action, and the jobs that e-mail. */
const config = readConfig({ NODE_ENV: "test" });
const SITE = config.publicUrl;
const logger = createLogger({ mode: "test", logLevel: "silent" });
let handle: DatabaseHandle;
let app: App;

beforeAll(async () => {
  handle = await openTestDatabase();
  app = createApp({ db: handle.db, config, logger: createLogger(config) });
});
afterAll(() => handle?.close());

let clientNumber = 0;
/** A client address of its own per call unless given: the per-client limit has a test of its own. */
function nextAddress() {
  clientNumber += 1;
  return `192.0.2.${clientNumber % 250}`;
}

function subscribe(body: unknown, init: { ip?: string; headers?: Record<string, string> } = {}) {
  return app.request(
    "/api/v1/newsletter",
    {
      method: "POST",
      headers: { "Content-Type": "application/json", ...init.headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    },
    { incoming: { socket: { remoteAddress: init.ip ?? nextAddress() } } },
  );
}

/**
 * Runs the queued jobs as the worker would: the subscribe job, then the confirmation e-mail. A moment
 * ahead: a job queued by a job is due at the database's clock, a few milliseconds after ours.
 */
async function runJobs(now = new Date(Date.now() + 5_000)) {
  const handlers = createJobHandlers({ db: handle.db, mailer: createMailboxMailer(handle.db), siteUrl: SITE });
  return runDueJobs(handle.db, { handlers, logger }, now);
}

async function mailTo(address: string) {
  return handle.db
    .select()
    .from(mailboxMessages)
    .where(sql`lower(${mailboxMessages.toAddress}) = ${address.toLowerCase()}`)
    .orderBy(desc(mailboxMessages.id));
}

async function subscriptionOf(address: string) {
  const [row] = await handle.db
    .select()
    .from(newsletterSubscriptions)
    .where(sql`lower(${newsletterSubscriptions.email}) = ${address.toLowerCase()}`);
  return row;
}

async function subscribeJobsFor(address: string) {
  return handle.db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      sql`${jobs.kind} = ${NEWSLETTER_SUBSCRIBE_JOB} and lower(${jobs.payload}->>'email') = ${address.toLowerCase()}`,
    );
}

/** The token of the newest confirmation link e-mailed to `address`. */
async function confirmTokenFor(address: string): Promise<string> {
  const [message] = await mailTo(address);
  const match = /\/newsletter\?confirm=([^\s"&<]+)/.exec(message?.text ?? "");
  if (!match) throw new Error(`No confirmation link was e-mailed to ${address}.`);
  return decodeURIComponent(match[1]!);
}

function context(viewer: Viewer | null = null): AppLoadContext {
  return {
    db: handle.db,
    config,
    cspNonce: "",
    requestId: randomUUID(),
    viewer,
    clientAddress: nextAddress(),
    payments: createSandboxProvider(),
  };
}

function postPage(fields: Record<string, string>, headers: Record<string, string> = {}) {
  const request = new Request(`${SITE}/newsletter`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: SITE, ...headers },
    body: new URLSearchParams(fields),
  });
  return newsletterPage.action({ request, params: {}, context: context() } as never);
}

function loadPage(query = "") {
  const request = new Request(`${SITE}/newsletter${query}`);
  return newsletterPage.loader({ request, params: {}, context: context() } as never);
}

/** What a loader or action answered: React Router's data() object or a Response (redirects). */
async function settle(promise: unknown) {
  const result = await Promise.resolve(promise).catch((thrown: unknown) => thrown);
  if (result instanceof Response) return { status: result.status, data: null, headers: result.headers };
  const init = (result as { init?: ResponseInit | null }).init ?? {};
  // The words the loader sends along for the page (pageMessages) are not what these tests read.
  const { pageMessages: _words, ...data } = (result as { data: Record<string, unknown> }).data;
  return { status: init.status ?? 200, data, headers: new Headers(init.headers) };
}

describe(`the newsletter API on the ${testDatabaseKind()} database`, () => {
  it("subscribes with double opt-in: 202, a confirmation e-mail in the language asked, subscribed only once confirmed", async () => {
    const response = await subscribe({ email: "  Nia.Digest@Example.com ", language: "fr" });
    expect(response.status).toBe(202);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual(NEWSLETTER_ANSWER);
    expect(await mailTo("nia.digest@example.com")).toEqual([]);

    await runJobs();
    const [message, ...others] = await mailTo("nia.digest@example.com");
    expect(others).toEqual([]);
    expect(message!.subject).toBe("Confirmez votre abonnement au résumé hebdomadaire de DMV Events");
    expect(message!.text).toContain(`${SITE}/newsletter?confirm=`);
    // The same secret, for later, as an unsubscribe link.
    expect(message!.text).toContain(`${SITE}/newsletter?unsubscribe=`);
    expect(message!.html).toContain('lang="fr"');
    const row = await subscriptionOf("nia.digest@example.com");
    expect(row).toMatchObject({
      email: "nia.digest@example.com",
      language: "fr",
      confirmedAt: null,
      unsubscribedAt: null,
    });
    // Only the hash of the token is stored.
    const token = await confirmTokenFor("nia.digest@example.com");
    expect(row!.tokenHash).not.toContain(token);

    expect(await confirmNewsletterSubscription(handle.db, token, new Date())).toBe("done");
    const confirmed = await subscriptionOf("nia.digest@example.com");
    expect(confirmed!.confirmedAt).toBeInstanceOf(Date);
    // Following the link again says the same and keeps the first confirmation's time.
    expect(await confirmNewsletterSubscription(handle.db, token, new Date(Date.now() + 60_000))).toBe("done");
    expect((await subscriptionOf("nia.digest@example.com"))!.confirmedAt).toEqual(confirmed!.confirmedAt);
  });

  it("answers the same for an address already subscribed, and neither e-mails it nor changes its subscription", async () => {
    const address = `kept-${randomUUID().slice(0, 8)}@example.com`;
    const fresh = await subscribe({ email: address });
    await runJobs();
    await confirmNewsletterSubscription(handle.db, await confirmTokenFor(address), new Date());
    const before = await subscriptionOf(address);

    const again = await subscribe({ email: address.toUpperCase(), language: "am" });
    const unknown = await subscribe({ email: `new-${randomUUID().slice(0, 8)}@example.com` });
    expect(again.status).toBe(fresh.status);
    expect(again.status).toBe(unknown.status);
    expect(await again.json()).toEqual(await unknown.json());
    await runJobs();
    expect(await mailTo(address)).toHaveLength(1);
    expect(await subscriptionOf(address)).toEqual(before);
  });

  it("writes the e-mail in the page's language (Accept-Language) when the request names none", async () => {
    const address = `arabic-${randomUUID().slice(0, 8)}@example.com`;
    await subscribe({ email: address }, { headers: { "Accept-Language": "ar-EG,ar;q=0.9,en;q=0.5" } });
    await runJobs();
    const [message] = await mailTo(address);
    expect(message!.subject).toBe("أكِّد اشتراكك في الملخص الأسبوعي من DMV Events");
    expect((await subscriptionOf(address))!.language).toBe("ar");
  });

  it("refuses malformed input with 400 and the field's problem, and stores nothing", async () => {
    const cases: [unknown, Record<string, string>][] = [
      [{ email: "not-an-address" }, { email: "email_invalid" }],
      [{}, { email: "email_invalid" }],
      [{ email: 42 }, { email: "email_invalid" }],
      [{ email: "ok-but@example.com", language: "de" }, { language: "language_invalid" }],
      ["{not json", { email: "email_invalid" }],
    ];
    for (const [body, fields] of cases) {
      const response = await subscribe(body);
      expect(response.status).toBe(400);
      const { error } = await response.json();
      expect(error).toMatchObject({ code: "invalid", fields });
      expect(error.message).toMatch(/[a-z]{3,}/);
    }
    // A body far larger than any address is refused before it is read.
    const huge = await subscribe({ email: "huge@example.com", padding: "x".repeat(1024 * 1024) });
    expect(huge.status).toBe(400);
    expect(await subscriptionOf("huge@example.com")).toBeUndefined();
    expect(await subscribeJobsFor("ok-but@example.com")).toEqual([]);
    expect(await subscriptionOf("ok-but@example.com")).toBeUndefined();
    expect(await subscriptionOf("not-an-address")).toBeUndefined();
  });

  it("limits requests per address and per client without saying so: over a limit, the same answer and no e-mail", async () => {
    const address = `limited-${randomUUID().slice(0, 8)}@example.com`;
    const answers: number[] = [];
    for (let attempt = 0; attempt < NEWSLETTER_LIMITS.perAddress.limit + 2; attempt++) {
      answers.push((await subscribe({ email: address })).status);
    }
    expect(answers.every((status) => status === 202)).toBe(true);
    expect(await subscribeJobsFor(address)).toHaveLength(NEWSLETTER_LIMITS.perAddress.limit);

    const ip = "203.0.113.77";
    const addresses = Array.from(
      { length: NEWSLETTER_LIMITS.perClient.limit + 3 },
      (_, index) => `bulk-${index}-${randomUUID().slice(0, 6)}@example.com`,
    );
    for (const email of addresses) expect((await subscribe({ email }, { ip })).status).toBe(202);
    const queued = await Promise.all(addresses.map(subscribeJobsFor));
    expect(queued.filter((rows) => rows.length > 0)).toHaveLength(NEWSLETTER_LIMITS.perClient.limit);
    // Another client is not held back by that one.
    const other = `other-${randomUUID().slice(0, 8)}@example.com`;
    await subscribe({ email: other }, { ip: "203.0.113.78" });
    expect(await subscribeJobsFor(other)).toHaveLength(1);
  });
});

describe(`the /newsletter page on the ${testDatabaseKind()} database`, () => {
  it("subscribes from the form, then confirms and unsubscribes with POST buttons from the e-mailed links", async () => {
    const address = `page-${randomUUID().slice(0, 8)}@example.com`;
    const sent = await settle(postPage({ intent: "subscribe", email: address, language: "am" }));
    expect(sent).toMatchObject({ status: 200, data: { intent: "subscribe", sent: true, email: address } });
    expect(sent.headers.get("cache-control")).toBe("private, no-store");
    await runJobs();
    const [message] = await mailTo(address);
    expect(message!.subject).toBe("ለDMV Events ሳምንታዊ ማጠቃለያ ምዝገባዎን ያረጋግጡ");
    const token = await confirmTokenFor(address);

    // Opening the link only asks: mail scanners that follow links change nothing.
    const opened = await settle(loadPage(`?confirm=${encodeURIComponent(token)}`));
    expect(opened.data).toEqual({ link: { intent: "confirm", token } });
    expect((await subscriptionOf(address))!.confirmedAt).toBeNull();

    const confirmed = await settle(postPage({ intent: "confirm", token }));
    expect(confirmed).toMatchObject({ status: 200, data: { intent: "confirm", outcome: "done" } });
    expect((await subscriptionOf(address))!.confirmedAt).toBeInstanceOf(Date);

    const unsubscribeOpened = await settle(loadPage(`?unsubscribe=${encodeURIComponent(token)}`));
    expect(unsubscribeOpened.data).toEqual({ link: { intent: "unsubscribe", token } });
    expect((await subscriptionOf(address))!.unsubscribedAt).toBeNull();
    const unsubscribed = await settle(postPage({ intent: "unsubscribe", token }));
    expect(unsubscribed).toMatchObject({ status: 200, data: { intent: "unsubscribe", outcome: "done" } });
    expect((await subscriptionOf(address))!.unsubscribedAt).toBeInstanceOf(Date);
    // Twice says the same; the old confirmation link no longer signs the address up again.
    expect(await settle(postPage({ intent: "unsubscribe", token }))).toMatchObject({ data: { outcome: "done" } });
    expect(await settle(postPage({ intent: "confirm", token }))).toMatchObject({
      status: 400,
      data: { outcome: "invalid" },
    });

    // Subscribing again starts over: a new confirmation, the old token dead.
    await settle(postPage({ intent: "subscribe", email: address, language: "en" }));
    await runJobs();
    const renewedToken = await confirmTokenFor(address);
    expect(renewedToken).not.toBe(token);
    expect(await subscriptionOf(address)).toMatchObject({ language: "en", confirmedAt: null, unsubscribedAt: null });
    expect(await unsubscribeFromDigest(handle.db, token, new Date())).toBe("invalid");
  });

  it("refuses bad input with 400 and a problem word the page shows translated in all four languages", async () => {
    const address = `bad-${randomUUID().slice(0, 8)}`;
    const badEmail = await settle(postPage({ intent: "subscribe", email: address, language: "fr" }));
    expect(badEmail).toMatchObject({ status: 400, data: { sent: false, problem: "email_invalid", email: address } });
    const badLanguage = await settle(
      postPage({ intent: "subscribe", email: `${address}@example.com`, language: "xx" }),
    );
    expect(badLanguage).toMatchObject({ status: 400, data: { sent: false, problem: "language_invalid" } });
    expect(await subscribeJobsFor(`${address}@example.com`)).toEqual([]);
    expect(await subscriptionOf(`${address}@example.com`)).toBeUndefined();

    const messages = [en, fr, ar, am].map((locale) => locale.newsletter.errors);
    for (const problem of ["email_invalid", "language_invalid"] as const) {
      const texts = messages.map((errors) => errors[problem]);
      expect(new Set(texts).size).toBe(4);
      for (const text of texts) expect(text.length).toBeGreaterThan(5);
    }
  });

  it("refuses links that are not ours without saying more", async () => {
    for (const token of ["", "nonsense", "a".repeat(5_000), "eyJhbGciOiJFUzI1NiJ9.e30.c2ln"]) {
      expect(await settle(postPage({ intent: "unsubscribe", token }))).toMatchObject({
        status: 400,
        data: { outcome: "invalid" },
      });
      expect(await settle(postPage({ intent: "confirm", token }))).toMatchObject({ status: 400 });
    }
  });
});

describe(`the digest switch on the ${testDatabaseKind()} database`, () => {
  it("setReceivesDigest turns the signed-in person's digest off and on", async () => {
    const person = await insertUser(handle.db);
    const actor = { userId: person.userId };
    // Off until the person says yes (consent).
    expect(await getReceivesDigest(handle.db, actor)).toBe(false);
    await setReceivesDigest(handle.db, actor, true);
    expect(await getReceivesDigest(handle.db, actor)).toBe(true);
    await setReceivesDigest(handle.db, actor, false);
    expect(await getReceivesDigest(handle.db, actor)).toBe(false);
    const [row] = await handle.db.select().from(profiles).where(eq(profiles.userId, person.userId));
    expect(row!.receivesDigest).toBe(false);
    await setReceivesDigest(handle.db, actor, true);
    expect(await getReceivesDigest(handle.db, actor)).toBe(true);

    await expect(setReceivesDigest(handle.db, actor, "no" as never)).rejects.toMatchObject({ code: "invalid" });
    await expect(setReceivesDigest(handle.db, { userId: randomUUID() }, false)).rejects.toBeInstanceOf(AppError);
  });

  it("the old digest form still posts to /digest-preference: signed in only, then to the e-mail settings", async () => {
    const person = await insertUser(handle.db);
    const viewer: Viewer = {
      userId: person.userId,
      email: person.email,
      name: "Ada",
      profileImage: null,
      isStaff: false,
      sessionId: randomUUID(),
    };
    const post = (who: Viewer | null, value: string) =>
      settle(
        digestPreferenceRoute.action({
          request: new Request(`${SITE}/digest-preference`, {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: SITE },
            body: new URLSearchParams({ receivesDigest: value }),
          }),
          params: {},
          context: context(who),
        } as never),
      );
    const off = await post(viewer, "false");
    expect(off.status).toBe(302);
    expect(off.headers.get("location")).toBe("/dashboard/settings/emails");
    expect(await getReceivesDigest(handle.db, { userId: person.userId })).toBe(false);
    expect((await post(viewer, "maybe")).status).toBe(400);
    const signedOut = await post(null, "true");
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("location")).toMatch(/^\/signin\?next=/);
    expect(await getReceivesDigest(handle.db, { userId: person.userId })).toBe(false);
    await post(viewer, "true");
    expect(await getReceivesDigest(handle.db, { userId: person.userId })).toBe(true);
  });
});

describe("the subscribe service", () => {
  it("refuses bad input with the invalid error and its field problem", async () => {
    await expect(
      subscribeToNewsletter(handle.db, { email: "x" }, { ip: nextAddress(), now: new Date(), language: "en" }),
    ).rejects.toMatchObject({ code: "invalid", fields: { email: "email_invalid" } });
  });
});
