import type { NotificationInput } from "#domain/notification";
import type { Database } from "#server/db/client";
import { notifications } from "#server/db/schema";

/**
 * Puts something in people's bell (the header's notifications), in the caller's transaction: it shows
 * only if the use case commits. The e-mail about the same thing, when there is one, is the caller's to
 * queue, after asking `emailRecipient` (email-preferences.ts) whether the person wants it.
 */
export async function notify(
  db: Pick<Database, "insert">,
  userIds: readonly string[],
  notification: NotificationInput,
  now: Date,
): Promise<void> {
  if (userIds.length === 0) return;
  await db.insert(notifications).values(
    [...new Set(userIds)].map((userId) => ({
      userId,
      kind: notification.kind,
      data: notification.data as Record<string, unknown>,
      createdAt: now,
    })),
  );
}
