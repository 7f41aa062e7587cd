import { and, eq, isNull, sql } from "drizzle-orm";
import { reportInputSchema, type ReportReason, type ReportStatus, type ReportSubjectType } from "#domain/report";
import { hashToken } from "#server/auth/secrets";
import { hit } from "#server/auth/throttle";
import type { Database } from "#server/db/client";
import { events, galleryPhotos, reports, reviews } from "#server/db/schema";
import { AppError } from "#server/errors";
import type { Actor } from "./actor";
import { publicEventPageCondition } from "./event-visibility";

/**
 * Reports a person may send, counted before anything is stored: per account (signed in) and per client
 * address. A few an hour is plenty for anyone who came across something wrong, and too few to flood
 * the queue.
 */
export const REPORT_LIMITS = {
  perPerson: { limit: 10, windowSeconds: 3600 },
  perClient: { limit: 20, windowSeconds: 3600 },
} as const;

export const REPORT_INVALID_MESSAGE = "Pick a reason from the list; details are optional, up to 2,000 characters.";

export interface ReportReceipt {
  id: number;
  subjectType: ReportSubjectType;
  subjectId: string;
  reason: ReportReason;
  status: ReportStatus;
  createdAt: Date;
  /** True when this person already had an open report on the item: that one is answered, no new one made. */
  isRepeat: boolean;
}

/** The client's address as reports keep it: a hash, never the address, for spotting floods of reports. */
export function reportClientHash(clientAddress: string): string {
  return hashToken(`report-client:${clientAddress}`);
}

/**
 * Reports an event the public can see, signed in or not. Bad input is refused before anything is
 * counted or stored (invalid with fields reason: reason_invalid, details: details_too_long…); an event
 * nobody can see is not_found; past the limits, rate_limited (fields _: too_many_reports). A person
 * (or, signed out, an address) with an open report on the event gets that report back (`isRepeat`)
 * rather than a second one.
 */
export async function reportEvent(
  db: Database,
  actor: Actor | null,
  eventId: number,
  input: unknown,
  request: { clientAddress: string; now: Date },
): Promise<ReportReceipt> {
  return reportSubject(db, actor, { type: "event", id: eventId }, input, request);
}

/**
 * Reports anything the public can see (an event, a review, a photo) as reportEvent does an event: the
 * same checks, limits and one open report per person and item. A review or photo that is hidden, or
 * whose event's page is not public, is not_found.
 */
export async function reportSubject(
  db: Database,
  actor: Actor | null,
  subjectRef: { type: ReportSubjectType; id: number },
  input: unknown,
  request: { clientAddress: string; now: Date },
): Promise<ReportReceipt> {
  const parsed = reportInputSchema.safeParse(input);
  if (!parsed.success) {
    const fields = new Map<string, string>();
    const add = (field: string, problem: string) => fields.has(field) || fields.set(field, problem);
    for (const issue of parsed.error.issues) {
      if (issue.code === "unrecognized_keys") for (const key of issue.keys) add(key, "unknown_field");
      else if (issue.path[0] === "details") add("details", issue.message);
      else add("reason", "reason_invalid");
    }
    // From entries, so that even a field named "__proto__" is an own property.
    throw new AppError("invalid", REPORT_INVALID_MESSAGE, Object.fromEntries(fields));
  }
  if (!(await isReportable(db, subjectRef))) throw new AppError("not_found", `No ${subjectRef.type} ${subjectRef.id}.`);

  const clientHash = reportClientHash(request.clientAddress);
  const { perPerson, perClient } = REPORT_LIMITS;
  const byClient = await hit(db, `report:client:${clientHash}`, perClient.limit, perClient.windowSeconds, request.now);
  const byPerson = actor
    ? await hit(db, `report:user:${actor.userId}`, perPerson.limit, perPerson.windowSeconds, request.now)
    : null;
  if (!byClient.isAllowed || (byPerson && !byPerson.isAllowed)) {
    throw new AppError("rate_limited", "Too many reports; try again later.", { _: "too_many_reports" });
  }

  const subject = { subjectType: subjectRef.type, subjectId: String(subjectRef.id) };
  const [inserted] = await db
    .insert(reports)
    .values({
      ...subject,
      reason: parsed.data.reason,
      details: parsed.data.details,
      reporterId: actor?.userId ?? null,
      clientHash,
      createdAt: request.now,
    })
    // The partial unique indexes allow one open report per person (or address) and item.
    .onConflictDoNothing()
    .returning();
  if (inserted) return receiptOf(inserted, false);
  const [existing] = await db
    .select()
    .from(reports)
    .where(
      and(
        eq(reports.subjectType, subject.subjectType),
        eq(reports.subjectId, subject.subjectId),
        eq(reports.status, "open"),
        actor
          ? eq(reports.reporterId, actor.userId)
          : and(isNull(reports.reporterId), eq(reports.clientHash, clientHash)),
      ),
    )
    .orderBy(sql`${reports.id} desc`)
    .limit(1);
  // Resolved between the insert and this read: the next attempt makes a new one.
  if (!existing) throw new AppError("conflict", "The report could not be recorded; try again.");
  return receiptOf(existing, true);
}

/** Whether the public can see the item, so that it may be reported. */
async function isReportable(db: Database, subject: { type: ReportSubjectType; id: number }): Promise<boolean> {
  const table = subject.type === "review" ? reviews : subject.type === "photo" ? galleryPhotos : null;
  if (!table) {
    const [event] = await db
      .select({ id: events.id })
      .from(events)
      .where(and(eq(events.id, subject.id), publicEventPageCondition()));
    return Boolean(event);
  }
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .innerJoin(events, eq(events.id, table.eventId))
    .where(and(eq(table.id, subject.id), isNull(table.hiddenAt), publicEventPageCondition()));
  return Boolean(row);
}

function receiptOf(row: typeof reports.$inferSelect, isRepeat: boolean): ReportReceipt {
  return {
    id: row.id,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    reason: row.reason,
    status: row.status,
    createdAt: row.createdAt,
    isRepeat,
  };
}
