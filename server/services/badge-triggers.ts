import { and, eq, notExists, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { events, orders, ticketTypes, users } from "#server/db/schema";
import { enqueueJobs } from "./enqueue-job";

/** The job kind that re-checks one person's badges and awards what they now earn (services/badges.ts). */
export const AWARD_BADGES_JOB = "award_badges";

/**
 * Asks the jobs worker to check these people's badges, in the caller's transaction: called by every
 * activity a badge counts (publishing, selling out, a check-in, a review, a share visit, a photo). The
 * check is idempotent, so asking twice costs a query and never awards twice.
 */
export async function queueBadgeCheck(
  db: Pick<Database, "insert">,
  userIds: readonly (string | null)[],
): Promise<void> {
  const people = [...new Set(userIds.filter((id): id is string => id !== null))];
  await enqueueJobs(
    db,
    AWARD_BADGES_JOB,
    people.map((userId) => ({ userId })),
  );
}

/**
 * After a sale, in its transaction: when no ticket type of the event has any left (one read of its
 * few ticket types), its organizer's badges are re-checked, the Sold Out badge among them.
 */
export async function queueBadgeCheckIfSoldOut(
  db: Pick<Database, "insert" | "select">,
  eventId: number,
): Promise<void> {
  const [event] = await db
    .select({ organizerId: events.organizerId })
    .from(events)
    .where(
      and(
        eq(events.id, eventId),
        notExists(
          db
            .select({ one: sql`1` })
            .from(ticketTypes)
            .where(and(eq(ticketTypes.eventId, events.id), sql`${ticketTypes.sold} < ${ticketTypes.quantity}`)),
        ),
      ),
    );
  if (event) await queueBadgeCheck(db, [event.organizerId]);
}

/**
 * After a check-in, in its transaction: the ticket holder (who placed the order signed in, and the
 * account of the order's address once confirmed) and the event's organizer (a successful event needs
 * one checked-in attendee) are re-checked.
 */
export async function queueCheckInBadgeCheck(db: Pick<Database, "insert" | "select">, orderId: string): Promise<void> {
  const [order] = await db
    .select({
      buyerId: orders.userId,
      accountId: sql<string | null>`(select ${users.id} from ${users}
        where ${users.email} = lower(${orders.buyerEmail}) and ${users.emailConfirmedAt} is not null)`,
      organizerId: events.organizerId,
    })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(eq(orders.id, orderId));
  if (order) await queueBadgeCheck(db, [order.buyerId, order.accountId, order.organizerId]);
}
