import { EVENT_TEXT_LIMITS, MAX_TICKET_QUANTITY, MAX_TICKET_TYPES } from "#domain/event-input";
import { eventTypeBySlug } from "#domain/event-types";
import { centsOfDollars, dollarsOfCents } from "#domain/plan-query";
import {
  emptyTicketType,
  newEventFormValues,
  ticketTypeFieldName,
  type EventFormValues,
  type TicketTypeValues,
} from "./event-form-values";

/** The longest title the prefill carries (the form's own check refuses longer ones at submit anyway). */
const MAX_PREFILL_TITLE = 200;
/** A prefilled day starts at this hour, a guess the organizer sees and changes. */
const PREFILL_START = "T09:00";

export interface EventPrefill {
  title?: string;
  /** An /event-types slug: the event's category is the type's closest one. */
  eventType?: string;
  /** YYYY-MM-DD. */
  date?: string;
  ticketTypes?: { name: string; priceCents: number; quantity: number }[];
}

/** The address of /create filled with `prefill` (the planning tools' "Price my tickets"). */
export function createEventHref(prefill: EventPrefill): string {
  const params = new URLSearchParams();
  if (prefill.title) params.set("title", prefill.title);
  if (prefill.eventType) params.set("eventType", prefill.eventType);
  if (prefill.date) params.set("date", prefill.date);
  (prefill.ticketTypes ?? []).forEach((type, index) => {
    params.set(ticketTypeFieldName(index, "name"), type.name);
    params.set(ticketTypeFieldName(index, "price"), dollarsOfCents(type.priceCents));
    params.set(ticketTypeFieldName(index, "quantity"), String(type.quantity));
  });
  const query = params.toString();
  return query ? `/create?${query}` : "/create";
}

function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(text);
}

/**
 * A new event's form filled from /create's address: title, the type's category, the day (at 09:00) and
 * ticket types (name, price in dollars, quantity). Each part is checked on its own and a bad one is left
 * out, so a link with a mistake still opens the form; the form's own checks run again when it is sent.
 */
export function prefilledEventFormValues(
  params: URLSearchParams,
  categories: readonly { id: number; key: string }[],
): EventFormValues {
  const values = newEventFormValues();
  const title = params.get("title")?.trim() ?? "";
  if (title && title.length <= MAX_PREFILL_TITLE) values.title = title;
  const type = eventTypeBySlug(params.get("eventType") ?? "");
  const category = type ? categories.find((choice) => choice.key === type.categories[0]) : undefined;
  if (category) values.categoryId = String(category.id);
  const date = params.get("date") ?? "";
  if (isCalendarDay(date)) values.startsAt = `${date}${PREFILL_START}`;
  const ticketTypes: TicketTypeValues[] = [];
  for (let index = 0; index < MAX_TICKET_TYPES; index++) {
    const name = params.get(ticketTypeFieldName(index, "name"))?.trim();
    if (name === undefined) break;
    const cents = centsOfDollars(params.get(ticketTypeFieldName(index, "price")) ?? "");
    const quantityText = params.get(ticketTypeFieldName(index, "quantity")) ?? "";
    const quantity = /^\d{1,6}$/.test(quantityText) ? Number(quantityText) : 0;
    const isGood =
      name.length > 0 &&
      name.length <= EVENT_TEXT_LIMITS.ticketTypeName &&
      cents !== null &&
      quantity >= 1 &&
      quantity <= MAX_TICKET_QUANTITY;
    if (isGood) {
      ticketTypes.push({ ...emptyTicketType(), name, price: dollarsOfCents(cents), quantity: String(quantity) });
    }
  }
  if (ticketTypes.length > 0) values.ticketTypes = ticketTypes;
  return values;
}
