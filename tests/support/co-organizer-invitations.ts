import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { jobs } from "#server/db/schema";
import { SEND_CO_ORGANIZER_INVITATION_JOB } from "#server/services/email-jobs";
import { acceptInvitation } from "#server/services/co-organizer-invitations";

/** The invitation links e-mailed (queued) to `email`, oldest first: what the invited person clicks. */
export async function invitationLinksTo(db: Database, email: string): Promise<string[]> {
  const rows = await db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(eq(jobs.kind, SEND_CO_ORGANIZER_INVITATION_JOB), sql`${jobs.payload}->>'to' = ${email.toLowerCase()}`))
    .orderBy(asc(jobs.id));
  return rows.map((row) => String(row.payload.link));
}

/** The token at the end of an invitation link (`…/invitations/<token>`). */
export function invitationToken(link: string): string {
  return link.slice(link.lastIndexOf("/") + 1);
}

/**
 * The person accepts the last invitation e-mailed to them for the event, as they would on its page:
 * what tests do to make someone a co-organizer the way the site does.
 */
export async function acceptLastInvitation(
  db: Database,
  person: { userId: string; email: string },
  now = new Date(),
): Promise<{ eventId: number }> {
  const links = await invitationLinksTo(db, person.email);
  if (links.length === 0) throw new Error(`No invitation was sent to ${person.email}.`);
  return acceptInvitation(db, { userId: person.userId }, invitationToken(links.at(-1)!), now);
}
