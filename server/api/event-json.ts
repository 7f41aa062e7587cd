import { priceLine } from "#domain/price";
import type { EventSummary } from "#domain/event-summary";
import { available, isFree, isSoldOut, isVip } from "#domain/event";
import type { EventDetail } from "#server/services/event-detail";

type EventBasics = Pick<
  EventSummary,
  "id" | "title" | "startsAt" | "endsAt" | "timeZone" | "language" | "isPublic" | "isFeatured" | "isPromoted"
> & { ticketTypes: { priceCents: number; quantity: number; sold: number }[] };

/** What every JSON shape of an event starts with: stable names, ISO instants, the derived states. */
function eventBasicsJson(event: EventBasics, now: Date) {
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
  };
}

/** An event as the JSON API shows it in lists. */
export function eventSummaryJson(event: EventSummary & { distanceMiles?: number | null }, now: Date) {
  return {
    ...eventBasicsJson(event, now),
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

/** One event with everything its page shows; the description both as written (Markdown) and as safe HTML. */
export function eventDetailJson(event: EventDetail, now: Date) {
  return {
    ...eventBasicsJson(event, now),
    description: event.description,
    descriptionHtml: event.descriptionHtml,
    status: event.status,
    venue: event.venue,
    category: event.category,
    organizer: event.organizer,
    coOrganizers: event.coOrganizers,
    sponsors: event.sponsors,
    images: event.images.map((image) => ({
      alt: image.alt,
      sources: image.widths.map((width) => ({ width, url: `/uploads/${image.storageKey}-${width}.webp` })),
    })),
    ticketTypes: event.ticketTypes.map((ticket) => ({
      id: ticket.id,
      name: ticket.name,
      description: ticket.description,
      priceCents: ticket.priceCents,
      available: available(ticket),
    })),
  };
}
