/*
 * Job kinds of e-mails that services queue and server/mail sends. They live here because services
 * never import server/mail (the folders depend one way: jobs → mail → services, server/README.md).
 */

/** The job that sends an invitation to co-organize an event (services/co-organizer-invitations.ts). */
export const SEND_CO_ORGANIZER_INVITATION_JOB = "send_co_organizer_invitation";

/** The job that sends a newsletter confirmation link (queued by runNewsletterSubscribeJob). */
export const SEND_NEWSLETTER_CONFIRMATION_JOB = "send_newsletter_confirmation";

/** The job that asks a waitlist address to confirm itself (services/waitlist.ts, joinWaitlist). */
export const SEND_WAITLIST_CONFIRMATION_JOB = "send_waitlist_confirmation";

/**
 * The job that sends one e-mail about a contact thread (services/contact.ts): the staff's notice of a
 * new message, the sender's copy, a staff answer, or a message relayed to an event's organizer.
 */
export const SEND_CONTACT_EMAIL_JOB = "send_contact_email";

/** The job that sends an invitation to promote an event (services/promoters.ts, invitePromoter). */
export const SEND_PROMOTER_INVITATION_JOB = "send_promoter_invitation";
