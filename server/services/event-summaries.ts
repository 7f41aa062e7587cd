import { and, asc, eq, gt, inArray, type SQL } from "drizzle-orm";
import type { EventSummary } from "#domain/event-summary";
import type { Database } from "#server/db/client";
import {
  categories,
  eventImages,
  events,
  organizerReputations,
  profiles,
  ticketTypes,
  venues,
} from "#server/db/schema";

async function selectEventSummaries(
  db: Database,
  { where, orderBy, limit }: { where: SQL | undefined; orderBy: SQL[]; limit: number },
): Promise<EventSummary[]> {
  const rows = await db
    .select({
      id: events.id,
      title: events.title,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      timeZone: events.timeZone,
      language: events.language,
      isPublic: events.isPublic,
      isFeatured: events.isFeatured,
      venueName: venues.name,
      venueCity: venues.city,
      categoryKey: categories.key,
      categoryName: categories.name,
      organizerId: events.organizerId,
      organizerName: profiles.name,
      reputationLevel: organizerReputations.level,
      imageKey: eventImages.storageKey,
      imageWidths: eventImages.widths,
      imageAlt: eventImages.alt,
    })
    .from(events)
    .innerJoin(venues, eq(venues.id, events.venueId))
    .innerJoin(categories, eq(categories.id, events.categoryId))
    .innerJoin(profiles, eq(profiles.userId, events.organizerId))
    .leftJoin(organizerReputations, eq(organizerReputations.organizerId, events.organizerId))
    .leftJoin(eventImages, and(eq(eventImages.eventId, events.id), eq(eventImages.position, 0)))
    .where(where)
    .orderBy(...orderBy)
    .limit(limit);
  if (rows.length === 0) return [];

  const tickets = await db
    .select({
      eventId: ticketTypes.eventId,
      priceCents: ticketTypes.priceCents,
      quantity: ticketTypes.quantity,
      sold: ticketTypes.sold,
    })
    .from(ticketTypes)
    .where(
      inArray(
        ticketTypes.eventId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(ticketTypes.position), asc(ticketTypes.id));
  const ticketsByEvent = new Map<number, typeof tickets>();
  for (const ticket of tickets)
    ticketsByEvent.set(ticket.eventId, [...(ticketsByEvent.get(ticket.eventId) ?? []), ticket]);

  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    timeZone: row.timeZone,
    language: row.language,
    isPublic: row.isPublic,
    isFeatured: row.isFeatured,
    venue: { name: row.venueName, city: row.venueCity },
    category: { key: row.categoryKey, name: row.categoryName },
    organizer: { id: row.organizerId, name: row.organizerName, reputationLevel: row.reputationLevel },
    image:
      row.imageKey && row.imageWidths && row.imageAlt
        ? { storageKey: row.imageKey, widths: row.imageWidths, alt: row.imageAlt }
        : null,
    ticketTypes: (ticketsByEvent.get(row.id) ?? []).map(({ priceCents, quantity, sold }) => ({
      priceCents,
      quantity,
      sold,
    })),
  }));
}

/** Published events that have not ended yet, soonest first. */
export function listUpcomingEvents(db: Database, { now, limit }: { now: Date; limit: number }) {
  return selectEventSummaries(db, {
    where: and(eq(events.status, "published"), gt(events.endsAt, now)),
    orderBy: [asc(events.startsAt), asc(events.id)],
    limit,
  });
}
