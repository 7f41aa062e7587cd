import { and, desc, eq, type SQL } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { staffActions } from "#server/db/schema";

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

/** The audit log, newest first, a page at a time; optionally about one item only. */
export async function listStaffActions(
  db: Database,
  { page = 1, subjectType, subjectId }: { page?: number; subjectType?: string; subjectId?: string | number },
): Promise<{ actions: StaffActionRow[]; hasMore: boolean }> {
  const conditions: SQL[] = [];
  if (subjectType) conditions.push(eq(staffActions.subjectType, subjectType));
  if (subjectId !== undefined) conditions.push(eq(staffActions.subjectId, String(subjectId)));
  const rows = await db
    .select()
    .from(staffActions)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(staffActions.createdAt), desc(staffActions.id))
    .limit(STAFF_ACTIONS_PAGE_SIZE + 1)
    .offset((Math.max(1, page) - 1) * STAFF_ACTIONS_PAGE_SIZE);
  return { actions: rows.slice(0, STAFF_ACTIONS_PAGE_SIZE), hasMore: rows.length > STAFF_ACTIONS_PAGE_SIZE };
}
