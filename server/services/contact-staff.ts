import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import {
  CONTACT_STATUSES,
  isContactTopic,
  MAX_CONTACT_MESSAGE_LENGTH,
  type ContactStatus,
  type ContactTopic,
} from "#domain/contact-message";
import type { Language } from "#domain/language";
import { isWellFormedText } from "#domain/text";
import type { Database } from "#server/db/client";
import { contactEntries, contactThreads, events, profiles } from "#server/db/schema";
import { AppError } from "#server/errors";
import type { Actor } from "./actor";
import { enqueueJob } from "./enqueue-job";
import { SEND_CONTACT_EMAIL_JOB } from "./email-jobs";
import type { ContactEmailPayload } from "./contact";
import { requireStaff } from "./staff";
import { recordStaffAction } from "./staff-actions";

/* The staff's side of contact threads (/admin/messages and /api/v1/staff/messages): list, read, answer, close. */

export const CONTACT_THREADS_PAGE_SIZE = 25;
const MAX_SEARCH_LENGTH = 200;

export interface ContactThreadFilter {
  status?: ContactStatus;
  topic?: ContactTopic;
  /** Words in the reference, name, address or any message of the thread. */
  search?: string;
  page?: number;
}

export interface ContactThreadSummary {
  id: number;
  reference: string;
  kind: "site" | "organizer";
  topic: ContactTopic | null;
  name: string;
  email: string;
  status: ContactStatus;
  eventId: number | null;
  eventTitle: string | null;
  messages: number;
  createdAt: Date;
  updatedAt: Date;
}

/** Filters from a query string (the console's or the API's); unknown values are dropped, never an error. */
export function contactFilterOf(params: URLSearchParams): ContactThreadFilter {
  const status = params.get("status");
  const topic = params.get("topic");
  // Text no database can search (NUL, a lone surrogate) is no search at all.
  const query = params.get("q")?.trim().slice(0, MAX_SEARCH_LENGTH);
  const search = query && isWellFormedText(query) ? query : undefined;
  const page = Number(params.get("page") ?? "1");
  return {
    ...((CONTACT_STATUSES as readonly string[]).includes(status ?? "") ? { status: status as ContactStatus } : {}),
    ...(isContactTopic(topic) ? { topic } : {}),
    ...(search ? { search } : {}),
    page: Number.isSafeInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** Threads, the latest activity first, a page at a time. */
export async function listContactThreads(
  db: Database,
  actor: Actor,
  filter: ContactThreadFilter,
): Promise<{ threads: ContactThreadSummary[]; total: number; hasMore: boolean }> {
  await requireStaff(db, actor);
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(contactThreads.status, filter.status));
  if (filter.topic) conditions.push(eq(contactThreads.topic, filter.topic));
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    conditions.push(
      or(
        ilike(contactThreads.reference, pattern),
        ilike(contactThreads.name, pattern),
        ilike(contactThreads.email, pattern),
        sql`exists (select 1 from ${contactEntries} where ${contactEntries.threadId} = ${contactThreads.id} and ${contactEntries.body} ilike ${pattern})`,
      )!,
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const page = filter.page ?? 1;
  const rows = await db
    .select({
      id: contactThreads.id,
      reference: contactThreads.reference,
      kind: contactThreads.kind,
      topic: contactThreads.topic,
      name: contactThreads.name,
      email: contactThreads.email,
      status: contactThreads.status,
      eventId: contactThreads.eventId,
      eventTitle: events.title,
      messages: sql<number>`(select count(*)::int from ${contactEntries} where ${contactEntries.threadId} = ${contactThreads.id})`,
      createdAt: contactThreads.createdAt,
      updatedAt: contactThreads.updatedAt,
    })
    .from(contactThreads)
    .leftJoin(events, eq(events.id, contactThreads.eventId))
    .where(where)
    .orderBy(desc(contactThreads.updatedAt), desc(contactThreads.id))
    .limit(CONTACT_THREADS_PAGE_SIZE + 1)
    .offset((page - 1) * CONTACT_THREADS_PAGE_SIZE);
  const [total] = await db.select({ value: count() }).from(contactThreads).where(where);
  return {
    threads: rows.slice(0, CONTACT_THREADS_PAGE_SIZE).map((row) => ({ ...row, messages: Number(row.messages) })),
    total: total?.value ?? 0,
    hasMore: rows.length > CONTACT_THREADS_PAGE_SIZE,
  };
}

export interface ContactThreadDetail extends Omit<ContactThreadSummary, "messages"> {
  relatedReference: string | null;
  language: Language;
  entries: { id: number; author: "sender" | "staff"; staffName: string | null; body: string; createdAt: Date }[];
}

/** One thread with its messages in order; AppError "not_found" when there is none. */
export async function getContactThread(db: Database, actor: Actor, id: number): Promise<ContactThreadDetail> {
  await requireStaff(db, actor);
  const [thread] = await db
    .select({
      id: contactThreads.id,
      reference: contactThreads.reference,
      kind: contactThreads.kind,
      topic: contactThreads.topic,
      name: contactThreads.name,
      email: contactThreads.email,
      status: contactThreads.status,
      eventId: contactThreads.eventId,
      eventTitle: events.title,
      relatedReference: contactThreads.relatedReference,
      language: contactThreads.language,
      createdAt: contactThreads.createdAt,
      updatedAt: contactThreads.updatedAt,
    })
    .from(contactThreads)
    .leftJoin(events, eq(events.id, contactThreads.eventId))
    .where(eq(contactThreads.id, id));
  if (!thread) throw new AppError("not_found", "No such message.");
  const entries = await db
    .select({
      id: contactEntries.id,
      author: contactEntries.author,
      staffName: profiles.name,
      body: contactEntries.body,
      createdAt: contactEntries.createdAt,
    })
    .from(contactEntries)
    .leftJoin(profiles, eq(profiles.userId, contactEntries.staffId))
    .where(eq(contactEntries.threadId, id))
    .orderBy(asc(contactEntries.createdAt), asc(contactEntries.id));
  return { ...thread, entries };
}

export type AnswerProblem = "answer_required" | "answer_too_long" | "answer_invalid";

/** The answer's text, or its problem (the console shows it under the field; the API in `fields.body`). */
export function checkAnswer(body: unknown): { ok: true; body: string } | { ok: false; problem: AnswerProblem } {
  const text = typeof body === "string" ? body.replace(/\r\n?/g, "\n").trim() : "";
  if (!text) return { ok: false, problem: "answer_required" };
  if (text.length > MAX_CONTACT_MESSAGE_LENGTH) return { ok: false, problem: "answer_too_long" };
  if (!isWellFormedText(text)) return { ok: false, problem: "answer_invalid" };
  return { ok: true, body: text };
}

/**
 * A staff answer: kept in the thread, e-mailed to the sender in their language with the thread's
 * reference in the subject (Reply-To: the contact address, so a reply comes back to the desk), the
 * thread marked answered, and the action written to the audit log, all in one transaction.
 */
export async function answerContactThread(
  db: Database,
  actor: Actor,
  id: number,
  input: { body: unknown; contactEmail: string },
  now: Date,
): Promise<{ entryId: number }> {
  await requireStaff(db, actor);
  const answer = checkAnswer(input.body);
  if (!answer.ok)
    throw new AppError("invalid", "Write an answer of at most 5,000 characters.", { body: answer.problem });
  return db.transaction(async (tx) => {
    const [thread] = await tx.select().from(contactThreads).where(eq(contactThreads.id, id)).for("update");
    if (!thread) throw new AppError("not_found", "No such message.");
    const [entry] = await tx
      .insert(contactEntries)
      .values({ threadId: id, author: "staff", staffId: actor.userId, body: answer.body, createdAt: now })
      .returning({ id: contactEntries.id });
    await tx.update(contactThreads).set({ status: "answered", updatedAt: now }).where(eq(contactThreads.id, id));
    await recordStaffAction(
      tx,
      {
        actorId: actor.userId,
        action: "contact.answer",
        subjectType: "contact_thread",
        subjectId: id,
        before: { status: thread.status },
        after: { status: "answered", entryId: entry!.id },
      },
      now,
    );
    await enqueueJob(tx, SEND_CONTACT_EMAIL_JOB, {
      template: "staff_answer",
      to: thread.email,
      language: thread.language,
      replyTo: input.contactEmail,
      reference: thread.reference,
      threadId: thread.id,
      senderName: thread.name,
      senderEmail: thread.email,
      topic: thread.topic,
      relatedReference: thread.relatedReference,
      eventId: thread.eventId,
      eventTitle: null,
      body: answer.body,
    } satisfies ContactEmailPayload);
    return { entryId: entry!.id };
  });
}

/** Closes a thread, or opens it again (answered when it has a staff answer), written to the audit log. */
export async function setContactThreadOpen(
  db: Database,
  actor: Actor,
  id: number,
  isOpen: boolean,
  now: Date,
): Promise<ContactStatus> {
  await requireStaff(db, actor);
  return db.transaction(async (tx) => {
    const [thread] = await tx
      .select({ status: contactThreads.status })
      .from(contactThreads)
      .where(eq(contactThreads.id, id))
      .for("update");
    if (!thread) throw new AppError("not_found", "No such message.");
    const [answered] = await tx
      .select({ value: count() })
      .from(contactEntries)
      .where(and(eq(contactEntries.threadId, id), eq(contactEntries.author, "staff")));
    const status: ContactStatus = !isOpen ? "closed" : (answered?.value ?? 0) > 0 ? "answered" : "open";
    if (status === thread.status) return status;
    await tx.update(contactThreads).set({ status, updatedAt: now }).where(eq(contactThreads.id, id));
    await recordStaffAction(
      tx,
      {
        actorId: actor.userId,
        action: isOpen ? "contact.reopen" : "contact.close",
        subjectType: "contact_thread",
        subjectId: id,
        before: { status: thread.status },
        after: { status },
      },
      now,
    );
    return status;
  });
}
