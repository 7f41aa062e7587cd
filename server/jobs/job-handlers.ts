import type { Mailer } from "#server/mail/mailer";
import { SEND_EMAIL_JOB } from "#server/mail/outbox";
import { sendEmail } from "#server/mail/send-email";
import type { JobHandlers } from "./run-due-jobs";

/** The job kinds this app runs, each with its handler. */
export function createJobHandlers({ mailer, siteUrl }: { mailer: Mailer; siteUrl: string }): JobHandlers {
  return {
    [SEND_EMAIL_JOB]: (job) => sendEmail(mailer, job.payload, siteUrl),
  };
}
