import { randomUUID } from "node:crypto";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import type { Database } from "#server/db/client";
import { contactEntries, contactThreads, jobs } from "#server/db/schema";
import type { Config } from "#server/env";
import type { Viewer } from "#server/http/app-env";
import { createSandboxProvider } from "#server/payments/sandbox-provider";
import type { ContactEmailPayload } from "#server/services/contact";
import { issueFormToken, MIN_FILL_MS, type ContactFormName } from "#server/services/contact-form-token";
import { SEND_CONTACT_EMAIL_JOB } from "#server/services/email-jobs";

/** A page context as the server builds it, from `clientAddress` (each test's own, for the limits). */
export function pageContext(
  db: Database,
  config: Config,
  options: { clientAddress: string; viewer?: Viewer | null },
): AppLoadContext {
  return {
    db,
    config,
    cspNonce: "",
    requestId: randomUUID(),
    viewer: options.viewer ?? null,
    clientAddress: options.clientAddress,
    payments: createSandboxProvider(),
  } as AppLoadContext;
}

/** A token of the form as a page served a little while ago (past the spam trap's minimum). */
export function servedToken(db: Database, form: ContactFormName): Promise<string> {
  return issueFormToken(db, form, new Date(Date.now() - MIN_FILL_MS - 3_000));
}

/** A form post to `path` with `fields`, as a browser sends it. */
export function formPost(origin: string, path: string, fields: Record<string, string>): Request {
  return new Request(`${origin}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
}

/** What a loader or action answered: React Router's data() object, or a thrown Response / data(). */
export async function settle(
  promise: unknown,
): Promise<{ status: number; data: Record<string, unknown> | null; headers: Headers }> {
  const result = await Promise.resolve(promise).catch((thrown: unknown) => thrown);
  if (result instanceof Response) return { status: result.status, data: null, headers: result.headers };
  const init = (result as { init?: ResponseInit | null }).init ?? {};
  return {
    status: init.status ?? 200,
    data: (result as { data: unknown }).data as Record<string, unknown> | null,
    headers: new Headers(init.headers),
  };
}

/** Every stored thread with its entries, oldest first. */
export async function storedThreads(db: Database) {
  const threads = await db.select().from(contactThreads).orderBy(asc(contactThreads.id));
  const entries = await db.select().from(contactEntries).orderBy(asc(contactEntries.id));
  return threads.map((thread) => ({ ...thread, entries: entries.filter((entry) => entry.threadId === thread.id) }));
}

/** The contact e-mails queued and not yet sent, oldest first. */
export async function queuedContactEmails(db: Database): Promise<ContactEmailPayload[]> {
  const rows = await db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.kind, SEND_CONTACT_EMAIL_JOB), isNull(jobs.doneAt)))
    .orderBy(asc(jobs.id));
  return rows.map((row) => row.payload as unknown as ContactEmailPayload);
}

/** Forgets every thread and queued contact e-mail, so each test counts from nothing. */
export async function clearContact(db: Database): Promise<void> {
  await db.delete(contactThreads);
  await db.delete(jobs).where(eq(jobs.kind, SEND_CONTACT_EMAIL_JOB));
  await db.execute(sql`delete from rate_limit_hits where key like 'contact:%'`);
}
