import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import {
  checkContactMessage,
  contactReferenceFrom,
  contactReferenceIn,
  type ContactField,
  type ContactFieldProblem,
  type ContactFormValues,
  type ContactMessage,
  type ContactTopic,
} from "#domain/contact-message";
import type { Language } from "#domain/language";
import { hitAndCount } from "#server/auth/throttle";
import type { Database } from "#server/db/client";
import { contactEntries, contactThreads, eventCoOrganizers, events, profiles, users } from "#server/db/schema";
import { AppError } from "#server/errors";
import { enqueueJob } from "./enqueue-job";
import { publicEventPageCondition } from "./event-visibility";
import { SEND_CONTACT_EMAIL_JOB } from "./email-jobs";
import { checkFormToken, spendFormToken, type ContactFormName } from "./contact-form-token";

/**
 * Counted on every message that passed the form's checks, on /contact and the organizer forms alike:
 * per address a few an hour (nobody floods the staff or an organizer in someone else's name), per
 * client more, since many people share a network.
 */
export const CONTACT_LIMITS = {
  perAddress: { limit: 5, windowSeconds: 3600 },
  perClient: { limit: 20, windowSeconds: 3600 },
} as const;

/** What a contact form posts: the fields, the signed token, and the honeypot people never see. */
export interface ContactSubmission {
  values: ContactFormValues;
  token: unknown;
  /** The hidden field: filled only by scripts that fill every field. */
  honeypot: string;
}

export interface ContactRequest {
  ip: string;
  now: Date;
  /** The page's language: the sender's copy (and later answers) are written in it. */
  language: Language;
  userId: string | null;
  /** Where /contact's messages go (CONTACT_EMAIL). */
  contactEmail: string;
}

export type ContactOutcome =
  /** Stored and e-mailed; or, for a trapped post, nothing done but the same answer (`reference` is made up). */
  | { outcome: "sent"; reference: string }
  | { outcome: "invalid"; problems: Partial<Record<ContactField, ContactFieldProblem>> }
  /** The page was open too long: send again (the page has a new token). */
  | { outcome: "expired" }
  | { outcome: "too_many"; retryAfterSeconds: number };

/** The e-mails of a thread, rendered by server/mail/contact-email.ts. */
export type ContactEmailTemplate = "staff_notice" | "sender_copy" | "staff_answer" | "organizer_relay";

export interface ContactEmailPayload {
  template: ContactEmailTemplate;
  to: string;
  language: Language;
  replyTo?: string;
  reference: string;
  threadId: number;
  senderName: string;
  senderEmail: string;
  topic: ContactTopic | null;
  relatedReference: string | null;
  eventId: number | null;
  eventTitle: string | null;
  /** The message the e-mail is about (the sender's, or the staff answer). */
  body: string;
  /** A later message of an existing thread (the staff notice says so). */
  isReply?: boolean;
}

/**
 * /contact: checks the post (spam trap first, then the fields, then the limits), stores the thread with
 * its first message, and queues two e-mails in the same transaction: the staff's notice (Reply-To: the
 * sender) and the sender's copy with the reference. A reference of the sender's own earlier thread in
 * the reference field adds the message to that thread instead, and opens it again.
 */
export async function sendContactMessage(
  db: Database,
  submission: ContactSubmission,
  request: ContactRequest,
): Promise<ContactOutcome> {
  const checked = await checkSubmission(db, submission, "site", request, { needsTopic: true });
  if (checked.outcome !== "accepted") return checked;
  const { message } = checked;
  return db.transaction(async (tx) => {
    const earlier = await earlierThreadOf(tx, message);
    const thread = earlier ?? (await insertThread(tx, message, { kind: "site", eventId: null }, request));
    await tx
      .insert(contactEntries)
      .values({ threadId: thread.id, author: "sender", body: message.message, createdAt: request.now });
    if (earlier) {
      await tx
        .update(contactThreads)
        .set({ status: "open", updatedAt: request.now })
        .where(eq(contactThreads.id, earlier.id));
    }
    const common = payloadOf(message, thread, null);
    await enqueueJob(tx, SEND_CONTACT_EMAIL_JOB, {
      ...common,
      template: "staff_notice",
      to: request.contactEmail,
      language: "en",
      replyTo: message.email,
      ...(earlier ? { isReply: true } : {}),
    } satisfies ContactEmailPayload);
    await enqueueJob(tx, SEND_CONTACT_EMAIL_JOB, {
      ...common,
      template: "sender_copy",
      to: message.email,
      language: thread.language,
      replyTo: request.contactEmail,
    } satisfies ContactEmailPayload);
    return { outcome: "sent" as const, reference: thread.reference };
  });
}

/** An event whose organizer may be written to: its title, or null (none, a draft, or hidden by staff). */
export async function contactableEvent(db: Database, eventId: number): Promise<{ id: number; title: string } | null> {
  if (!Number.isSafeInteger(eventId) || eventId < 1 || eventId > 2_147_483_647) return null;
  const [event] = await db
    .select({ id: events.id, title: events.title })
    .from(events)
    .where(and(eq(events.id, eventId), publicEventPageCondition()));
  return event ?? null;
}

/**
 * /events/{id}/contact: the same checks as /contact, then the message is stored (kind "organizer", so
 * abuse can be reviewed) and relayed to the organizer and co-organizers with Reply-To set to the sender;
 * their addresses are never shown to the sender (whose copy names the event only). No such event, a
 * draft or a hidden one: AppError "not_found", and nothing is counted.
 */
export async function sendOrganizerMessage(
  db: Database,
  eventId: number,
  submission: ContactSubmission,
  request: ContactRequest,
): Promise<ContactOutcome> {
  const event = await contactableEvent(db, eventId);
  if (!event) throw new AppError("not_found", "No such event.");
  const checked = await checkSubmission(db, submission, `event:${event.id}`, request, { needsTopic: false });
  if (checked.outcome !== "accepted") return checked;
  const { message } = checked;
  return db.transaction(async (tx) => {
    const thread = await insertThread(tx, message, { kind: "organizer", eventId: event.id }, request);
    await tx
      .insert(contactEntries)
      .values({ threadId: thread.id, author: "sender", body: message.message, createdAt: request.now });
    const common = payloadOf(message, thread, event);
    for (const organizer of await organizersOf(tx, event.id)) {
      await enqueueJob(tx, SEND_CONTACT_EMAIL_JOB, {
        ...common,
        template: "organizer_relay",
        to: organizer.email,
        language: organizer.language,
        replyTo: message.email,
      } satisfies ContactEmailPayload);
    }
    await enqueueJob(tx, SEND_CONTACT_EMAIL_JOB, {
      ...common,
      template: "sender_copy",
      to: message.email,
      language: thread.language,
    } satisfies ContactEmailPayload);
    return { outcome: "sent" as const, reference: thread.reference };
  });
}

type Checked =
  | Exclude<ContactOutcome, { outcome: "sent" }>
  | { outcome: "sent"; reference: string }
  | { outcome: "accepted"; message: ContactMessage };

/**
 * The spam trap (honeypot, then the signed token: missing, forged, of another form or posted within
 * two seconds of the page), the fields, the limits, and last the token's single use. A trapped post
 * gets the answer of a sent one, with a made-up reference, and nothing is stored, counted or sent.
 */
async function checkSubmission(
  db: Database,
  submission: ContactSubmission,
  form: ContactFormName,
  request: ContactRequest,
  options: { needsTopic: boolean },
): Promise<Checked> {
  const trapped = { outcome: "sent" as const, reference: newReference() };
  if (submission.honeypot.trim() !== "") return trapped;
  const token = await checkFormToken(db, submission.token, form, request.now);
  if (token.outcome === "trap") return trapped;
  const checked = checkContactMessage(submission.values, options);
  if (!checked.ok) return { outcome: "invalid", problems: checked.problems };
  if (token.outcome === "expired") return { outcome: "expired" };
  const { perAddress, perClient } = CONTACT_LIMITS;
  const { hits } = await hitAndCount(
    db,
    [
      { key: `contact:ip:${request.ip}`, ...perClient },
      { key: `contact:address:${checked.message.email}`, ...perAddress },
    ],
    [],
    request.now,
  );
  const refused = hits.filter((result) => !result.isAllowed);
  if (refused.length > 0) {
    return { outcome: "too_many", retryAfterSeconds: Math.max(...refused.map((result) => result.retryAfterSeconds)) };
  }
  if (!(await spendFormToken(db, token))) return trapped;
  return { outcome: "accepted", message: checked.message };
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

interface StoredThread {
  id: number;
  reference: string;
  language: Language;
}

function newReference(): string {
  return contactReferenceFrom(randomBytes(8));
}

async function insertThread(
  tx: Transaction,
  message: ContactMessage,
  where: { kind: "site" | "organizer"; eventId: number | null },
  request: ContactRequest,
): Promise<StoredThread> {
  const [thread] = await tx
    .insert(contactThreads)
    .values({
      reference: newReference(),
      kind: where.kind,
      topic: message.topic,
      eventId: where.eventId,
      relatedReference: message.reference,
      name: message.name,
      email: message.email,
      userId: request.userId,
      language: request.language,
      createdAt: request.now,
      updatedAt: request.now,
    })
    .returning({ id: contactThreads.id, reference: contactThreads.reference, language: contactThreads.language });
  return thread!;
}

/** The sender's own earlier /contact thread named in the reference field (same address), if any. */
async function earlierThreadOf(tx: Transaction, message: ContactMessage): Promise<StoredThread | null> {
  const reference = message.reference ? contactReferenceIn(message.reference) : null;
  if (!reference) return null;
  const [thread] = await tx
    .select({ id: contactThreads.id, reference: contactThreads.reference, language: contactThreads.language })
    .from(contactThreads)
    .where(
      and(
        eq(contactThreads.reference, reference),
        eq(contactThreads.kind, "site"),
        sql`lower(${contactThreads.email}) = ${message.email}`,
      ),
    )
    .for("update");
  return thread ?? null;
}

/** The organizer and co-organizers of an event, each with the language they read. */
async function organizersOf(tx: Transaction, eventId: number): Promise<{ email: string; language: Language }[]> {
  const owner = tx
    .select({ email: users.email, language: profiles.preferredLanguage })
    .from(events)
    .innerJoin(users, eq(users.id, events.organizerId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(events.id, eventId));
  const helpers = tx
    .select({ email: users.email, language: profiles.preferredLanguage })
    .from(eventCoOrganizers)
    .innerJoin(users, eq(users.id, eventCoOrganizers.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(eventCoOrganizers.eventId, eventId));
  const rows = [...(await owner), ...(await helpers)];
  const seen = new Set<string>();
  return rows.flatMap((row) => {
    if (seen.has(row.email)) return [];
    seen.add(row.email);
    return [{ email: row.email, language: (row.language ?? "en") as Language }];
  });
}

function payloadOf(
  message: ContactMessage,
  thread: StoredThread,
  event: { id: number; title: string } | null,
): Omit<ContactEmailPayload, "template" | "to" | "language" | "replyTo"> {
  return {
    reference: thread.reference,
    threadId: thread.id,
    senderName: message.name,
    senderEmail: message.email,
    topic: message.topic,
    relatedReference: message.reference,
    eventId: event?.id ?? null,
    eventTitle: event?.title ?? null,
    body: message.message,
  };
}
