import { and, asc, eq, inArray } from "drizzle-orm";
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
import { activePromotion } from "./active-promotion";
import { publicEventCondition } from "./event-visibility";

/**
 * The summaries of the events `ids`, in that order: everything an event card shows, for every public
 * list of events. Two queries whatever the number of events. An id of an event the public may not see
 * (a draft, or one hidden by staff: event-visibility.ts) is left out, whoever picked it (a Major Events
 * teaser, say).
 */
export async function loadEventSummaries(db: Database, ids: number[], now: Date): Promise<EventSummary[]> {
  if (ids.length === 0) return [];
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
      isPromoted: activePromotion("explore", now, events.id),
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
    .where(and(inArray(events.id, ids), publicEventCondition()));

  const tickets = await db
    .select({
      eventId: ticketTypes.eventId,
      priceCents: ticketTypes.priceCents,
      quantity: ticketTypes.quantity,
      sold: ticketTypes.sold,
    })
    .from(ticketTypes)
    .where(inArray(ticketTypes.eventId, ids))
    .orderBy(asc(ticketTypes.position), asc(ticketTypes.id));
  const ticketsByEvent = new Map<number, typeof tickets>();
  for (const ticket of tickets)
    ticketsByEvent.set(ticket.eventId, [...(ticketsByEvent.get(ticket.eventId) ?? []), ticket]);

  const byId = new Map(
    rows.map((row): [number, EventSummary] => [
      row.id,
      {
        id: row.id,
        title: row.title,
        startsAt: row.startsAt,
        endsAt: row.endsAt,
        timeZone: row.timeZone,
        language: row.language,
        isPublic: row.isPublic,
        isFeatured: row.isFeatured,
        isPromoted: Boolean(row.isPromoted),
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
      },
    ]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
}
