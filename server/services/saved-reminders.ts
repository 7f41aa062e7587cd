import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { z } from "zod";
import type { EventSummary } from "#domain/event-summary";
import type { Language } from "#domain/language";
import { REMINDER_LOOKAHEAD_HOURS, savedReminderDue } from "#domain/saves-follows";
import type { Database } from "#server/db/client";
import { eventSaves, events } from "#server/db/schema";
import { emailRecipients } from "./email-preferences";
import { enqueueJobs } from "./enqueue-job";
import { loadEventSummaries } from "./event-summaries";
import { publicEventCondition } from "./event-visibility";

/** The hourly job (scheduled-tasks.ts) that finds the saved events whose reminder is due. */
export const SAVED_REMINDERS_JOB = "saved_event_reminders";
/** The job that e-mails one person the reminder of one saved event. */
export const SEND_SAVED_REMINDER_EMAIL_JOB = "send_saved_reminder_email";

/**
 * The SAVED_REMINDERS_JOB: every save whose reminder is due at `now` (the day before the event, in its
 * time zone: domain/saves-follows.ts) and not yet sent is marked reminded, and an e-mail queued for the
 * people who keep `email_saved_reminders` on, in one transaction: a reminder is queued once, whoever
 * runs the job and however often. A person who turned reminders off is marked too, so turning them on
 * later does not bring back yesterday's reminders. Cancelled and hidden events are not public and never
 * reminded of. Answers how many e-mails were queued.
 */
export async function queueSavedReminders(db: Database, now: Date): Promise<number> {
  const candidates = await db
    .select({
      userId: eventSaves.userId,
      eventId: eventSaves.eventId,
      startsAt: events.startsAt,
      timeZone: events.timeZone,
    })
    .from(eventSaves)
    .innerJoin(events, eq(events.id, eventSaves.eventId))
    .where(
      and(
        isNull(eventSaves.remindedAt),
        publicEventCondition(),
        gt(events.startsAt, now),
        lt(events.startsAt, new Date(now.getTime() + REMINDER_LOOKAHEAD_HOURS * 60 * 60_000)),
      ),
    );
  const due = candidates.filter((save) => savedReminderDue(save, now));
  if (due.length === 0) return 0;
  return db.transaction(async (tx) => {
    const marked = await tx
      .update(eventSaves)
      .set({ remindedAt: now })
      .where(
        and(
          isNull(eventSaves.remindedAt),
          sql`(${eventSaves.userId}, ${eventSaves.eventId}) in (${sql.join(
            due.map((save) => sql`(${save.userId}::uuid, ${save.eventId}::int)`),
            sql`, `,
          )})`,
        ),
      )
      .returning({ userId: eventSaves.userId, eventId: eventSaves.eventId });
    const wanting = new Set(
      (
        await emailRecipients(
          tx,
          marked.map((save) => save.userId),
          "savedReminders",
        )
      ).map((recipient) => recipient.userId),
    );
    const payloads = marked
      .filter((save) => wanting.has(save.userId))
      .map((save) => ({ userId: save.userId, eventId: save.eventId }));
    await enqueueJobs(tx, SEND_SAVED_REMINDER_EMAIL_JOB, payloads);
    return payloads.length;
  });
}

const sendJobSchema = z.object({ userId: z.uuid(), eventId: z.number().int().positive() });

export interface SavedReminder {
  to: string;
  language: Language;
  name: string;
  event: EventSummary;
}

/**
 * A SEND_SAVED_REMINDER_EMAIL_JOB's reminder as of `now`, or null when there is nothing to send any
 * more: the event was cancelled, hidden or has started, the person unsaved it or turned reminders off.
 */
export async function loadSavedReminder(db: Database, payload: unknown, now: Date): Promise<SavedReminder | null> {
  const job = sendJobSchema.parse(payload);
  const [save] = await db
    .select({ eventId: eventSaves.eventId })
    .from(eventSaves)
    .innerJoin(events, eq(events.id, eventSaves.eventId))
    .where(
      and(
        eq(eventSaves.userId, job.userId),
        eq(eventSaves.eventId, job.eventId),
        publicEventCondition(),
        gt(events.startsAt, now),
      ),
    );
  if (!save) return null;
  const [recipient] = await emailRecipients(db, [job.userId], "savedReminders");
  const [event] = await loadEventSummaries(db, [job.eventId], now);
  if (!recipient || !event) return null;
  return { to: recipient.email, language: recipient.language, name: recipient.name, event };
}
