import { and, eq, inArray } from "drizzle-orm";
import { hideReasonSchema } from "#domain/report";
import type { Language } from "#domain/language";
import type { Database } from "#server/db/client";
import { eventCoOrganizers, events, profiles, reports, users } from "#server/db/schema";
import { AppError } from "#server/errors";
import type { Actor } from "./actor";
import { enqueueJobs } from "./enqueue-job";
import { publicContentChanged } from "./public-content";
import { requireStaff } from "./staff";
import { recordStaffAction } from "./staff-actions";

/** The job that e-mails an event's organizers that staff hid or restored it (server/mail/moderation-email.ts). */
export const SEND_MODERATION_EMAIL_JOB = "send_moderation_email";

/** What the audit log keeps of an event's visibility, before and after a hide or a restore. */
interface VisibilitySnapshot {
  hiddenAt: string | null;
  hiddenReason: string | null;
}

export interface ModerationOutcome {
  eventId: number;
  hiddenAt: Date | null;
  hiddenReason: string | null;
  /** Open reports on the event that this hide resolved as actioned. */
  reportsActioned: number;
}

/**
 * Hides an event (staff only, forbidden otherwise): from this moment it is on no public list, search,
 * feed, sitemap or API answer (event-visibility.ts), without being deleted, and every kept public answer
 * is dropped (public-content.ts). In one transaction: the event, its open reports resolved as actioned,
 * the audit log (before/after) and an e-mail to each of its organizers in their language, with the reason
 * and how to appeal. `reason` is required (invalid, fields reason: reason_required | reason_too_long);
 * an unknown event or a draft is not_found; one already hidden is conflict (already_hidden).
 */
export async function hideEvent(
  db: Database,
  actor: Actor,
  eventId: number,
  reason: unknown,
  now: Date,
): Promise<ModerationOutcome> {
  await requireStaff(db, actor);
  const parsed = hideReasonSchema.safeParse(reason);
  if (!parsed.success) {
    throw new AppError("invalid", "Say why the event is hidden: its organizers are e-mailed the reason.", {
      reason: parsed.error.issues[0]?.message ?? "reason_required",
    });
  }
  const outcome = await db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    if (event.hiddenAt) throw new AppError("conflict", "This event is already hidden.", { eventId: "already_hidden" });
    const [updated] = await tx
      .update(events)
      .set({ hiddenAt: now, hiddenReason: parsed.data })
      .where(eq(events.id, eventId))
      .returning({ hiddenAt: events.hiddenAt, hiddenReason: events.hiddenReason });
    const actioned = await tx
      .update(reports)
      .set({ status: "actioned", resolvedBy: actor.userId, resolvedAt: now })
      .where(and(eq(reports.subjectType, "event"), eq(reports.subjectId, String(eventId)), eq(reports.status, "open")))
      .returning({ id: reports.id });
    await recordStaffAction(
      tx,
      {
        actorId: actor.userId,
        action: "event.hide",
        subjectType: "event",
        subjectId: eventId,
        reason: parsed.data,
        before: snapshot(event),
        after: { ...snapshot(updated!), reportsActioned: actioned.map((row) => row.id) },
      },
      now,
    );
    await emailOrganizers(tx, event, "hidden", parsed.data, now);
    return {
      eventId,
      hiddenAt: updated!.hiddenAt,
      hiddenReason: updated!.hiddenReason,
      reportsActioned: actioned.length,
    };
  });
  publicContentChanged(db);
  return outcome;
}

/**
 * Puts a hidden event back where the public sees it (staff only), audited, with an e-mail to its
 * organizers; kept public answers are dropped at once. One that is not hidden is conflict (not_hidden).
 */
export async function restoreEvent(db: Database, actor: Actor, eventId: number, now: Date): Promise<ModerationOutcome> {
  await requireStaff(db, actor);
  const outcome = await db.transaction(async (tx) => {
    const event = await lockEvent(tx, eventId);
    if (!event.hiddenAt) throw new AppError("conflict", "This event is not hidden.", { eventId: "not_hidden" });
    await tx.update(events).set({ hiddenAt: null, hiddenReason: null }).where(eq(events.id, eventId));
    await recordStaffAction(
      tx,
      {
        actorId: actor.userId,
        action: "event.restore",
        subjectType: "event",
        subjectId: eventId,
        before: snapshot(event),
        after: { hiddenAt: null, hiddenReason: null },
      },
      now,
    );
    await emailOrganizers(tx, event, "restored", null, now);
    return { eventId, hiddenAt: null, hiddenReason: null, reportsActioned: 0 };
  });
  publicContentChanged(db);
  return outcome;
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

interface LockedEvent {
  id: number;
  title: string;
  organizerId: string;
  hiddenAt: Date | null;
  hiddenReason: string | null;
}

/** The event, locked until the transaction ends so that two staff members never both hide it. Drafts are nobody's business. */
async function lockEvent(tx: Tx, eventId: number): Promise<LockedEvent> {
  const [event] = await tx
    .select({
      id: events.id,
      title: events.title,
      organizerId: events.organizerId,
      status: events.status,
      hiddenAt: events.hiddenAt,
      hiddenReason: events.hiddenReason,
    })
    .from(events)
    .where(eq(events.id, eventId))
    .for("update");
  if (!event || event.status === "draft") throw new AppError("not_found", `No event ${eventId}.`);
  return event;
}

function snapshot(event: { hiddenAt: Date | null; hiddenReason: string | null }): VisibilitySnapshot {
  return { hiddenAt: event.hiddenAt?.toISOString() ?? null, hiddenReason: event.hiddenReason };
}

/** Queues the e-mail to the event's organizer and co-organizers, each in their own language. */
async function emailOrganizers(
  tx: Tx,
  event: LockedEvent,
  kind: "hidden" | "restored",
  reason: string | null,
  now: Date,
): Promise<void> {
  const coOrganizers = await tx
    .select({ userId: eventCoOrganizers.userId })
    .from(eventCoOrganizers)
    .where(eq(eventCoOrganizers.eventId, event.id));
  const ids = [event.organizerId, ...coOrganizers.map((row) => row.userId)];
  const recipients = await tx
    .select({ email: users.email, language: profiles.preferredLanguage })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(inArray(users.id, ids));
  await enqueueJobs(
    tx,
    SEND_MODERATION_EMAIL_JOB,
    recipients.map((recipient) => ({
      to: recipient.email,
      language: (recipient.language ?? "en") satisfies Language,
      kind,
      eventId: event.id,
      eventTitle: event.title,
      reason,
      at: now.toISOString(),
    })),
  );
}
