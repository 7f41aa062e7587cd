import { priceLine } from "#domain/price";
import type { EventSummary } from "#domain/event-summary";
import { isFree, isSoldOut, isVip } from "#domain/event";

/** An event as the JSON API shows it in lists: stable field names, ISO instants, prices in cents. */
export function eventSummaryJson(event: EventSummary & { distanceMiles?: number | null }, now: Date) {
  return {
    id: event.id,
    url: `/events/${event.id}`,
    title: event.title,
    startsAt: event.startsAt.toISOString(),
    endsAt: event.endsAt.toISOString(),
    timeZone: event.timeZone,
    language: event.language,
    isPublic: event.isPublic,
    isFeatured: event.isFeatured,
    isPromoted: event.isPromoted,
    isVip: isVip(event),
    isFree: isFree(event),
    isSoldOut: isSoldOut(event),
    isPast: event.endsAt < now,
    price: priceLine(event.ticketTypes),
    venue: event.venue,
    category: event.category,
    organizer: event.organizer,
    image: event.image
      ? {
          alt: event.image.alt,
          sources: event.image.widths.map((width) => ({
            width,
            url: `/uploads/${event.image!.storageKey}-${width}.webp`,
          })),
        }
      : null,
    ticketTypes: event.ticketTypes.map((ticket) => ({
      priceCents: ticket.priceCents,
      available: Math.max(0, ticket.quantity - ticket.sold),
    })),
    ...(event.distanceMiles !== undefined ? { distanceMiles: event.distanceMiles } : {}),
  };
}
