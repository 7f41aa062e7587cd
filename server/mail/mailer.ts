import { createTransport } from "nodemailer";
import type { Database } from "#server/db/client";
import type { MailConfig } from "#server/env";
import { saveMailboxMessage } from "#server/services/mailbox";
import type { RenderedEmail } from "./render-email";

/** Where rendered e-mails go. `deliver` throws when the message was not accepted, so the job retries. */
export interface Mailer {
  deliver(email: RenderedEmail): Promise<void>;
  close(): void;
}

/**
 * Short SMTP timeouts: a send runs inside a job's lease (server/jobs), and a mail server that does
 * not answer within these is better retried later than waited on (nodemailer waits minutes by default).
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** SMTP when SMTP_URL is set; otherwise the development mailbox, so every flow works with zero set-up. */
export function createMailer(mail: MailConfig, db: Database): Mailer {
  return mail.smtpUrl ? createSmtpMailer(mail.smtpUrl, mail.from) : createMailboxMailer(db);
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }, { from });
  return {
    async deliver(email) {
      await transport.sendMail({
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
        ...(email.replyTo ? { replyTo: email.replyTo } : {}),
        headers: { "Content-Language": email.language },
        // An inline picture gets its file name as Content-ID (the HTML's cid:NAME), which makes
        // nodemailer wrap the HTML and it in multipart/related; the others are ordinary attachments.
        attachments: email.attachments?.map((attachment) => ({
          filename: attachment.filename,
          contentType: attachment.contentType,
          content: attachment.content,
          ...(attachment.inline ? { cid: attachment.filename, contentDisposition: "inline" as const } : {}),
        })),
      });
    },
    close: () => transport.close(),
  };
}

export function createMailboxMailer(db: Database): Mailer {
  return {
    deliver: (email) =>
      saveMailboxMessage(db, {
        toAddress: email.to,
        subject: email.subject,
        html: email.html,
        text: email.text,
        replyTo: email.replyTo ?? null,
        // Kept as base64 in the JSON column: pictures are bytes, and /dev/mailbox serves them back.
        attachments: (email.attachments ?? []).map((attachment) => ({
          filename: attachment.filename,
          contentType: attachment.contentType,
          content: attachment.content.toString("base64"),
        })),
      }),
    close: () => {},
  };
}
