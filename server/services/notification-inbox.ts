import { and, count, desc, eq, isNull } from "drizzle-orm";
import { notificationOf, type NotificationInput } from "#domain/notification";
import type { Database } from "#server/db/client";
import { notifications } from "#server/db/schema";
import { AppError } from "#server/errors";
import type { Actor } from "./actor";

/** How many notifications a page of /notifications (and of the API's list) shows. */
export const NOTIFICATIONS_PER_PAGE = 20;

export type InboxNotification = NotificationInput & { id: number; readAt: Date | null; createdAt: Date };

export interface NotificationPage {
  notifications: InboxNotification[];
  /** 1-based. */
  page: number;
  pageCount: number;
  total: number;
  unread: number;
}

/**
 * One page of the signed-in person's notifications, newest first, with how many they have in all and
 * how many are unread. Kinds this build no longer knows are left out.
 */
export async function listMyNotifications(
  db: Pick<Database, "select">,
  actor: Actor,
  page: number,
): Promise<NotificationPage> {
  const mine = eq(notifications.userId, actor.userId);
  const [totals] = await db
    .select({ total: count(), unread: count(notifications.readAt).mapWith(Number) })
    .from(notifications)
    .where(mine);
  const total = totals?.total ?? 0;
  const unread = total - (totals?.unread ?? 0);
  const pageCount = Math.max(1, Math.ceil(total / NOTIFICATIONS_PER_PAGE));
  const current = Math.min(Math.max(1, Math.floor(page)), pageCount);
  const rows = await db
    .select()
    .from(notifications)
    .where(mine)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATIONS_PER_PAGE)
    .offset((current - 1) * NOTIFICATIONS_PER_PAGE);
  return {
    notifications: rows.flatMap((row) => {
      const notification = notificationOf(row.kind, row.data);
      return notification ? [{ ...notification, id: row.id, readAt: row.readAt, createdAt: row.createdAt }] : [];
    }),
    page: current,
    pageCount,
    total,
    unread,
  };
}

/**
 * Marks one of the signed-in person's notifications read (again: no change) and gives it back, so that
 * following it can lead to its page. Someone else's, or one that does not exist, is not_found alike.
 */
export async function markNotificationRead(
  db: Pick<Database, "select" | "update">,
  actor: Actor,
  id: number,
  now: Date,
): Promise<InboxNotification> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647)
    throw new AppError("not_found", `No notification ${id}.`);
  const mine = and(eq(notifications.id, id), eq(notifications.userId, actor.userId));
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(mine, isNull(notifications.readAt)));
  const [row] = await db.select().from(notifications).where(mine);
  const notification = row && notificationOf(row.kind, row.data);
  if (!row || !notification) throw new AppError("not_found", `No notification ${id}.`);
  return { ...notification, id: row.id, readAt: row.readAt, createdAt: row.createdAt };
}

/** Marks every unread notification of the signed-in person read; answers how many were. */
export async function markAllNotificationsRead(db: Pick<Database, "update">, actor: Actor, now: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, actor.userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}
