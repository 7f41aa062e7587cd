import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type { Language } from "#domain/language";
import { bySponsorTier } from "#domain/sponsor";
import type { ReputationLevel } from "#domain/reputation";
import type { Database } from "#server/db/client";
import {
  categories,
  eventCoOrganizers,
  eventImages,
  events,
  eventSponsors,
  organizerReputations,
  profiles,
  sponsors,
  ticketTypes,
  venues,
} from "#server/db/schema";
import { activePromotion } from "./active-promotion";
import { publicEventPageCondition } from "./event-visibility";
import { renderMarkdown } from "./markdown";

export interface EventDetail {
  id: number;
  title: string;
  descriptionHtml: string;
  description: string;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  language: Language;
  isPublic: boolean;
  isFeatured: boolean;
  isPromoted: boolean;
  status: "published" | "cancelled";
  /** Set when staff hid the event (moderation): only its organizers and staff are shown it, with why. */
  hidden: { at: Date; reason: string | null } | null;
  createdAt: Date;
  updatedAt: Date;
  venue: {
    name: string;
    address: string;
    city: string;
    state: string;
    country: string;
    zipCode: string;
    latitude: number;
    longitude: number;
  };
  category: { id: number; key: string; name: string };
  organizer: {
    id: string;
    name: string;
    organization: string | null;
    profileImage: string | null;
    reputationLevel: ReputationLevel | null;
  };
  coOrganizers: { id: string; name: string }[];
  sponsors: { id: number; name: string; logo: string; website: string; tier: "gold" | "silver" | "bronze" }[];
  images: { storageKey: string; widths: number[]; alt: string }[];
  ticketTypes: {
    id: number;
    name: string;
    description: string | null;
    priceCents: number;
    quantity: number;
    sold: number;
    salesStartAt: Date | null;
    salesEndAt: Date | null;
  }[];
}

/**
 * A published (or cancelled) event with everything its page shows; null when there is none to show
 * the public (event-visibility.ts). `includeHidden` also gives an event staff hid, for the pages its
 * organizers and staff still open: the caller decides who may see it.
 */
export async function getEventDetail(
  db: Database,
  id: number,
  now: Date,
  { includeHidden = false }: { includeHidden?: boolean } = {},
): Promise<EventDetail | null> {
  const [row] = await db
    .select({
      event: events,
      venue: venues,
      category: { id: categories.id, key: categories.key, name: categories.name },
      organizer: { name: profiles.name, organization: profiles.organization, profileImage: profiles.profileImage },
      reputationLevel: organizerReputations.level,
      isPromoted: activePromotion("explore", now, events.id),
    })
    .from(events)
    .innerJoin(venues, eq(venues.id, events.venueId))
    .innerJoin(categories, eq(categories.id, events.categoryId))
    .innerJoin(profiles, eq(profiles.userId, events.organizerId))
    .leftJoin(organizerReputations, eq(organizerReputations.organizerId, events.organizerId))
    .where(and(eq(events.id, id), includeHidden ? ne(events.status, "draft") : publicEventPageCondition()));
  if (!row) return null;

  const [images, tickets, coOrganizers, eventSponsorRows] = await Promise.all([
    db.select().from(eventImages).where(eq(eventImages.eventId, id)).orderBy(asc(eventImages.position)),
    db
      .select()
      .from(ticketTypes)
      .where(eq(ticketTypes.eventId, id))
      .orderBy(asc(ticketTypes.position), asc(ticketTypes.id)),
    db
      .select({ id: profiles.userId, name: profiles.name })
      .from(eventCoOrganizers)
      .innerJoin(profiles, eq(profiles.userId, eventCoOrganizers.userId))
      .where(eq(eventCoOrganizers.eventId, id))
      .orderBy(asc(profiles.name)),
    // Only the sponsors that approved appearing here (staff or the sponsor's own account).
    db
      .select({ sponsorId: eventSponsors.sponsorId })
      .from(eventSponsors)
      .where(and(eq(eventSponsors.eventId, id), eq(eventSponsors.status, "approved"))),
  ]);
  const sponsorRows =
    eventSponsorRows.length === 0
      ? []
      : await db
          .select()
          .from(sponsors)
          .where(
            inArray(
              sponsors.id,
              eventSponsorRows.map((link) => link.sponsorId),
            ),
          );

  const { event, venue } = row;
  return {
    id: event.id,
    title: event.title,
    description: event.description,
    descriptionHtml: renderMarkdown(event.description),
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    timeZone: event.timeZone,
    language: event.language,
    isPublic: event.isPublic,
    isFeatured: event.isFeatured,
    isPromoted: Boolean(row.isPromoted),
    status: event.status === "cancelled" ? "cancelled" : "published",
    hidden: event.hiddenAt ? { at: event.hiddenAt, reason: event.hiddenReason } : null,
    createdAt: event.createdAt,
    updatedAt: event.updatedAt,
    venue: {
      name: venue.name,
      address: venue.address,
      city: venue.city,
      state: venue.state,
      country: venue.country,
      zipCode: venue.zipCode,
      latitude: venue.latitude,
      longitude: venue.longitude,
    },
    category: row.category,
    organizer: { id: event.organizerId, ...row.organizer, reputationLevel: row.reputationLevel },
    coOrganizers,
    sponsors: sponsorRows
      .map(({ id: sponsorId, name, logo, website, tier }) => ({ id: sponsorId, name, logo, website, tier }))
      .sort(bySponsorTier),
    images: images.map(({ storageKey, widths, alt }) => ({ storageKey, widths, alt })),
    ticketTypes: tickets.map(
      ({ id: ticketId, name, description, priceCents, quantity, sold, salesStartAt, salesEndAt }) => ({
        id: ticketId,
        name,
        description,
        priceCents,
        quantity,
        sold,
        salesStartAt,
        salesEndAt,
      }),
    ),
  };
}
