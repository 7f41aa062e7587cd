import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { formatTicketCode } from "#domain/ticket-code";
import type { DatabaseHandle } from "#server/db/client";
import { jobs, mailboxMessages } from "#server/db/schema";
import { createJobHandlers } from "#server/jobs/job-handlers";
import { runDueJobs } from "#server/jobs/run-due-jobs";
import { createLogger } from "#server/logger";
import { getMailboxAttachment, getMailboxMessage } from "#server/services/mailbox";
import { cancelOrder, getOrderDetail, placeOrder } from "#server/services/orders";
import { insertEventWithTicketTypes } from "#tests/support/ticket-factories";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { createMailboxMailer, createSmtpMailer } from "./mailer";
import { EMAIL_MESSAGES } from "./render-email";
import { renderOrderEmail } from "./render-order-email";

const siteUrl = "http://localhost:3000";
const from = "DMV Events <no-reply@events.test>";
const logger = createLogger({ mode: "test", logLevel: "silent" });

/** One MIME entity: its headers (lower-case names, unfolded), its decoded body, and its parts if multipart. */
interface MimePart {
  headers: Map<string, string>;
  body: Buffer;
  parts: MimePart[];
}

function parseMime(raw: string): MimePart {
  const split = /\r?\n\r?\n/.exec(raw);
  const head = split ? raw.slice(0, split.index) : raw;
  const content = split ? raw.slice(split.index + split[0].length) : "";
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/.exec(type)?.[1];
  if (type.startsWith("multipart/") && boundary) {
    const sections = content.split(`--${boundary}`).slice(1, -1);
    return {
      headers,
      body: Buffer.alloc(0),
      parts: sections.map((section) => parseMime(section.replace(/^\r?\n/, ""))),
    };
  }
  const encoding = headers.get("content-transfer-encoding")?.toLowerCase();
  const body =
    encoding === "base64"
      ? Buffer.from(content.replace(/\s/g, ""), "base64")
      : encoding === "quoted-printable"
        ? Buffer.from(
            content
              .replace(/=\r?\n/g, "")
              .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            "latin1",
          )
        : Buffer.from(content, "utf8");
  return { headers, body, parts: [] };
}

const mediaType = (part: MimePart) => (part.headers.get("content-type") ?? "").split(";")[0]!.trim();

async function startSmtpServer() {
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push(Buffer.concat(chunks).toString("utf8"));
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

let handle: DatabaseHandle;
const cleanups: (() => Promise<void> | void)[] = [];
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});
afterAll(() => handle?.close());

/** A confirmed free registration for two tickets, placed as a guest would, in `language`. */
async function freeOrder(language: "en" | "fr" | "ar" | "am", email = "guest@example.com") {
  const event = await insertEventWithTicketTypes(handle.db, {
    title: "Poetry & Tea",
    ticketTypes: [{ name: "Free seat", priceCents: 0, quantity: 50 }],
  });
  const { order } = await placeOrder(
    handle.db,
    null,
    {
      eventId: event.eventId,
      items: [{ ticketTypeId: event.ticketTypeIds[0]!, quantity: 2 }],
      buyer: { name: "Guest", email },
    },
    { now: new Date(), language, siteUrl },
  );
  return order;
}

describe(`delivering order e-mails (${testDatabaseKind()} database)`, () => {
  it("sends a confirmation through SMTP with its QR pictures inline and the event attached as event.ics", async () => {
    const smtp = await startSmtpServer();
    const mailer = createSmtpMailer(smtp.url, from);
    cleanups.push(smtp.close, () => mailer.close());
    const order = (await getOrderDetail(handle.db, (await freeOrder("fr")).id))!;
    await mailer.deliver(
      await renderOrderEmail(
        { kind: "order_confirmed", order, link: `${siteUrl}/orders/${order.id}?key=k`, now: new Date() },
        siteUrl,
      ),
    );

    const message = parseMime(smtp.received[0]!);
    expect(mediaType(message)).toBe("multipart/mixed");
    expect(message.headers.get("content-language")).toBe("fr");
    const [alternative, calendar] = message.parts;
    // The text, or the HTML with the pictures it shows (multipart/related): the mail program picks.
    expect(alternative!.parts.map(mediaType)).toEqual(["text/plain", "multipart/related"]);
    const text = alternative!.parts[0]!.body.toString("utf8");
    const [htmlPart, ...pictures] = alternative!.parts[1]!.parts;
    expect(mediaType(htmlPart!)).toBe("text/html");
    const html = htmlPart!.body.toString("utf8");
    expect(pictures.map(mediaType)).toEqual(["image/png", "image/png"]);
    for (const [index, ticket] of order.tickets.entries()) {
      expect(pictures[index]!.headers.get("content-id")).toBe(`<ticket-${ticket.code}.png>`);
      expect(html).toContain(`src="cid:ticket-${ticket.code}.png"`);
      expect(text).toContain(formatTicketCode(ticket.code));
    }
    expect(pictures[0]!.body.subarray(1, 4).toString("latin1")).toBe("PNG");
    // The calendar is an attachment to open or save.
    expect(mediaType(calendar!)).toBe("text/calendar");
    expect(calendar!.headers.get("content-disposition")).toMatch(/^attachment; filename=event\.ics$/);
    const ics = calendar!.body.toString("utf8");
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toContain("SUMMARY:Poetry & Tea");
    expect(ics).toContain(`UID:event-${order.event.id}@localhost`);
  });

  it("sends the confirmation a free registration queued, from the jobs worker, into the dev mailbox with its files", async () => {
    await handle.db.delete(jobs);
    const order = await freeOrder("am", "almaz@example.com");
    const deps = {
      handlers: createJobHandlers({ db: handle.db, mailer: createMailboxMailer(handle.db), siteUrl }),
      logger,
    };
    const ran = await runDueJobs(handle.db, deps, new Date(Date.now() + 1_000));
    expect(ran.filter((run) => run.kind === "send_order_email").map((run) => run.outcome)).toEqual(["done"]);

    const [stored] = await handle.db
      .select({ id: mailboxMessages.id })
      .from(mailboxMessages)
      .where(eq(mailboxMessages.toAddress, "almaz@example.com"));
    const message = (await getMailboxMessage(handle.db, stored!.id))!;
    expect(message.subject).toBe(EMAIL_MESSAGES.am.order_confirmed.subject.replace("{{event}}", "Poetry & Tea"));
    expect(message.attachments.map((attachment) => attachment.filename)).toEqual([
      ...order.tickets.map((ticket) => `ticket-${ticket.code}.png`),
      "event.ics",
    ]);
    // The mailbox shows the pictures where the HTML names them, and offers every file to download.
    expect(message.html).not.toContain("cid:");
    expect(message.html.match(/src="data:image\/png;base64,[A-Za-z0-9+/=]+"/g)).toHaveLength(2);
    const ics = await getMailboxAttachment(handle.db, stored!.id, 2);
    expect(ics?.contentType).toMatch(/^text\/calendar/);
    expect(ics?.content.toString("utf8")).toContain("SUMMARY:Poetry & Tea");
    expect(await getMailboxAttachment(handle.db, stored!.id, 3)).toBeNull();
    // The link (a secret) is dropped from the job once sent.
    const [job] = await handle.db.select().from(jobs).where(eq(jobs.kind, "send_order_email"));
    expect(job!.payload).not.toHaveProperty("link");
  });

  it("drops a confirmation that is no longer true when it is sent, and sends the cancellation", async () => {
    await handle.db.delete(jobs);
    const order = await freeOrder("en", "changed.mind@example.com");
    await cancelOrder(handle.db, null, order.id, { now: new Date(), reason: "cancelled_by_buyer", siteUrl });
    const deps = {
      handlers: createJobHandlers({ db: handle.db, mailer: createMailboxMailer(handle.db), siteUrl }),
      logger,
    };
    const ran = await runDueJobs(handle.db, deps, new Date(Date.now() + 1_000));
    expect(ran.filter((run) => run.kind === "send_order_email").map((run) => run.outcome)).toEqual(["done", "done"]);
    const delivered = await handle.db
      .select({ subject: mailboxMessages.subject })
      .from(mailboxMessages)
      .where(eq(mailboxMessages.toAddress, "changed.mind@example.com"));
    expect(delivered.map((message) => message.subject)).toEqual(["Your order for Poetry & Tea was cancelled"]);
  });

  it("fails an order e-mail whose order does not exist, without delivering anything", async () => {
    await handle.db.delete(jobs);
    const before = (await handle.db.select().from(mailboxMessages)).length;
    await handle.db.insert(jobs).values({
      kind: "send_order_email",
      payload: { kind: "order_confirmed", orderId: "00000000-0000-4000-8000-000000000000", link: `${siteUrl}/x` },
      maxAttempts: 1,
    });
    const deps = {
      handlers: createJobHandlers({ db: handle.db, mailer: createMailboxMailer(handle.db), siteUrl }),
      logger,
    };
    expect((await runDueJobs(handle.db, deps, new Date(Date.now() + 1_000)))[0]?.outcome).toBe("failed");
    expect(await handle.db.select().from(mailboxMessages)).toHaveLength(before);
  });
});
