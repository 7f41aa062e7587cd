import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { runRecoveryLinkJob, SEND_RECOVERY_LINK_JOB } from "#server/auth/email-links";
import type { Database } from "#server/db/client";
import { jobs } from "#server/db/schema";
import { SEND_EMAIL_JOB, type EmailKind } from "#server/services/outbox";

/**
 * Password recovery looks the address up in a job (requestPasswordRecovery): tests without a jobs
 * worker run those here, as the worker would, before they read what was queued.
 */
export async function runRecoveryLookups(db: Database): Promise<void> {
  const pending = await db
    .update(jobs)
    .set({ doneAt: new Date() })
    .where(and(eq(jobs.kind, SEND_RECOVERY_LINK_JOB), isNull(jobs.doneAt), isNull(jobs.failedAt)))
    .returning({ payload: jobs.payload });
  for (const { payload } of pending) await runRecoveryLinkJob(db, payload, new Date());
}

/** The link of the newest queued account e-mail of `kind` to `address`; fails when there is none. */
export async function latestEmailLink(db: Database, address: string, kind: EmailKind): Promise<string> {
  await runRecoveryLookups(db);
  const [job] = await db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, SEND_EMAIL_JOB),
        sql`lower(${jobs.payload}->>'to') = ${address.toLowerCase()}`,
        sql`${jobs.payload}->>'kind' = ${kind}`,
      ),
    )
    .orderBy(desc(jobs.id))
    .limit(1);
  if (!job || typeof job.payload.link !== "string") throw new Error(`No ${kind} e-mail to ${address} was queued.`);
  return job.payload.link;
}

/** How many account e-mails were queued to `address` (of `kind`, when given). */
export async function countEmails(db: Database, address: string, kind?: EmailKind): Promise<number> {
  await runRecoveryLookups(db);
  const rows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, SEND_EMAIL_JOB),
        sql`lower(${jobs.payload}->>'to') = ${address.toLowerCase()}`,
        kind ? sql`${jobs.payload}->>'kind' = ${kind}` : undefined,
      ),
    );
  return rows.length;
}
