import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client";
import { mailboxMessages } from "#server/db/schema";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { getMailboxAttachment, getMailboxMessage, listMailboxMessages, saveMailboxMessage } from "./mailbox";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
  await handle.db.insert(mailboxMessages).values([
    {
      toAddress: "Camille@Example.org",
      subject: "older",
      html: "<p>1</p>",
      text: "one",
      createdAt: new Date("2026-01-01"),
    },
    {
      toAddress: "hanna@example.com",
      subject: "middle",
      html: "<p>2</p>",
      text: "two",
      createdAt: new Date("2026-01-02"),
    },
    {
      toAddress: "camille@example.org",
      subject: "newest",
      html: "<p>3</p>",
      text: "three",
      createdAt: new Date("2026-01-03"),
    },
  ]);
});
afterAll(() => handle?.close());

describe(`the development mailbox on the ${testDatabaseKind()} database`, () => {
  it("lists messages newest first", async () => {
    expect((await listMailboxMessages(handle.db)).map((message) => message.subject)).toEqual([
      "newest",
      "middle",
      "older",
    ]);
  });

  it("filters by address, ignoring case, on any part of it", async () => {
    expect((await listMailboxMessages(handle.db, { to: "CAMILLE@example.org" })).map((m) => m.subject)).toEqual([
      "newest",
      "older",
    ]);
    expect((await listMailboxMessages(handle.db, { to: " hanna " })).map((m) => m.subject)).toEqual(["middle"]);
    expect(await listMailboxMessages(handle.db, { to: "%" })).toEqual([]);
    expect(await listMailboxMessages(handle.db, { to: "nobody@example.com" })).toEqual([]);
  });

  it("reads one message with the links of its text version, each once", async () => {
    await saveMailboxMessage(handle.db, {
      toAddress: "links@example.com",
      subject: "Sign in",
      html: "<p>html</p>",
      text: "Sign in:\nhttp://localhost:3000/auth/confirm?token_hash=a&type=magiclink\n\nAgain: http://localhost:3000/auth/confirm?token_hash=a&type=magiclink\n-- \nDMV Events · https://events.example.org",
    });
    const [summary] = await listMailboxMessages(handle.db, { to: "links@example.com" });
    const message = await getMailboxMessage(handle.db, summary!.id);
    expect(message).toMatchObject({ toAddress: "links@example.com", subject: "Sign in", html: "<p>html</p>" });
    expect(message?.links).toEqual([
      "http://localhost:3000/auth/confirm?token_hash=a&type=magiclink",
      "https://events.example.org",
    ]);
  });

  it("keeps a message's files, lists them, serves each, and shows its inline pictures from them", async () => {
    const png = Buffer.from("89504e470d0a1a0a0000", "hex");
    await saveMailboxMessage(handle.db, {
      toAddress: "files@example.com",
      subject: "Tickets",
      html: '<img src="cid:ticket-A.png" alt="QR"><img src="cid:notes.txt" alt="not a picture"><img src="cid:missing.png" alt="x">',
      text: "Tickets",
      attachments: [
        { filename: "ticket-A.png", contentType: "image/png", content: png.toString("base64") },
        { filename: "notes.txt", contentType: "text/plain", content: Buffer.from("hi").toString("base64") },
        {
          filename: "event.ics",
          contentType: "text/calendar; charset=utf-8",
          content: Buffer.from("BEGIN:VCALENDAR").toString("base64"),
        },
      ],
    });
    const [summary] = await listMailboxMessages(handle.db, { to: "files@example.com" });
    const message = (await getMailboxMessage(handle.db, summary!.id))!;
    expect(message.attachments).toEqual([
      { index: 0, filename: "ticket-A.png", contentType: "image/png", bytes: 10 },
      { index: 1, filename: "notes.txt", contentType: "text/plain", bytes: 2 },
      { index: 2, filename: "event.ics", contentType: "text/calendar; charset=utf-8", bytes: 15 },
    ]);
    // Only pictures become data: URLs; anything else, or a name with no file, stays as sent.
    expect(message.html).toBe(
      `<img src="data:image/png;base64,${png.toString("base64")}" alt="QR"><img src="cid:notes.txt" alt="not a picture"><img src="cid:missing.png" alt="x">`,
    );
    expect((await getMailboxAttachment(handle.db, summary!.id, 2))?.content.toString()).toBe("BEGIN:VCALENDAR");
    for (const index of [3, -1, 1.5]) expect(await getMailboxAttachment(handle.db, summary!.id, index)).toBeNull();
    expect(await getMailboxAttachment(handle.db, 999_999, 0)).toBeNull();
    // A message saved without files has none.
    const [older] = await listMailboxMessages(handle.db, { to: "links@example.com" });
    expect((await getMailboxMessage(handle.db, older!.id))!.attachments).toEqual([]);
  });

  it("finds nothing for ids that do not exist or cannot be ids", async () => {
    for (const id of [0, -1, 999_999, 2 ** 40, Number.NaN, 1.5]) {
      expect(await getMailboxMessage(handle.db, id), String(id)).toBeNull();
    }
  });
});
