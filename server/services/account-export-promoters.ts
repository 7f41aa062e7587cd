import { asc, eq, or, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import {
  eventPromoters,
  events,
  orderAttributions,
  promoterClicks,
  promoterListings,
  shareLinks,
} from "#server/db/schema";

/*
 * The "promoters" part of "Download my data": the events a person promotes (or is invited to), with the
 * clicks their links brought; whether they are listed among the top promoters; and the orders their
 * share or promoter links brought. server/services/account-export.ts puts it in the file.
 */
export async function exportPromoters(db: Database, userId: string, email: string) {
  const [links, [listing], attributed] = await Promise.all([
    db
      .select({
        event: { id: events.id, title: events.title },
        code: eventPromoters.code,
        status: eventPromoters.status,
        commissionBps: eventPromoters.commissionBps,
        invitedEmail: eventPromoters.invitedEmail,
        createdAt: eventPromoters.createdAt,
        acceptedAt: eventPromoters.acceptedAt,
        clicks: sql<number>`(select count(*) from ${promoterClicks} where ${promoterClicks.promoterId} = ${eventPromoters.id})::int`,
      })
      .from(eventPromoters)
      .innerJoin(events, eq(events.id, eventPromoters.eventId))
      .where(or(eq(eventPromoters.userId, userId), eq(eventPromoters.invitedEmail, email)))
      .orderBy(asc(eventPromoters.id)),
    db.select({ since: promoterListings.createdAt }).from(promoterListings).where(eq(promoterListings.userId, userId)),
    db
      .select({
        orderId: orderAttributions.orderId,
        shareCode: orderAttributions.shareCode,
        promoterCode: eventPromoters.code,
        commissionBps: orderAttributions.commissionBps,
      })
      .from(orderAttributions)
      .leftJoin(shareLinks, eq(shareLinks.code, orderAttributions.shareCode))
      .leftJoin(eventPromoters, eq(eventPromoters.id, orderAttributions.promoterId))
      .where(or(eq(shareLinks.userId, userId), eq(eventPromoters.userId, userId)))
      .orderBy(asc(orderAttributions.orderId)),
  ]);
  return { links, listedSince: listing?.since ?? null, attributedOrders: attributed };
}
