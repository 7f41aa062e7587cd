import { and, isNotNull, lt, or } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { SESSION_INACTIVITY_MS } from "#server/auth/sessions";
import { NOTIFICATION_RETENTION_DAYS } from "#domain/notification";
import {
  authSessions,
  flowStates,
  idempotencyKeys,
  jobs,
  notifications,
  oneTimeTokens,
  rateLimitHits,
  ticketLookupLinks,
} from "#server/db/schema";

const DAY_MS = 24 * 60 * 60_000;
/** Throttle windows are an hour at most; a day keeps them readable when looking into an incident. */
const RATE_LIMIT_WINDOWS_KEPT_MS = DAY_MS;
/** Finished jobs show what was sent lately; failed ones stay until someone has looked at them. */
const DONE_JOBS_KEPT_MS = 7 * DAY_MS;

export interface DeletedRows {
  rateLimitWindows: number;
  flowStates: number;
  oneTimeTokens: number;
  doneJobs: number;
  /** Answers kept for Idempotency-Key retries past their 24 hours (server/http/idempotency.ts). */
  idempotencyKeys: number;
  /** Find My Ticket links and the passes they became, past their time (services/ticket-lookup.ts). */
  ticketLookupLinks: number;
  /** Sessions past their 30 days or idle past the inactivity limit: nobody can refresh them any more. */
  endedSessions: number;
  /** The bell's notifications past NOTIFICATION_RETENTION_DAYS. */
  oldNotifications: number;
}

/**
 * Housekeeping: removes rows nothing will read again, so the tables that every sign-in touches stay
 * small. Idempotent, so every instance may run it on its own schedule.
 */
export async function deleteExpiredRows(db: Database, now: Date): Promise<DeletedRows> {
  const rateLimitWindows = await db
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.windowStart, new Date(now.getTime() - RATE_LIMIT_WINDOWS_KEPT_MS)))
    .returning({ key: rateLimitHits.key });
  const flows = await db.delete(flowStates).where(lt(flowStates.expiresAt, now)).returning({ id: flowStates.id });
  const tokens = await db
    .delete(oneTimeTokens)
    .where(lt(oneTimeTokens.expiresAt, now))
    .returning({ id: oneTimeTokens.id });
  const doneJobs = await db
    .delete(jobs)
    .where(and(isNotNull(jobs.doneAt), lt(jobs.doneAt, new Date(now.getTime() - DONE_JOBS_KEPT_MS))))
    .returning({ id: jobs.id });
  const keys = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.expiresAt, now))
    .returning({ key: idempotencyKeys.key });
  const lookups = await db
    .delete(ticketLookupLinks)
    .where(lt(ticketLookupLinks.expiresAt, now))
    .returning({ id: ticketLookupLinks.id });
  const sessions = await db
    .delete(authSessions)
    .where(
      or(lt(authSessions.notAfter, now), lt(authSessions.refreshedAt, new Date(now.getTime() - SESSION_INACTIVITY_MS))),
    )
    .returning({ id: authSessions.id });
  const oldNotifications = await db
    .delete(notifications)
    .where(lt(notifications.createdAt, new Date(now.getTime() - NOTIFICATION_RETENTION_DAYS * DAY_MS)))
    .returning({ id: notifications.id });
  return {
    rateLimitWindows: rateLimitWindows.length,
    flowStates: flows.length,
    oneTimeTokens: tokens.length,
    doneJobs: doneJobs.length,
    idempotencyKeys: keys.length,
    ticketLookupLinks: lookups.length,
    endedSessions: sessions.length,
    oldNotifications: oldNotifications.length,
  };
}
