import { MAX_EVENT_IMAGES, utcToLocalDateTime } from "#domain/event-input";
import type { EditableEvent } from "#server/services/event-authoring";
import type { EventFormValues, ImageSlotValues, TicketTypeSales } from "./event-form-values";

/*
 * An event as its edit form shows it: instants as wall-clock readings in the event's zone, cents as
 * dollars, pictures in their places. Types only come from the service; this runs on the server.
 */

/** Cents as a person types dollars: "25", "12.50". */
export function priceTextOf(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** The event's stored pictures in the form's places, then empty places up to MAX_EVENT_IMAGES. */
export function storedImageSlots(event: Pick<EditableEvent, "images">): ImageSlotValues[] {
  return Array.from({ length: MAX_EVENT_IMAGES }, (_, slot) => {
    const image = event.images[slot];
    return image
      ? { alt: image.alt, stored: { storageKey: image.storageKey, widths: image.widths }, isRemoved: false }
      : { alt: "", stored: null, isRemoved: false };
  });
}

export function editableFormValues(event: EditableEvent): EventFormValues {
  const local = (instant: Date | null) => (instant ? utcToLocalDateTime(instant, event.timeZone) : "");
  return {
    title: event.title,
    description: event.description,
    categoryId: String(event.categoryId),
    language: event.language,
    isPublic: event.isPublic,
    timeZone: event.timeZone,
    startsAt: local(event.startsAt),
    endsAt: local(event.endsAt),
    venueMode: "existing",
    venueQuery: "",
    venue: { id: event.venue.id, name: event.venue.name, address: event.venue.address, city: event.venue.city },
    newVenue: { name: "", address: "", city: "", state: "", country: "", zipCode: "", latitude: "", longitude: "" },
    ticketTypes: event.ticketTypes.map((type) => ({
      id: String(type.id),
      name: type.name,
      price: priceTextOf(type.priceCents),
      quantity: String(type.quantity),
      description: type.description ?? "",
      salesStart: local(type.salesStartAt),
      salesEnd: local(type.salesEndAt),
    })),
    sponsorIds: event.sponsorIds.map(String),
    coOrganizerEmails: event.coOrganizerEmails.join("\n"),
    images: storedImageSlots(event),
  };
}

/** What each ticket type has sold, held and been paid, by type id, as the form's rows look them up. */
export function ticketTypeSalesOf(event: Pick<EditableEvent, "ticketTypes">): Record<string, TicketTypeSales> {
  return Object.fromEntries(
    event.ticketTypes.map((type) => [
      String(type.id),
      {
        sold: type.ticketsSold,
        // The service's `sold` counts holds too: what it has beyond the valid tickets is held.
        held: Math.max(0, type.sold - type.ticketsSold),
        lowestPriceCents: type.lowestPriceCents,
        hasOrders: type.hasOrders,
      },
    ]),
  );
}
