import { available } from "#domain/event";
import { isTicketTypeOnSale } from "#domain/sales-window";
import { isoStringIn } from "#domain/time";
import type { EventDetail } from "#server/services/event-detail";

/** What the structured data reads of an event page's event. */
export type JsonLdEvent = Pick<
  EventDetail,
  | "id"
  | "title"
  | "description"
  | "startsAt"
  | "endsAt"
  | "timeZone"
  | "language"
  | "status"
  | "createdAt"
  | "venue"
  | "organizer"
  | "images"
  | "ticketTypes"
>;

/** The first words of a Markdown description, as plain text for search engines and link previews. */
export function plainSummary(markdown: string): string {
  const text = markdown
    .replace(/[#*_>`[\]()!-]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > 160 ? `${text.slice(0, 157).trimEnd()}…` : text;
}

/**
 * schema.org Event data, so search engines can show the event as a rich result. Dates are on the
 * event's own clocks with their offset ("2026-12-05T19:00:00-05:00"), as the event announces them.
 */
export function eventJsonLd(event: JsonLdEvent, now: Date, origin: string) {
  const url = `${origin}/events/${event.id}`;
  const organizer = {
    "@type": "Person",
    name: event.organizer.name,
    url: `${origin}/users/${event.organizer.id}`,
  };
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.title,
    description: plainSummary(event.description),
    startDate: isoStringIn(event.startsAt, event.timeZone),
    endDate: isoStringIn(event.endsAt, event.timeZone),
    eventStatus:
      event.status === "cancelled" ? "https://schema.org/EventCancelled" : "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    inLanguage: event.language,
    url,
    image: event.images.map((image) => `${origin}/uploads/${image.storageKey}-1440.webp`),
    location: {
      "@type": "Place",
      name: event.venue.name,
      geo: { "@type": "GeoCoordinates", latitude: event.venue.latitude, longitude: event.venue.longitude },
      address: {
        "@type": "PostalAddress",
        streetAddress: event.venue.address,
        addressLocality: event.venue.city,
        addressRegion: event.venue.state,
        postalCode: event.venue.zipCode,
        addressCountry: event.venue.country,
      },
    },
    organizer,
    // Events list no performers of their own: the organizer is who puts the event on.
    performer: organizer,
    offers: event.ticketTypes.map((ticket) => ({
      "@type": "Offer",
      name: ticket.name,
      price: (ticket.priceCents / 100).toFixed(2),
      priceCurrency: "USD",
      availability: offerAvailability(ticket, event, now),
      // Without a sales start of its own, a ticket type is on sale from the event's creation (a draft is
      // seen by nobody, so nobody could buy earlier).
      validFrom: isoStringIn(ticket.salesStartAt ?? event.createdAt, event.timeZone),
      url: `${url}#tickets`,
    })),
  };
}

/**
 * schema.org's word for whether an offer can be bought now: sales not open yet are a pre-sale, and
 * tickets left when an event is over were not sold out, just no longer sold.
 */
function offerAvailability(ticket: JsonLdEvent["ticketTypes"][number], event: JsonLdEvent, now: Date): string {
  if (available(ticket) === 0) return "https://schema.org/SoldOut";
  if (event.endsAt <= now) return "https://schema.org/Discontinued";
  if (ticket.salesStartAt && now < ticket.salesStartAt) return "https://schema.org/PreSale";
  if (!isTicketTypeOnSale(ticket, now)) return "https://schema.org/Discontinued";
  return "https://schema.org/InStock";
}
