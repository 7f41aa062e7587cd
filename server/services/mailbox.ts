import { desc, eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { mailboxMessages } from "#server/db/schema";

/** The newest messages the list shows; a development mailbox never needs paging. */
const LISTED_MESSAGES = 100;
/** Addresses are at most 320 characters; a longer filter cannot match anything. */
const ADDRESS_FILTER_MAX_LENGTH = 320;

export interface MailboxMessageSummary {
  id: number;
  toAddress: string;
  subject: string;
  createdAt: Date;
}

export interface MailboxMessage extends MailboxMessageSummary {
  html: string;
  text: string;
  /** The web addresses the message asks the reader to open, in order, each once. */
  links: string[];
}

/** Delivery without an SMTP server: the message is kept for /dev/mailbox (decision 007). */
export async function saveMailboxMessage(
  db: Database,
  message: { toAddress: string; subject: string; html: string; text: string },
): Promise<void> {
  await db.insert(mailboxMessages).values(message);
}

/** Newest first; `to` keeps the messages whose address contains it, ignoring case. */
export async function listMailboxMessages(
  db: Database,
  { to = "" }: { to?: string } = {},
): Promise<MailboxMessageSummary[]> {
  const filter = to.trim().slice(0, ADDRESS_FILTER_MAX_LENGTH);
  return db
    .select({
      id: mailboxMessages.id,
      toAddress: mailboxMessages.toAddress,
      subject: mailboxMessages.subject,
      createdAt: mailboxMessages.createdAt,
    })
    .from(mailboxMessages)
    .where(filter ? sql`strpos(lower(${mailboxMessages.toAddress}), lower(${filter})) > 0` : undefined)
    .orderBy(desc(mailboxMessages.createdAt), desc(mailboxMessages.id))
    .limit(LISTED_MESSAGES);
}

export async function getMailboxMessage(db: Database, id: number): Promise<MailboxMessage | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) return null;
  const [row] = await db.select().from(mailboxMessages).where(eq(mailboxMessages.id, id));
  if (!row) return null;
  return {
    id: row.id,
    toAddress: row.toAddress,
    subject: row.subject,
    createdAt: row.createdAt,
    html: row.html,
    text: row.text,
    links: [...new Set(row.text.match(/https?:\/\/[^\s<>"]+/g) ?? [])],
  };
}
