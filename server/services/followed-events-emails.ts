import { and, eq, gt, gte, inArray, lte, sql } from "drizzle-orm";
import { z } from "zod";
import type { EventSummary } from "#domain/event-summary";
import type { Language } from "#domain/language";
import { followedEventsWindow } from "#domain/saves-follows";
import { selectRows, type Database } from "#server/db/client";
import { events, notifications, organizerFollows } from "#server/db/schema";
import { emailRecipients } from "./email-preferences";
import { enqueueJobs } from "./enqueue-job";
import { loadEventSummaries } from "./event-summaries";
import { publicEventCondition } from "./event-visibility";

/** The daily job (scheduled-tasks.ts) that queues one e-mail per follower with new events that day. */
export const FOLLOWED_EVENTS_EMAILS_JOB = "followed_events_emails";
/** The job that e-mails one follower the new events of the organizers they follow. */
export const SEND_FOLLOWED_EVENTS_EMAIL_JOB = "send_followed_events_email";

const batchJobSchema = z.object({ runAt: z.iso.datetime() });
const sendJobSchema = z.object({ runAt: z.iso.datetime(), userId: z.uuid() });

/** The people told in the bell of a new event in the window (notifications.ts: followed_event rows). */
function announcedIn(window: { after: Date; upTo: Date }) {
  return and(
    eq(notifications.kind, "followed_event"),
    gt(notifications.createdAt, window.after),
    lte(notifications.createdAt, window.upTo),
  );
}

/**
 * The FOLLOWED_EVENTS_EMAILS_JOB of the run scheduled at `runAt`: the followers told of a new event in
 * the day before it (followedEventsWindow) who keep `email_followed_organizers` on get one e-mail job
 * each: the batching (one e-mail a day at most, listing every new event since the last). A retry of
 * the same run queues nothing new.
 */
export async function queueFollowedEventsEmails(db: Database, payload: unknown): Promise<number> {
  const { runAt } = batchJobSchema.parse(payload);
  const window = followedEventsWindow(new Date(runAt));
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`followed_events:${runAt}`}))`);
    const already = await selectRows(
      tx,
      sql`select 1 from jobs where kind = ${SEND_FOLLOWED_EVENTS_EMAIL_JOB} and payload->>'runAt' = ${runAt} limit 1`,
    );
    if (already.length > 0) return 0;
    const told = await tx
      .selectDistinct({ userId: notifications.userId })
      .from(notifications)
      .where(announcedIn(window));
    const recipients = await emailRecipients(
      tx,
      told.map((row) => row.userId),
      "followedOrganizers",
    );
    await enqueueJobs(
      tx,
      SEND_FOLLOWED_EVENTS_EMAIL_JOB,
      recipients.map((recipient) => ({ runAt, userId: recipient.userId })),
    );
    return recipients.length;
  });
}

export interface FollowedEventsEmail {
  to: string;
  language: Language;
  name: string;
  userId: string;
  /** The new events still public and to come, soonest first, of organizers still followed. */
  events: EventSummary[];
}

/**
 * A SEND_FOLLOWED_EVENTS_EMAIL_JOB's e-mail as of `now`, or null when there is nothing to send: the
 * person turned these e-mails off or unfollowed since, or every event was cancelled, hidden or is over.
 */
export async function loadFollowedEventsEmail(
  db: Database,
  payload: unknown,
  now: Date,
): Promise<FollowedEventsEmail | null> {
  const job = sendJobSchema.parse(payload);
  const [recipient] = await emailRecipients(db, [job.userId], "followedOrganizers");
  if (!recipient) return null;
  const announced = await db
    .select({ data: notifications.data })
    .from(notifications)
    .where(and(eq(notifications.userId, job.userId), announcedIn(followedEventsWindow(new Date(job.runAt)))));
  const eventIds = announced
    .map((row) => (row.data as { eventId?: unknown }).eventId)
    .filter((id): id is number => typeof id === "number" && Number.isInteger(id));
  if (eventIds.length === 0) return null;
  const rows = await db
    .select({ id: events.id })
    .from(events)
    .innerJoin(
      organizerFollows,
      and(eq(organizerFollows.organizerId, events.organizerId), eq(organizerFollows.followerId, job.userId)),
    )
    .where(and(inArray(events.id, [...new Set(eventIds)]), publicEventCondition(), gte(events.endsAt, now)))
    .orderBy(events.startsAt, events.id);
  if (rows.length === 0) return null;
  const summaries = await loadEventSummaries(
    db,
    rows.map((row) => row.id),
    now,
  );
  return {
    to: recipient.email,
    language: recipient.language,
    name: recipient.name,
    userId: job.userId,
    events: summaries,
  };
}
