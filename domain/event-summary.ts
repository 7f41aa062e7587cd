import type { Language } from "./language";
import type { ReputationLevel } from "./reputation";

/** What a list of events knows about each one: everything an event card shows. */
export interface EventSummary {
  id: number;
  title: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  language: Language;
  isPublic: boolean;
  isFeatured: boolean;
  /** Paid to rank first in search results, now. */
  isPromoted: boolean;
  venue: { name: string; city: string };
  category: { key: string; name: string };
  organizer: { id: string; name: string; reputationLevel: ReputationLevel | null };
  image: { storageKey: string; widths: number[]; alt: string } | null;
  ticketTypes: { priceCents: number; quantity: number; sold: number }[];
}
