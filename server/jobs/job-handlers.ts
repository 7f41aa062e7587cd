import type { Database } from "#server/db/client";
import type { Mailer } from "#server/mail/mailer";
import { SEND_EMAIL_JOB } from "#server/mail/outbox";
import { sendEmail } from "#server/mail/send-email";
import { SEND_ORDER_EMAIL_JOB } from "#server/mail/order-emails";
import { sendOrderEmail } from "#server/mail/send-order-email";
import { runTicketLookupJob, SEND_TICKET_LOOKUP_JOB } from "#server/services/ticket-lookup";
import { OFFER_RELEASED_TICKETS_JOB, RELEASE_ORDER_HOLD_JOB } from "#server/services/order-jobs";
import { runReleaseOrderHoldJob } from "#server/services/orders";
import { runOfferReleasedTicketsJob } from "#server/services/waitlist";
import type { JobHandlers } from "./run-due-jobs";

/**
 * The job kinds this app runs, each with its handler. `db` is the database the worker runs jobs on
 * (handlers also get it, with the time, in their context).
 */
export function createJobHandlers({ mailer, siteUrl }: { db: Database; mailer: Mailer; siteUrl: string }): JobHandlers {
  return {
    [SEND_EMAIL_JOB]: (job) => sendEmail(mailer, job.payload, siteUrl),
    [SEND_ORDER_EMAIL_JOB]: (job, { db, now }) => sendOrderEmail(db, mailer, job.payload, { siteUrl, now }),
    [SEND_TICKET_LOOKUP_JOB]: (job, { db, now }) => runTicketLookupJob(db, job.payload, now, siteUrl),
    [RELEASE_ORDER_HOLD_JOB]: (job, { db, now }) => runReleaseOrderHoldJob(db, job.payload, now),
    [OFFER_RELEASED_TICKETS_JOB]: (job, { db, now }) => runOfferReleasedTicketsJob(db, job.payload, now, siteUrl),
  };
}
