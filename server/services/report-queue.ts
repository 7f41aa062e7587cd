import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { ReportReason, ReportStatus, ReportSubjectType } from "#domain/report";
import { selectRows, type Database } from "#server/db/client";
import { events, profiles, reports } from "#server/db/schema";
import { AppError } from "#server/errors";
import type { Actor } from "./actor";
import { requireStaff } from "./staff";
import { recordStaffAction } from "./staff-actions";

/* What staff read and decide about reports: the queue, one item's reports, dismissing. */

export const REPORT_QUEUE_PAGE_SIZE = 50;

/** One reported item in the queue, with what its reports say. */
export interface ReportQueueItem {
  subjectType: ReportSubjectType;
  subjectId: string;
  /** The event's title (for a review or photo, its event's; null when the item is gone). */
  title: string | null;
  /** Whether staff hid it. */
  isHidden: boolean;
  openCount: number;
  totalCount: number;
  /** How many reports gave each reason, most first. */
  reasons: { reason: ReportReason; count: number }[];
  lastReportedAt: Date;
}

/**
 * The reported items, those with open reports first (then the most recently reported), each with its
 * counts and reasons; `status` keeps only items with a report in that state.
 */
export async function listReportQueue(
  db: Database,
  { status, page = 1 }: { status?: ReportStatus; page?: number },
): Promise<{ items: ReportQueueItem[]; hasMore: boolean }> {
  const filter = status ? sql`where r.status = ${status}` : sql``;
  const rows = await selectRows<{
    subject_type: ReportSubjectType;
    subject_id: string;
    title: string | null;
    hidden_at: Date | null;
    open_count: number;
    total_count: number;
    reasons: { reason: ReportReason; count: number }[];
    last_reported_at: Date | string;
  }>(
    db,
    sql`with items as (
        select r.subject_type, r.subject_id,
          count(*) filter (where r.status = 'open')::int as open_count,
          count(*)::int as total_count,
          max(r.created_at) as last_reported_at
        from reports r ${filter}
        group by r.subject_type, r.subject_id
      )
      select i.subject_type, i.subject_id, coalesce(e.title, re.title, pe.title) as title,
        coalesce(e.hidden_at, rv.hidden_at, ph.hidden_at) as hidden_at, i.open_count, i.total_count, i.last_reported_at,
        (select coalesce(json_agg(json_build_object('reason', x.reason, 'count', x.count) order by x.count desc, x.reason), '[]'::json)
          from (select r.reason, count(*)::int as count from reports r
            where r.subject_type = i.subject_type and r.subject_id = i.subject_id ${status ? sql`and r.status = ${status}` : sql``}
            group by r.reason) x) as reasons
      from items i
      left join events e on i.subject_type = 'event' and e.id::text = i.subject_id
      left join reviews rv on i.subject_type = 'review' and rv.id::text = i.subject_id
      left join events re on re.id = rv.event_id
      left join gallery_photos ph on i.subject_type = 'photo' and ph.id::text = i.subject_id
      left join events pe on pe.id = ph.event_id
      order by (i.open_count > 0) desc, i.last_reported_at desc, i.subject_type, i.subject_id
      limit ${REPORT_QUEUE_PAGE_SIZE + 1} offset ${(Math.max(1, page) - 1) * REPORT_QUEUE_PAGE_SIZE}`,
  );
  return {
    items: rows.slice(0, REPORT_QUEUE_PAGE_SIZE).map((row) => ({
      subjectType: row.subject_type,
      subjectId: row.subject_id,
      title: row.title,
      isHidden: row.hidden_at !== null,
      openCount: Number(row.open_count),
      totalCount: Number(row.total_count),
      reasons: row.reasons.map((entry) => ({ reason: entry.reason, count: Number(entry.count) })),
      lastReportedAt: new Date(row.last_reported_at),
    })),
    hasMore: rows.length > REPORT_QUEUE_PAGE_SIZE,
  };
}

/** A report as staff see it: who sent it (a name, when signed in) and what became of it. */
export interface StaffReport {
  id: number;
  subjectType: ReportSubjectType;
  subjectId: string;
  reason: ReportReason;
  details: string | null;
  status: ReportStatus;
  reporter: { id: string; name: string } | null;
  createdAt: Date;
  resolvedAt: Date | null;
}

const STAFF_REPORT_COLUMNS = {
  id: reports.id,
  subjectType: reports.subjectType,
  subjectId: reports.subjectId,
  reason: reports.reason,
  details: reports.details,
  status: reports.status,
  reporterId: reports.reporterId,
  reporterName: profiles.name,
  createdAt: reports.createdAt,
  resolvedAt: reports.resolvedAt,
};

function staffReportOf(row: {
  id: number;
  subjectType: ReportSubjectType;
  subjectId: string;
  reason: ReportReason;
  details: string | null;
  status: ReportStatus;
  reporterId: string | null;
  reporterName: string | null;
  createdAt: Date;
  resolvedAt: Date | null;
}): StaffReport {
  const { reporterId, reporterName, ...rest } = row;
  return { ...rest, reporter: reporterId ? { id: reporterId, name: reporterName ?? "" } : null };
}

/** Reports newest first, a page at a time, in one state or all; or those about one item. */
export async function listReports(
  db: Database,
  {
    status,
    subject,
    page = 1,
  }: { status?: ReportStatus; subject?: { type: ReportSubjectType; id: string | number }; page?: number },
): Promise<{ reports: StaffReport[]; hasMore: boolean }> {
  const conditions: SQL[] = [];
  if (status) conditions.push(eq(reports.status, status));
  if (subject) conditions.push(eq(reports.subjectType, subject.type), eq(reports.subjectId, String(subject.id)));
  const rows = await db
    .select(STAFF_REPORT_COLUMNS)
    .from(reports)
    .leftJoin(profiles, eq(profiles.userId, reports.reporterId))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(REPORT_QUEUE_PAGE_SIZE + 1)
    .offset((Math.max(1, page) - 1) * REPORT_QUEUE_PAGE_SIZE);
  return {
    reports: rows.slice(0, REPORT_QUEUE_PAGE_SIZE).map(staffReportOf),
    hasMore: rows.length > REPORT_QUEUE_PAGE_SIZE,
  };
}

/**
 * Dismisses an open report (staff only): looked at, nothing to do. Audited. An unknown report is
 * not_found; one already resolved is conflict (fields reportId: not_open).
 */
export async function dismissReport(db: Database, actor: Actor, reportId: number, now: Date): Promise<StaffReport> {
  await requireStaff(db, actor);
  await db.transaction(async (tx) => {
    const [report] = await tx.select().from(reports).where(eq(reports.id, reportId)).for("update");
    if (!report) throw new AppError("not_found", `No report ${reportId}.`);
    if (report.status !== "open") {
      throw new AppError("conflict", `The report is already ${report.status}.`, { reportId: "not_open" });
    }
    await tx
      .update(reports)
      .set({ status: "dismissed", resolvedBy: actor.userId, resolvedAt: now })
      .where(eq(reports.id, reportId));
    await recordStaffAction(
      tx,
      {
        actorId: actor.userId,
        action: "report.dismiss",
        subjectType: "report",
        subjectId: reportId,
        before: { status: "open", subjectType: report.subjectType, subjectId: report.subjectId },
        after: { status: "dismissed", subjectType: report.subjectType, subjectId: report.subjectId },
      },
      now,
    );
  });
  const [row] = await db
    .select(STAFF_REPORT_COLUMNS)
    .from(reports)
    .leftJoin(profiles, eq(profiles.userId, reports.reporterId))
    .where(eq(reports.id, reportId));
  return staffReportOf(row!);
}

/**
 * Dismisses every open report on one item (staff only): the queue's "nothing to do here". Each report
 * is audited as its own dismissal. Returns how many were open.
 */
export async function dismissOpenReportsOn(
  db: Database,
  actor: Actor,
  subject: { type: ReportSubjectType; id: string | number },
  now: Date,
): Promise<number> {
  await requireStaff(db, actor);
  return db.transaction(async (tx) => {
    const dismissed = await tx
      .update(reports)
      .set({ status: "dismissed", resolvedBy: actor.userId, resolvedAt: now })
      .where(
        and(
          eq(reports.subjectType, subject.type),
          eq(reports.subjectId, String(subject.id)),
          eq(reports.status, "open"),
        ),
      )
      .returning({ id: reports.id });
    for (const { id } of dismissed) {
      await recordStaffAction(
        tx,
        {
          actorId: actor.userId,
          action: "report.dismiss",
          subjectType: "report",
          subjectId: id,
          before: { status: "open", subjectType: subject.type, subjectId: String(subject.id) },
          after: { status: "dismissed", subjectType: subject.type, subjectId: String(subject.id) },
        },
        now,
      );
    }
    return dismissed.length;
  });
}

/** The event a moderation page is about: enough to recognise it, whatever its state. */
export async function getModeratedEvent(db: Database, eventId: number) {
  const [event] = await db
    .select({
      id: events.id,
      title: events.title,
      status: events.status,
      startsAt: events.startsAt,
      timeZone: events.timeZone,
      hiddenAt: events.hiddenAt,
      hiddenReason: events.hiddenReason,
      organizerId: events.organizerId,
      organizerName: profiles.name,
    })
    .from(events)
    .innerJoin(profiles, eq(profiles.userId, events.organizerId))
    .where(eq(events.id, eventId));
  if (!event || event.status === "draft") return null;
  return event;
}
