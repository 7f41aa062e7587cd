import { and, desc, eq, inArray, like, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { events, profiles, staffActions, users } from "#server/db/schema";

type Tx = Pick<Database, "insert">;

/** One line of the audit log: who did what to which item, why, and the item before and after. */
export interface StaffActionRecord {
  /** The staff member; null for the command line and the STAFF_EMAILS setting. */
  actorId: string | null;
  action: string;
  subjectType: string;
  subjectId: string | number;
  reason?: string | null;
  before: unknown;
  after: unknown;
}

/**
 * Writes a staff action to the audit log. Call it in the action's own transaction, so the log holds
 * exactly the actions that happened.
 */
export async function recordStaffAction(tx: Tx, record: StaffActionRecord, now: Date): Promise<void> {
  await tx.insert(staffActions).values({
    actorId: record.actorId,
    action: record.action,
    subjectType: record.subjectType,
    subjectId: String(record.subjectId),
    reason: record.reason ?? null,
    before: record.before ?? null,
    after: record.after ?? null,
    createdAt: now,
  });
}

export const STAFF_ACTIONS_PAGE_SIZE = 50;

export interface StaffActionRow {
  id: number;
  actorId: string | null;
  action: string;
  subjectType: string;
  subjectId: string;
  reason: string | null;
  before: unknown;
  after: unknown;
  createdAt: Date;
}

/** What the audit log may be narrowed to. */
export interface StaffActionFilter {
  page?: number;
  subjectType?: string;
  subjectId?: string | number;
  /** The family of actions: the word before the dot ("user" keeps user.suspend, user.restore…). */
  family?: string;
  /** The staff member who acted. */
  actorId?: string;
}

/** The audit log, newest first, a page at a time; optionally about one item, one family, one actor. */
export async function listStaffActions(
  db: Database,
  { page = 1, subjectType, subjectId, family, actorId }: StaffActionFilter,
): Promise<{ actions: StaffActionRow[]; hasMore: boolean }> {
  const conditions: SQL[] = [];
  if (subjectType) conditions.push(eq(staffActions.subjectType, subjectType));
  if (subjectId !== undefined) conditions.push(eq(staffActions.subjectId, String(subjectId)));
  if (family) {
    const escaped = family.replace(/[\\%_]/g, (c) => `\\${c}`);
    conditions.push(or(eq(staffActions.action, family), like(staffActions.action, `${escaped}.%`))!);
  }
  if (actorId) conditions.push(eq(staffActions.actorId, actorId));
  const safePage = Math.min(Math.max(1, Math.trunc(page) || 1), 100_000);
  const rows = await db
    .select()
    .from(staffActions)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(staffActions.createdAt), desc(staffActions.id))
    .limit(STAFF_ACTIONS_PAGE_SIZE + 1)
    .offset((safePage - 1) * STAFF_ACTIONS_PAGE_SIZE);
  return { actions: rows.slice(0, STAFF_ACTIONS_PAGE_SIZE), hasMore: rows.length > STAFF_ACTIONS_PAGE_SIZE };
}

/** An audit row with the names the log shows: the actor's, and the subject's where it has one. */
export interface NamedStaffActionRow extends StaffActionRow {
  /** The staff member's name (their profile's, else their address); null for the command line. */
  actorName: string | null;
  /** A user's name or an event's title; null for other subjects or ones since deleted. */
  subjectName: string | null;
}

/** Adds names to audit rows, in three reads whatever the number of rows. */
export async function nameStaffActions(db: Database, rows: StaffActionRow[]): Promise<NamedStaffActionRow[]> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const userIds = [
    ...new Set([
      ...rows.flatMap((row) => (row.actorId ? [row.actorId] : [])),
      ...rows.filter((row) => row.subjectType === "user" && uuid.test(row.subjectId)).map((row) => row.subjectId),
    ]),
  ];
  const eventIds = [
    ...new Set(
      rows
        .filter((row) => row.subjectType === "event" && /^\d{1,9}$/.test(row.subjectId))
        .map((row) => Number(row.subjectId)),
    ),
  ];
  const [people, eventRows] = await Promise.all([
    userIds.length === 0
      ? []
      : db
          .select({ id: users.id, email: users.email, name: profiles.name })
          .from(users)
          .leftJoin(profiles, eq(profiles.userId, users.id))
          .where(inArray(users.id, userIds)),
    eventIds.length === 0
      ? []
      : db.select({ id: events.id, title: events.title }).from(events).where(inArray(events.id, eventIds)),
  ]);
  const personName = new Map(people.map((person) => [person.id, person.name || person.email]));
  const eventTitle = new Map(eventRows.map((event) => [String(event.id), event.title]));
  return rows.map((row) => ({
    ...row,
    actorName: row.actorId ? (personName.get(row.actorId) ?? null) : null,
    subjectName:
      row.subjectType === "user"
        ? (personName.get(row.subjectId) ?? null)
        : row.subjectType === "event"
          ? (eventTitle.get(row.subjectId) ?? null)
          : null,
  }));
}

/** The families of actions the log holds ("event", "user", "staff"…), for the console's filter. */
export async function listStaffActionFamilies(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ family: sql<string>`split_part(${staffActions.action}, '.', 1)` })
    .from(staffActions);
  return rows.map((row) => row.family).sort();
}
