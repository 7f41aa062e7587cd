import { runRecoveryLinkJob, SEND_RECOVERY_LINK_JOB } from "#server/auth/email-links";
import type { Database } from "#server/db/client";
import type { Mailer } from "#server/mail/mailer";
import { SEND_EMAIL_JOB } from "#server/services/outbox";
import { sendEmail } from "#server/mail/send-email";
import { SEND_ORDER_EMAIL_JOB } from "#server/services/order-emails";
import { sendOrderEmail } from "#server/mail/send-order-email";
import { runTicketLookupJob, SEND_TICKET_LOOKUP_JOB } from "#server/services/ticket-lookup";
import { OFFER_RELEASED_TICKETS_JOB, RELEASE_ORDER_HOLD_JOB } from "#server/services/order-jobs";
import { runReleaseOrderHoldJob } from "#server/services/orders";
import { runOfferReleasedTicketsJob } from "#server/services/waitlist";
import { sendPromotionEndedEmail } from "#server/mail/promotion-email";
import { END_PROMOTION_JOB, runEndPromotionJob, SEND_PROMOTION_ENDED_EMAIL_JOB } from "#server/services/promotion-jobs";
import { SEND_EVENT_CHANGE_EMAIL_JOB } from "#server/services/event-change-emails";
import { sendEventChangeEmail } from "#server/mail/send-event-change-email";
import type { PaymentProvider } from "#server/payments/payment-provider";
import { runRefundCancelledEventOrderJob } from "#server/services/event-cancellation";
import { REFUND_CANCELLED_EVENT_ORDER_JOB } from "#server/services/order-jobs";
import { sendDigestEmail } from "#server/mail/digest-email";
import { sendNewsletterConfirmation } from "#server/mail/newsletter-email";
import { sendCoOrganizerInvitation } from "#server/mail/co-organizer-invitation-email";
import { sendWaitlistConfirmation } from "#server/mail/waitlist-confirmation-email";
import { sendContactEmail } from "#server/mail/contact-email";
import {
  SEND_CONTACT_EMAIL_JOB,
  SEND_CO_ORGANIZER_INVITATION_JOB,
  SEND_NEWSLETTER_CONFIRMATION_JOB,
  SEND_WAITLIST_CONFIRMATION_JOB,
} from "#server/services/email-jobs";
import { NEWSLETTER_SUBSCRIBE_JOB, runNewsletterSubscribeJob } from "#server/services/newsletter";
import { UPDATE_REPUTATIONS_JOB, updateReputations } from "#server/services/reputations";
import { queueWeeklyDigest, SEND_DIGEST_EMAIL_JOB, WEEKLY_DIGEST_JOB } from "#server/services/weekly-digest";
import { sendModerationEmail } from "#server/mail/moderation-email";
import { SEND_MODERATION_EMAIL_JOB } from "#server/services/event-moderation";
import { AWARD_BADGES_JOB } from "#server/services/badge-triggers";
import {
  CHECK_ENDED_EVENT_BADGES_JOB,
  runAwardBadgesJob,
  runCheckEndedEventBadgesJob,
  SEND_BADGE_EMAIL_JOB,
} from "#server/services/badges";
import { sendBadgeEmail } from "#server/mail/badge-email";
import { sendReviewEmail } from "#server/mail/review-email";
import { SEND_REVIEW_EMAIL_JOB } from "#server/services/reviews";
import {
  queueSavedReminders,
  SAVED_REMINDERS_JOB,
  SEND_SAVED_REMINDER_EMAIL_JOB,
} from "#server/services/saved-reminders";
import {
  FOLLOWED_EVENTS_EMAILS_JOB,
  queueFollowedEventsEmails,
  SEND_FOLLOWED_EVENTS_EMAIL_JOB,
} from "#server/services/followed-events-emails";
import { sendFollowedEventsEmail, sendSavedReminderEmail } from "#server/mail/saves-follows-email";
import { sendPromoterInvitation } from "#server/mail/promoter-invitation-email";
import { sendPlanTaskReminderEmail } from "#server/mail/plan-task-reminder-email";
import {
  PLAN_TASK_REMINDERS_JOB,
  queuePlanTaskReminders,
  SEND_PLAN_TASK_REMINDER_EMAIL_JOB,
} from "#server/services/plan-task-reminders";
import { SEND_PROMOTER_INVITATION_JOB } from "#server/services/email-jobs";
import type { JobHandlers } from "./run-due-jobs";

/**
 * The job kinds this app runs, each with its handler. `db` is the database the worker runs jobs on
 * (handlers also get it, with the time, in their context).
 *
 * `payments` is the provider refunds go through; without one (tests that send e-mails only) refund jobs
 * are not run here, and stay queued for a worker that can run them.
 */
export function createJobHandlers({
  mailer,
  siteUrl,
  payments,
}: {
  db: Database;
  mailer: Mailer;
  siteUrl: string;
  payments?: PaymentProvider;
}): JobHandlers {
  return {
    ...(payments
      ? {
          [REFUND_CANCELLED_EVENT_ORDER_JOB]: (job, { db, now }) =>
            runRefundCancelledEventOrderJob(db, payments, job.payload, { now, siteUrl }),
        }
      : {}),
    [SEND_EVENT_CHANGE_EMAIL_JOB]: (job, { db, now }) =>
      sendEventChangeEmail(db, mailer, job.payload, { siteUrl, now }),
    [SEND_EMAIL_JOB]: (job) => sendEmail(mailer, job.payload, siteUrl),
    [SEND_RECOVERY_LINK_JOB]: (job, { db, now }) => runRecoveryLinkJob(db, job.payload, now),
    [SEND_ORDER_EMAIL_JOB]: (job, { db, now }) => sendOrderEmail(db, mailer, job.payload, { siteUrl, now }),
    [SEND_TICKET_LOOKUP_JOB]: (job, { db, now }) => runTicketLookupJob(db, job.payload, now, siteUrl),
    [RELEASE_ORDER_HOLD_JOB]: (job, { db, now }) => runReleaseOrderHoldJob(db, job.payload, now),
    [OFFER_RELEASED_TICKETS_JOB]: (job, { db, now }) => runOfferReleasedTicketsJob(db, job.payload, now, siteUrl),
    [END_PROMOTION_JOB]: (job, { db, now }) => runEndPromotionJob(db, job.payload, now),
    [SEND_PROMOTION_ENDED_EMAIL_JOB]: (job, { db }) => sendPromotionEndedEmail(db, mailer, job.payload, siteUrl),
    [UPDATE_REPUTATIONS_JOB]: async (_job, { db, now }) => void (await updateReputations(db, now)),
    [WEEKLY_DIGEST_JOB]: async (job, { db, now }) => void (await queueWeeklyDigest(db, job.payload, now)),
    [SEND_DIGEST_EMAIL_JOB]: (job, { db, now }) => sendDigestEmail(db, mailer, job.payload, { siteUrl, now }),
    [NEWSLETTER_SUBSCRIBE_JOB]: (job, { db, now }) => runNewsletterSubscribeJob(db, job.payload, now, siteUrl),
    [SEND_NEWSLETTER_CONFIRMATION_JOB]: (job) => sendNewsletterConfirmation(mailer, job.payload, siteUrl),
    [SEND_CO_ORGANIZER_INVITATION_JOB]: (job) => sendCoOrganizerInvitation(mailer, job.payload, siteUrl),
    [SEND_WAITLIST_CONFIRMATION_JOB]: (job) => sendWaitlistConfirmation(mailer, job.payload, siteUrl),
    [SEND_CONTACT_EMAIL_JOB]: (job) => sendContactEmail(mailer, job.payload, siteUrl),
    [SEND_MODERATION_EMAIL_JOB]: (job) => sendModerationEmail(mailer, job.payload, siteUrl),
    [AWARD_BADGES_JOB]: (job, { db, now }) => runAwardBadgesJob(db, job.payload, now),
    [CHECK_ENDED_EVENT_BADGES_JOB]: (job, { db, now }) => runCheckEndedEventBadgesJob(db, job.payload, now),
    [SEND_BADGE_EMAIL_JOB]: (job) => sendBadgeEmail(mailer, job.payload, siteUrl),
    [SEND_REVIEW_EMAIL_JOB]: (job) => sendReviewEmail(mailer, job.payload, siteUrl),
    [SAVED_REMINDERS_JOB]: async (_job, { db, now }) => void (await queueSavedReminders(db, now)),
    [SEND_SAVED_REMINDER_EMAIL_JOB]: (job, { db, now }) =>
      sendSavedReminderEmail(db, mailer, job.payload, { siteUrl, now }),
    [FOLLOWED_EVENTS_EMAILS_JOB]: async (job, { db }) => void (await queueFollowedEventsEmails(db, job.payload)),
    [SEND_FOLLOWED_EVENTS_EMAIL_JOB]: (job, { db, now }) =>
      sendFollowedEventsEmail(db, mailer, job.payload, { siteUrl, now }),
    [SEND_PROMOTER_INVITATION_JOB]: (job) => sendPromoterInvitation(mailer, job.payload, siteUrl),
    [PLAN_TASK_REMINDERS_JOB]: async (_job, { db, now }) => void (await queuePlanTaskReminders(db, now)),
    [SEND_PLAN_TASK_REMINDER_EMAIL_JOB]: (job, { db, now }) =>
      sendPlanTaskReminderEmail(db, mailer, job.payload, { siteUrl, now }),
  };
}
