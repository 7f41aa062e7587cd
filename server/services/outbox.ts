import type { Language } from "#domain/language";
import type { Database } from "#server/db/client";
import { enqueueJob } from "#server/services/enqueue-job";

/**
 * The account e-mails we send, and Find My Ticket's link (to an address, not an order); each has a
 * subject, HTML and text in all four languages.
 */
export type EmailKind =
  "signup" | "magiclink" | "recovery" | "reauthentication" | "password_changed" | "account_exists" | "ticket_lookup";

export interface EmailRequest {
  kind: EmailKind;
  to: string;
  language: Language;
  /** The link the message asks the reader to follow (absent for the password-changed and account-exists notices). */
  link?: string;
  /** A six-digit code to type instead (Supabase's verifyOtp and reauthenticate): alone, or with the link. */
  code?: string;
}

/** The job kind the worker (server/jobs) turns into a sent message. */
export const SEND_EMAIL_JOB = "send_email";

/**
 * Queues an e-mail in the caller's transaction: it is sent only if the use case commits, and a
 * failed send is retried by the jobs worker without the request waiting (decision 007).
 */
export async function enqueueEmail(db: Pick<Database, "insert">, email: EmailRequest): Promise<void> {
  await enqueueJob(db, SEND_EMAIL_JOB, { ...email });
}
