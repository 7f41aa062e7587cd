/** Rules about an event's state (spec §4). All take `now` so they stay pure. */

export interface TicketAvailability {
  priceCents: number;
  quantity: number;
  sold: number;
}

export interface EventFacts {
  title: string;
  isPublic: boolean;
  endsAt: Date;
  ticketTypes: readonly TicketAvailability[];
}

/** Events end three hours after they start unless the organizer says otherwise. */
export const DEFAULT_EVENT_LENGTH_MS = 3 * 60 * 60 * 1000;
/** A ticket at or under this price makes an event 'affordable' (Events Under $30). */
export const AFFORDABLE_PRICE_CENTS = 30_00;
/** A ticket above this price makes an event VIP. */
export const VIP_PRICE_CENTS = 200_00;
/**
 * A micro event is a small gathering: everyone who comes fits around a table or in one room (a
 * workshop, a tasting, a circle), so it holds at most this many people across all its tickets.
 * Capacity is the total of the ticket types' quantities, not the venue's: venues record no capacity,
 * a small gathering often takes one room of a large venue, and the tickets are what the organizer
 * lets in. An arena concert is never one because its tickets admit thousands.
 */
export const MICRO_EVENT_MAX_CAPACITY = 50;
const VIP_TITLE_WORDS = /\b(vip|elite|exclusive)\b/i;

export function defaultEndsAt(startsAt: Date): Date {
  return new Date(startsAt.getTime() + DEFAULT_EVENT_LENGTH_MS);
}

export function available(ticket: TicketAvailability): number {
  return Math.max(0, ticket.quantity - ticket.sold);
}

/** How many people the event holds: every ticket of every type. */
export function capacity(event: Pick<EventFacts, "ticketTypes">): number {
  return event.ticketTypes.reduce((total, ticket) => total + ticket.quantity, 0);
}

/** A small gathering (see MICRO_EVENT_MAX_CAPACITY); an event without tickets is not one. */
export function isMicroEvent(event: Pick<EventFacts, "ticketTypes">): boolean {
  const people = capacity(event);
  return people > 0 && people <= MICRO_EVENT_MAX_CAPACITY;
}

export function isPast(event: Pick<EventFacts, "endsAt">, now: Date): boolean {
  return event.endsAt.getTime() < now.getTime();
}

/** Sold out when every ticket type has none left. An event without ticket types is not sold out. */
export function isSoldOut(event: Pick<EventFacts, "ticketTypes">): boolean {
  return event.ticketTypes.length > 0 && event.ticketTypes.every((ticket) => available(ticket) === 0);
}

export function isFree(event: Pick<EventFacts, "ticketTypes">): boolean {
  return event.ticketTypes.some((ticket) => ticket.priceCents === 0);
}

export function isAffordable(event: Pick<EventFacts, "ticketTypes">): boolean {
  return event.ticketTypes.some((ticket) => ticket.priceCents <= AFFORDABLE_PRICE_CENTS);
}

export function isVip(event: Pick<EventFacts, "isPublic" | "title" | "ticketTypes">): boolean {
  return (
    !event.isPublic ||
    event.ticketTypes.some((ticket) => ticket.priceCents > VIP_PRICE_CENTS) ||
    VIP_TITLE_WORDS.test(event.title)
  );
}
