import type { Language } from "#domain/language";
import type { Database } from "#server/db/client";
import { jobs } from "#server/db/schema";
import { signalJobEnqueued } from "#server/jobs/job-signal";

/** The account e-mails we send; each has a subject, HTML and text in all four languages. */
export type EmailKind = "signup" | "magiclink" | "recovery" | "password_changed";

export interface EmailRequest {
  kind: EmailKind;
  to: string;
  language: Language;
  /** The link the message asks the reader to follow (absent for the password-changed notice). */
  link?: string;
}

/** The job kind the worker (server/jobs) turns into a sent message. */
export const SEND_EMAIL_JOB = "send_email";

/**
 * Queues an e-mail in the caller's transaction: it is sent only if the use case commits, and a
 * failed send is retried by the jobs worker without the request waiting (decision 007).
 */
export async function enqueueEmail(db: Pick<Database, "insert">, email: EmailRequest): Promise<void> {
  await db.insert(jobs).values({ kind: SEND_EMAIL_JOB, payload: { ...email } });
  signalJobEnqueued();
}
