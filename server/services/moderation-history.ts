import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { profiles, staffActions } from "#server/db/schema";

/** The audit log's words for moderation: what a moderation page's history shows. */
export const MODERATION_ACTIONS = ["event.hide", "event.restore", "report.dismiss"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export interface ModerationHistoryEntry {
  id: number;
  action: ModerationAction;
  actorName: string | null;
  reason: string | null;
  createdAt: Date;
}

const HISTORY_LIMIT = 100;

/**
 * An event's moderation history from the audit log, newest first: its hides and restores, and the
 * dismissals of reports about it, with the staff member's name.
 */
export async function listModerationHistory(db: Database, eventId: number): Promise<ModerationHistoryEntry[]> {
  const rows = await db
    .select({
      id: staffActions.id,
      action: staffActions.action,
      actorName: profiles.name,
      reason: staffActions.reason,
      createdAt: staffActions.createdAt,
    })
    .from(staffActions)
    .leftJoin(profiles, eq(profiles.userId, staffActions.actorId))
    .where(
      or(
        and(
          eq(staffActions.subjectType, "event"),
          eq(staffActions.subjectId, String(eventId)),
          inArray(staffActions.action, ["event.hide", "event.restore"]),
        ),
        and(
          eq(staffActions.action, "report.dismiss"),
          sql`${staffActions.after} ->> 'subjectType' = 'event'`,
          sql`${staffActions.after} ->> 'subjectId' = ${String(eventId)}`,
        ),
      ),
    )
    .orderBy(desc(staffActions.createdAt), desc(staffActions.id))
    .limit(HISTORY_LIMIT);
  return rows.map((row) => ({ ...row, action: row.action as ModerationAction }));
}
