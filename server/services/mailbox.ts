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
  /** The HTML as sent, except that its inline pictures (cid:NAME) are shown from their attachments. */
  html: string;
  text: string;
  /** The Reply-To address it was sent with, or null. */
  replyTo: string | null;
  /** The web addresses the message asks the reader to open, in order, each once. */
  links: string[];
  /** The files sent with it, by their position (which /dev/mailbox/:id/attachments/:index serves). */
  attachments: { index: number; filename: string; contentType: string; bytes: number }[];
}

/** A stored attachment: what the mailer was given, the content in base64. */
export type MailboxAttachment = (typeof mailboxMessages.$inferSelect)["attachments"][number];

/** Delivery without an SMTP server: the message is kept for /dev/mailbox (decision 007). */
export async function saveMailboxMessage(
  db: Database,
  message: {
    toAddress: string;
    subject: string;
    html: string;
    text: string;
    replyTo?: string | null;
    attachments?: MailboxAttachment[];
  },
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
    html: withInlinePictures(row.html, row.attachments),
    text: row.text,
    replyTo: row.replyTo,
    links: [...new Set(row.text.match(/https?:\/\/[^\s<>"]+/g) ?? [])],
    attachments: row.attachments.map((attachment, index) => ({
      index,
      filename: attachment.filename,
      contentType: attachment.contentType,
      bytes: Buffer.byteLength(attachment.content, "base64"),
    })),
  };
}

/** One file of message `id`, by its position; null when there is no such message or file. */
export async function getMailboxAttachment(
  db: Database,
  id: number,
  index: number,
): Promise<{ filename: string; contentType: string; content: Buffer } | null> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647 || !Number.isSafeInteger(index) || index < 0) {
    return null;
  }
  const [row] = await db
    .select({ attachments: mailboxMessages.attachments })
    .from(mailboxMessages)
    .where(eq(mailboxMessages.id, id));
  const attachment = row?.attachments[index];
  if (!attachment) return null;
  return { ...attachment, content: Buffer.from(attachment.content, "base64") };
}

/**
 * A mail program shows `<img src="cid:NAME">` from the attachment whose Content-ID is NAME (our
 * mailers use the file name, render-email.ts); the mailbox's page has no such parts, so each such
 * picture is written into the HTML as a data: URL instead. Only pictures: nothing else becomes a URL.
 */
function withInlinePictures(html: string, attachments: readonly MailboxAttachment[]): string {
  const pictures = new Map(
    attachments
      .filter((attachment) => /^image\/(png|jpeg|gif|webp)$/.test(attachment.contentType))
      .map((attachment) => [attachment.filename, attachment]),
  );
  if (pictures.size === 0) return html;
  return html.replace(/src="cid:([^"]+)"/g, (original, name: string) => {
    const picture = pictures.get(name);
    // Base64 only, so nothing can close the attribute.
    return picture && /^[A-Za-z0-9+/]*={0,2}$/.test(picture.content)
      ? `src="data:${picture.contentType};base64,${picture.content}"`
      : original;
  });
}
