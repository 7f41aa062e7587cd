import { and, desc, eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { jobs } from "#server/db/schema";
import { SEND_WAITLIST_CONFIRMATION_JOB } from "#server/services/email-jobs";

/** The token of the last waitlist confirmation link e-mailed (queued) to `email`: what its owner clicks. */
export async function waitlistConfirmationToken(db: Database, email: string): Promise<string> {
  const [job] = await db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.kind, SEND_WAITLIST_CONFIRMATION_JOB), sql`${jobs.payload}->>'to' = ${email}`))
    .orderBy(desc(jobs.id))
    .limit(1);
  if (!job) throw new Error(`No waitlist confirmation was sent to ${email}.`);
  return new URL(String(job.payload.link)).searchParams.get("confirm")!;
}
