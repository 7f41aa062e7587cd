import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#server/db/client";
import { mailboxMessages } from "#server/db/schema";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { getMailboxMessage, listMailboxMessages, saveMailboxMessage } from "./mailbox";

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

  it("finds nothing for ids that do not exist or cannot be ids", async () => {
    for (const id of [0, -1, 999_999, 2 ** 40, Number.NaN, 1.5]) {
      expect(await getMailboxMessage(handle.db, id), String(id)).toBeNull();
    }
  });
});
