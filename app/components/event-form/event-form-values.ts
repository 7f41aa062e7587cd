import { DEFAULT_EVENT_TIME_ZONE, MAX_EVENT_IMAGES, MAX_TICKET_TYPES } from "#domain/event-input";

/*
 * The event form's fields as typed (strings), and their names in the posted form. The same values
 * fill a new form, an edit form, and a form sent back after a refusal, so nothing typed is lost.
 */

export interface TicketTypeValues {
  /** An existing type's id (edit), "" for a new row. */
  id: string;
  name: string;
  /** Dollars as typed ("25", "12.50"). */
  price: string;
  quantity: string;
  description: string;
  /** `datetime-local` readings in the event's zone; "" for no limit. */
  salesStart: string;
  salesEnd: string;
}

/** What an existing ticket type has sold, as its row shows it (edit, by the type's id). */
export interface TicketTypeSales {
  /** Tickets sold and still valid, as My Events and the sales page count them. */
  sold: number;
  /** Seats held by orders not paid yet: with `sold`, the lowest the quantity may go. */
  held: number;
  /** The lowest price it may take, in cents: the most a current holder paid for one (0: any). */
  lowestPriceCents: number;
  /** Orders name it: it cannot be removed. */
  hasOrders: boolean;
}

export interface VenueValues {
  name: string;
  address: string;
  city: string;
  state: string;
  country: string;
  zipCode: string;
  latitude: string;
  longitude: string;
}

/** A venue offered in the search results (or the one chosen). */
export interface VenueOption {
  id: number;
  name: string;
  address: string;
  city: string;
}

/** One of the image places: empty, or holding an image already stored (edit). */
export interface ImageSlotValues {
  alt: string;
  stored: { storageKey: string; widths: number[] } | null;
  /** A stored image the organizer asked to remove. */
  isRemoved: boolean;
}

export type VenueMode = "existing" | "new";

export interface EventFormValues {
  title: string;
  description: string;
  categoryId: string;
  language: string;
  isPublic: boolean;
  timeZone: string;
  startsAt: string;
  endsAt: string;
  venueMode: VenueMode;
  venueQuery: string;
  /** The existing venue chosen, with what the form shows of it. */
  venue: VenueOption | null;
  newVenue: VenueValues;
  ticketTypes: TicketTypeValues[];
  sponsorIds: string[];
  /** One address per line (commas and spaces separate too). */
  coOrganizerEmails: string;
  images: ImageSlotValues[];
}

export const FIELD = {
  title: "title",
  description: "description",
  categoryId: "categoryId",
  language: "language",
  isPublic: "isPublic",
  timeZone: "timeZone",
  startsAt: "startsAt",
  endsAt: "endsAt",
  venueMode: "venueMode",
  venueQuery: "venueQuery",
  venueId: "venueId",
  /** The chosen venue's name, address and city, sent back only so the page can show them again. */
  venueLabel: "venueLabel",
  sponsorIds: "sponsorIds",
  coOrganizerEmails: "coOrganizerEmails",
  intent: "intent",
} as const;

export const VENUE_FIELDS = [
  "name",
  "address",
  "city",
  "state",
  "country",
  "zipCode",
  "latitude",
  "longitude",
] as const;
export const TICKET_TYPE_FIELDS = ["id", "name", "price", "quantity", "description", "salesStart", "salesEnd"] as const;

export const newVenueFieldName = (field: (typeof VENUE_FIELDS)[number]) => `venue.${field}`;
export const ticketTypeFieldName = (index: number, field: (typeof TICKET_TYPE_FIELDS)[number]) =>
  `ticketTypes.${index}.${field}`;
export const imageFileName = (slot: number) => `images.${slot}.file`;
export const imageAltName = (slot: number) => `images.${slot}.alt`;
export const imageRemoveName = (slot: number) => `images.${slot}.remove`;

/** What the form's submit buttons (and its no-JavaScript helpers) ask the action to do. */
export const INTENTS = {
  draft: "draft",
  publish: "publish",
  save: "save",
  preview: "preview",
  findVenue: "findVenue",
  addTicketType: "addTicketType",
  /** Followed by ":<row index>". */
  removeTicketType: "removeTicketType",
} as const;

/** The form's helper requests (fetchers) change nothing, so the page's data need not load again after them. */
export function isHelperIntent(intent: FormDataEntryValue | null | undefined): boolean {
  return intent === INTENTS.preview || intent === INTENTS.findVenue;
}

export function emptyTicketType(): TicketTypeValues {
  return { id: "", name: "", price: "", quantity: "", description: "", salesStart: "", salesEnd: "" };
}

function emptyImages(): ImageSlotValues[] {
  return Array.from({ length: MAX_EVENT_IMAGES }, () => ({ alt: "", stored: null, isRemoved: false }));
}

/** A new event's form: one empty ticket type, public, in English, in the default zone. */
export function newEventFormValues(): EventFormValues {
  return {
    title: "",
    description: "",
    categoryId: "",
    language: "en",
    isPublic: true,
    timeZone: DEFAULT_EVENT_TIME_ZONE,
    startsAt: "",
    endsAt: "",
    venueMode: "existing",
    venueQuery: "",
    venue: null,
    newVenue: { name: "", address: "", city: "", state: "", country: "", zipCode: "", latitude: "", longitude: "" },
    ticketTypes: [emptyTicketType()],
    sponsorIds: [],
    coOrganizerEmails: "",
    images: emptyImages(),
  };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** How many ticket type rows the form sent: rows are numbered from 0 without gaps. */
function ticketTypeRowCount(form: FormData): number {
  let count = 0;
  while (count < MAX_TICKET_TYPES && form.has(ticketTypeFieldName(count, "name"))) count += 1;
  return count;
}

/**
 * The values a posted form carries. Stored images come back from `stored` (the event being edited),
 * since the form only names them by place.
 */
export function eventFormValuesOf(form: FormData, stored: ImageSlotValues[] = emptyImages()): EventFormValues {
  const venueId = Number(text(form, FIELD.venueId));
  const venueLabel = parseVenueLabel(text(form, FIELD.venueLabel));
  return {
    title: text(form, FIELD.title),
    description: text(form, FIELD.description),
    categoryId: text(form, FIELD.categoryId),
    language: text(form, FIELD.language),
    isPublic: text(form, FIELD.isPublic) !== "false",
    timeZone: text(form, FIELD.timeZone),
    startsAt: text(form, FIELD.startsAt),
    endsAt: text(form, FIELD.endsAt),
    venueMode: text(form, FIELD.venueMode) === "new" ? "new" : "existing",
    venueQuery: text(form, FIELD.venueQuery),
    venue: Number.isInteger(venueId) && venueId > 0 ? { id: venueId, ...venueLabel } : null,
    newVenue: Object.fromEntries(
      VENUE_FIELDS.map((field) => [field, text(form, newVenueFieldName(field))]),
    ) as unknown as VenueValues,
    ticketTypes: Array.from(
      { length: ticketTypeRowCount(form) },
      (_, index) =>
        Object.fromEntries(
          TICKET_TYPE_FIELDS.map((field) => [field, text(form, ticketTypeFieldName(index, field))]),
        ) as unknown as TicketTypeValues,
    ),
    sponsorIds: form.getAll(FIELD.sponsorIds).filter((id): id is string => typeof id === "string"),
    coOrganizerEmails: text(form, FIELD.coOrganizerEmails),
    images: Array.from({ length: MAX_EVENT_IMAGES }, (_, slot) => ({
      alt: text(form, imageAltName(slot)),
      stored: stored[slot]?.stored ?? null,
      isRemoved: stored[slot]?.stored ? form.get(imageRemoveName(slot)) === "on" : false,
    })),
  };
}

/** The chosen venue's description travels as one hidden field: name, address and city, one per line. */
export function venueLabelOf(venue: VenueOption): string {
  return [venue.name, venue.address, venue.city].join("\n");
}

function parseVenueLabel(label: string): Omit<VenueOption, "id"> {
  const [name = "", address = "", city = ""] = label.slice(0, 500).split("\n");
  return { name, address, city };
}
