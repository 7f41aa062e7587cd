import { and, asc, eq, gt, lte, ne, type SQL } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { events, promotions } from "#server/db/schema";
import { publicEventCondition } from "./event-visibility";

/** An ad as the category page and the event page's sidebar show it: the promotion's own words and picture. */
export interface PromotionAd {
  id: number;
  eventId: number;
  title: string;
  description: string;
  imageUrl: string;
  linkUrl: string;
  callToAction: string;
}

/**
 * The ads running at `now` in the `category` placement for one category's page, or in the `sidebar`
 * placement beside an event (never the event's own ad beside itself). Only ads of published events
 * are shown; the ones ending soonest come first.
 */
export async function listRunningAds(
  db: Database,
  placement: "category" | "sidebar",
  now: Date,
  options: { categoryId?: number; besideEventId?: number; limit?: number } = {},
): Promise<PromotionAd[]> {
  const conditions: SQL[] = [
    eq(promotions.placement, placement),
    eq(promotions.isActive, true),
    lte(promotions.startsAt, now),
    gt(promotions.endsAt, now),
    publicEventCondition(),
  ];
  if (options.categoryId !== undefined) conditions.push(eq(events.categoryId, options.categoryId));
  if (options.besideEventId !== undefined) conditions.push(ne(events.id, options.besideEventId));
  return db
    .select({
      id: promotions.id,
      eventId: events.id,
      title: promotions.title,
      description: promotions.description,
      imageUrl: promotions.imageUrl,
      linkUrl: promotions.linkUrl,
      callToAction: promotions.callToAction,
    })
    .from(promotions)
    .innerJoin(events, eq(events.id, promotions.eventId))
    .where(and(...conditions))
    .orderBy(asc(promotions.endsAt), asc(promotions.id))
    .limit(options.limit ?? 2);
}
