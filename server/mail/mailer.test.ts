import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client";
import { jobs, mailboxMessages } from "#server/db/schema";
import { createJobHandlers } from "#server/jobs/job-handlers";
import { runDueJobs } from "#server/jobs/run-due-jobs";
import { createLogger } from "#server/logger";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { createMailboxMailer, createMailer, createSmtpMailer, type Mailer } from "./mailer";
import { enqueueEmail } from "#server/services/outbox";
import { renderContactEmail } from "./contact-email";
import { EMAIL_MESSAGES, renderEmail } from "./render-email";

const siteUrl = "http://localhost:3000";
const from = "DMV Events <no-reply@events.test>";
const logger = createLogger({ mode: "test", logLevel: "silent" });

interface ReceivedMessage {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a loopback port that keeps what it accepts; it turns away the first `rejections`. */
async function startSmtpServer({ rejections = 0 } = {}) {
  const received: ReceivedMessage[] = [];
  let rejectionsLeft = rejections;
  const server = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback, as a local relay would offer; no certificate to manage in a test.
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (rejectionsLeft > 0) {
          rejectionsLeft--;
          return callback(Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 }));
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The headers of a message or MIME part, unfolded, by lower-case name; encoded words decoded. */
function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return headers;
}

/** RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=); the space between two of them is not text. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, "$1$2")
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_word, encoding: string, text: string) =>
      encoding.toLowerCase() === "b"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replaceAll("_", " ")),
    );
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const joined = text.replace(/=\r?\n/g, "");
  for (let index = 0; index < joined.length; index++) {
    const hex = joined[index] === "=" ? /^[0-9A-F]{2}/i.exec(joined.slice(index + 1, index + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/** The message's headers and its text and HTML parts, decoded. */
function readMessage(raw: string) {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = parseHeaders(head);
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get("content-type") ?? "")?.[1];
  if (!boundary) throw new Error("Expected a multipart message");
  const parts = new Map<string, string>();
  for (const part of rest.join("\n\n").split(`--${boundary}`)) {
    const split = /\r?\n\r?\n/.exec(part);
    if (!split) continue;
    const partHeaders = parseHeaders(part.slice(0, split.index));
    const type = partHeaders.get("content-type")?.split(";")[0];
    if (!type) continue;
    const body = part.slice(split.index + split[0].length).replace(/\r?\n$/, "");
    const encoding = partHeaders.get("content-transfer-encoding")?.toLowerCase();
    parts.set(
      type,
      encoding === "base64"
        ? Buffer.from(body.replace(/\s/g, ""), "base64").toString("utf8")
        : encoding === "quoted-printable"
          ? decodeQuotedPrintable(body)
          : body,
    );
  }
  return { headers, text: parts.get("text/plain") ?? "", html: parts.get("text/html") ?? "" };
}

let handle: DatabaseHandle;
const cleanups: (() => Promise<void> | void)[] = [];
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});
afterAll(() => handle?.close());

async function smtpMailer(options: { rejections?: number } = {}) {
  const smtp = await startSmtpServer(options);
  const mailer = createSmtpMailer(smtp.url, from);
  cleanups.push(smtp.close, () => mailer.close());
  return { smtp, mailer };
}

describe(`delivering account e-mails (${testDatabaseKind()} database)`, () => {
  it("sends through SMTP to the recipient with the subject, both parts and the language", async () => {
    const { smtp, mailer } = await smtpMailer();
    const link = `${siteUrl}/auth/confirm?token_hash=xyz&type=signup&next=%2Fdashboard`;
    await mailer.deliver(renderEmail({ kind: "signup", to: "camille@example.org", language: "fr", link }, siteUrl));

    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message!.to).toEqual(["camille@example.org"]);
    expect(message!.from).toBe("no-reply@events.test");
    const { headers, text, html } = readMessage(message!.raw);
    expect(headers.get("subject")).toBe("Confirmez votre compte DMV Events");
    expect(headers.get("to")).toBe("camille@example.org");
    expect(headers.get("from")).toBe(from);
    expect(headers.get("content-language")).toBe("fr");
    expect(headers.get("content-type")).toMatch(/^multipart\/alternative/);
    expect(text).toContain(EMAIL_MESSAGES.fr.signup.validity);
    expect(text).toContain(link);
    expect(html).toContain('<html lang="fr" dir="ltr">');
    expect(html).toContain("Confirmer mon compte");
  });

  it("sets Reply-To when the message names one (a relayed contact message answers its writer)", async () => {
    const { smtp, mailer } = await smtpMailer();
    await mailer.deliver(
      renderContactEmail(
        {
          template: "organizer_relay",
          to: "organizer@example.org",
          language: "en",
          replyTo: "writer@example.net",
          reference: "DMV-ABCDEFGH",
          threadId: 1,
          senderName: "Writer",
          senderEmail: "writer@example.net",
          topic: null,
          relatedReference: null,
          eventId: 7,
          eventTitle: "Jazz on the Wharf",
          body: "Is the venue step-free?",
        },
        siteUrl,
      ),
    );
    const { headers, text } = readMessage(smtp.received[0]!.raw);
    expect(headers.get("reply-to")).toBe("writer@example.net");
    expect(headers.get("from")).toBe(from);
    expect(text).toContain("> Is the venue step-free?");
  });

  it("sends Arabic right to left with its subject intact", async () => {
    const { smtp, mailer } = await smtpMailer();
    await mailer.deliver(renderEmail({ kind: "password_changed", to: "youssef@example.com", language: "ar" }, siteUrl));
    const { headers, text, html } = readMessage(smtp.received[0]!.raw);
    expect(headers.get("subject")).toBe(EMAIL_MESSAGES.ar.password_changed.subject);
    expect(headers.get("content-language")).toBe("ar");
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(text).toContain(EMAIL_MESSAGES.ar.password_changed.ifNotYou);
  });

  it("throws when the SMTP server turns the message away, or cannot be reached", async () => {
    const { mailer } = await smtpMailer({ rejections: 1 });
    const email = renderEmail({ kind: "magiclink", to: "a@example.com", language: "en", link: siteUrl }, siteUrl);
    await expect(mailer.deliver(email)).rejects.toThrow(/try again later/i);
    await mailer.deliver(email);

    const closed = await startSmtpServer();
    await closed.close();
    const unreachable = createSmtpMailer(closed.url, from);
    cleanups.push(() => unreachable.close());
    await expect(unreachable.deliver(email)).rejects.toThrow();
  });

  it("retries a queued e-mail the SMTP server refused once, and sends it exactly once", async () => {
    await handle.db.delete(jobs);
    const { smtp, mailer } = await smtpMailer({ rejections: 1 });
    const deps = { handlers: createJobHandlers({ db: handle.db, mailer, siteUrl }), logger };
    await handle.db.transaction((tx) =>
      enqueueEmail(tx, { kind: "recovery", to: "hanna@example.com", language: "am", link: `${siteUrl}/reset` }),
    );

    const now = new Date(Date.now() + 1_000);
    expect((await runDueJobs(handle.db, deps, now)).map((run) => run.outcome)).toEqual(["retrying"]);
    expect(smtp.received).toHaveLength(0);
    const [waiting] = await handle.db.select().from(jobs);
    expect(waiting).toMatchObject({ attempts: 1, doneAt: null, failedAt: null });
    expect(waiting!.lastError).toMatch(/try again later/i);

    expect((await runDueJobs(handle.db, deps, waiting!.runAt)).map((run) => run.outcome)).toEqual(["done"]);
    expect(smtp.received).toHaveLength(1);
    const { headers, text } = readMessage(smtp.received[0]!.raw);
    expect(headers.get("subject")).toBe(EMAIL_MESSAGES.am.recovery.subject);
    expect(text).toContain(EMAIL_MESSAGES.am.recovery.validity);
    expect(await runDueJobs(handle.db, deps, new Date(now.getTime() + 86_400_000))).toEqual([]);
  });

  it("keeps the message in the dev mailbox when no SMTP server is set", async () => {
    const mailer: Mailer = createMailer({ smtpUrl: null, from, isDevMailboxOpen: true }, handle.db);
    await mailer.deliver(
      renderEmail({ kind: "magiclink", to: "mailbox@example.com", language: "en", link: `${siteUrl}/x` }, siteUrl),
    );
    const [stored] = await handle.db
      .select()
      .from(mailboxMessages)
      .where(eq(mailboxMessages.toAddress, "mailbox@example.com"));
    expect(stored?.subject).toBe("Your DMV Events sign-in link");
    expect(stored?.html).toContain(`href="${siteUrl}/x"`);
    expect(stored?.text).toContain(`${siteUrl}/x`);
  });

  it("fails a queued e-mail whose payload cannot be sent, without delivering anything", async () => {
    await handle.db.delete(jobs);
    const mailer = createMailboxMailer(handle.db);
    const before = (await handle.db.select().from(mailboxMessages)).length;
    await handle.db.insert(jobs).values({
      kind: "send_email",
      payload: { kind: "magiclink", to: "x@example.com", language: "en", link: "javascript:alert(1)" },
      maxAttempts: 1,
    });
    const deps = { handlers: createJobHandlers({ db: handle.db, mailer, siteUrl }), logger };
    expect((await runDueJobs(handle.db, deps, new Date(Date.now() + 1_000)))[0]?.outcome).toBe("failed");
    expect(await handle.db.select().from(mailboxMessages)).toHaveLength(before);
  });
});
