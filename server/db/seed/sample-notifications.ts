import { eq } from "drizzle-orm";
import type { NotificationInput } from "#domain/notification";
import type { Database } from "#server/db/client";
import * as schema from "#server/db/schema";
import { SAMPLE_EVENTS, SAMPLE_USERS } from "./sample-data";

/** The sample member whose bell rings on a fresh install (sign in by magic link, read it in /dev/mailbox). */
export const SAMPLE_NOTIFIED_EMAIL = "layla.mansour@example.com";

const MINUTE_MS = 60_000;

/**
 * A few notifications for one sample member, one already read, and a badge she has not seen yet, so the
 * header's bell, /notifications and the badge notice can be tried on a fresh install. Events are the
 * sample ones (ids in SAMPLE_EVENTS order).
 */
export async function seedSampleNotifications(tx: Pick<Database, "insert" | "select">, now: Date): Promise<number> {
  const [member] = await tx
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, SAMPLE_NOTIFIED_EMAIL));
  if (!member) return 0;
  const event = (index: number) => ({ eventId: index + 1, eventTitle: SAMPLE_EVENTS[index]!.title });
  const organizerOf = (index: number) => SAMPLE_USERS[SAMPLE_EVENTS[index]!.organizerIndex]!.name;
  const news: { notification: NotificationInput; minutesAgo: number; isRead?: boolean }[] = [
    { notification: { kind: "followed_event", data: { ...event(2), organizerName: organizerOf(2) } }, minutesAgo: 20 },
    { notification: { kind: "badge_earned", data: { badge: "first_timer" } }, minutesAgo: 90 },
    { notification: { kind: "waitlist_offer", data: event(0) }, minutesAgo: 60 * 5 },
    {
      notification: { kind: "followed_event", data: { ...event(0), organizerName: organizerOf(0) } },
      minutesAgo: 60 * 26,
    },
    {
      notification: { kind: "followed_event", data: { ...event(1), organizerName: organizerOf(1) } },
      minutesAgo: 60 * 50,
      isRead: true,
    },
  ];
  await tx.insert(schema.notifications).values(
    news.map(({ notification, minutesAgo, isRead }) => {
      const createdAt = new Date(now.getTime() - minutesAgo * MINUTE_MS);
      return {
        userId: member.id,
        kind: notification.kind,
        data: notification.data as Record<string, unknown>,
        createdAt,
        readAt: isRead ? createdAt : null,
      };
    }),
  );
  await tx
    .insert(schema.badgeAwards)
    .values({ userId: member.id, badge: "first_timer", awardedAt: new Date(now.getTime() - 90 * MINUTE_MS) })
    .onConflictDoNothing();
  return news.length;
}
