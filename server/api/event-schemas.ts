import { z } from "zod";
import { CATEGORIES, INTERESTS } from "#domain/catalog";
import { LANGUAGES } from "#domain/language";
import { ROLES } from "#domain/profile";
import { socialLinksSchema } from "#domain/profile-schema";
import { REPUTATION_LEVELS } from "#domain/reputation";
import { SPONSOR_TIERS } from "#domain/sponsor";
import { COUNT_CAP } from "#server/services/event-search";
import { count, id, instant, organizerName, uuid } from "./schema-primitives";

/* The answers of the events and directory reads, as events.ts, event-json.ts and site.ts write them. */

const reputationLevel = z.enum(REPUTATION_LEVELS).nullable();
const categoryKey = z.enum(CATEGORIES.map((entry) => entry.key) as [string, ...string[]]);

const priceLine = z
  .discriminatedUnion("kind", [
    z.object({ kind: z.literal("free") }),
    z.object({ kind: z.literal("from"), cents: count }),
    z.object({ kind: z.literal("single"), cents: count }),
    z.object({ kind: z.literal("none") }),
  ])
  .describe("What an event card's price line says: free, 'from' the lowest of several prices, one price, or none.");

const image = z.object({
  alt: z.string(),
  sources: z.array(z.object({ width: z.int().min(1), url: z.string().describe("A WebP file under /uploads.") })),
});

/** What every event shape starts with (eventBasicsJson). */
const eventBasics = {
  id,
  url: z.string().describe("The event's page on this site, a path."),
  title: z.string(),
  startsAt: instant,
  endsAt: instant,
  timeZone: z.string().describe("The IANA time zone the event happens in."),
  language: z.enum(LANGUAGES),
  isPublic: z.boolean(),
  isFeatured: z.boolean(),
  isPromoted: z.boolean().describe("Paid to rank first in search results, now."),
  isVip: z.boolean(),
  isFree: z.boolean(),
  isSoldOut: z.boolean(),
  isPast: z.boolean(),
  price: priceLine,
};

export const eventSummary = z
  .object({
    ...eventBasics,
    venue: z.object({ name: z.string(), city: z.string() }),
    category: z.object({ key: categoryKey, name: z.string() }),
    organizer: z.object({ id: uuid, name: organizerName, reputationLevel }),
    image: image.nullable(),
    ticketTypes: z.array(z.object({ priceCents: count, available: count })),
  })
  .describe("An event as lists show it.");

// The search always says how far each event is: null when the search has no point to measure from.
const eventSearchHit = eventSummary
  .extend({ distanceMiles: z.number().min(0).nullable() })
  .describe("An event in search results, with its distance from the searched point.");

const eventDetail = z
  .object({
    ...eventBasics,
    description: z.string().describe("As the organizer wrote it, in Markdown."),
    descriptionHtml: z.string().describe("The description as sanitized HTML."),
    status: z.enum(["published", "cancelled"]),
    venue: z.object({
      name: z.string(),
      address: z.string(),
      city: z.string(),
      state: z.string(),
      country: z.string(),
      zipCode: z.string(),
      latitude: z.number(),
      longitude: z.number(),
    }),
    category: z.object({ id, key: categoryKey, name: z.string() }),
    organizer: z.object({
      id: uuid,
      name: organizerName,
      organization: z.string().nullable(),
      profileImage: z.string().nullable(),
      reputationLevel,
    }),
    coOrganizers: z.array(z.object({ id: uuid, name: z.string() })),
    sponsors: z.array(
      z.object({ id, name: z.string(), logo: z.string(), website: z.string(), tier: z.enum(SPONSOR_TIERS) }),
    ),
    images: z.array(image),
    ticketTypes: z.array(
      z.object({ id, name: z.string(), description: z.string().nullable(), priceCents: count, available: count }),
    ),
  })
  .describe("One event with everything its page shows.");

const category = z.object({
  id,
  key: categoryKey,
  name: z.string(),
  icon: z.string().describe("A lucide icon name."),
  topRank: z.int().min(1).nullable().describe("Position among the home page's top categories, if it is one."),
  upcomingEvents: count,
});

export const venue = z.object({
  id,
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  zipCode: z.string(),
  latitude: z.number(),
  longitude: z.number(),
});

const sponsor = z.object({
  id,
  name: z.string(),
  logo: z.string(),
  website: z.string(),
  tier: z.enum(SPONSOR_TIERS),
  description: z.string(),
  industry: z.string(),
  contactEmail: z.string().describe("The sponsor's public contact address."),
});

const organizer = z.object({
  id: uuid,
  name: organizerName,
  role: z.enum(ROLES),
  organization: z.string().nullable(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  profileImage: z.string().nullable(),
  socialLinks: socialLinksSchema,
  reputation: z.object({ score: z.int().min(0).max(100), level: z.enum(REPUTATION_LEVELS) }).nullable(),
  upcomingEvents: z.array(eventSummary),
  pastEvents: z.array(eventSummary).describe("The most recent ones."),
});

/** Why an event was recommended (domain/recommendation-ranking.ts RecommendationReason). */
export const recommendationReason = z
  .discriminatedUnion("kind", [
    z
      .object({ kind: z.literal("interest"), category: categoryKey })
      .describe("A saved interest or a matchmaker category."),
    z.object({ kind: z.literal("language"), language: z.enum(LANGUAGES) }).describe("A language the person chose."),
    z.object({ kind: z.literal("public-events") }).describe("The 'Public Events' interest."),
    z.object({ kind: z.literal("bought-similar"), category: categoryKey }).describe("Tickets bought in this category."),
    z.object({ kind: z.literal("saved-similar"), category: categoryKey }).describe("Events saved in this category."),
    z.object({ kind: z.literal("followed-organizer"), name: z.string() }).describe("An organizer the person follows."),
    z.object({ kind: z.literal("people-like-you") }).describe("People with similar tickets bought tickets to it."),
    z.object({ kind: z.literal("family-friendly") }).describe("A family-friendly category, for 'with family'."),
    z.object({ kind: z.enum(["this-week", "this-weekend", "next-weekend", "this-month"]) }).describe("When it is."),
    z.object({ kind: z.literal("free") }).describe("Free, within the matchmaker's price."),
    z
      .object({ kind: z.literal("under-price"), cents: z.int().min(0) })
      .describe("Within the matchmaker's price, in cents."),
    z
      .object({ kind: z.literal("distance"), miles: z.int().min(0) })
      .describe("Miles from the matchmaker's starting point."),
  ])
  .describe("Why it was chosen: 'because' reasons strongest first, then facts (when, price, distance).");

export const savedInterest = z.object({
  key: z.enum(INTERESTS.map((entry) => entry.key) as [string, ...string[]]).describe("The interest's stable key."),
  name: z.string().describe("Its English name, which recommendations match on."),
});

const siteStats = z.object({ upcomingEvents: count, registeredPeople: count, organizers: count });

/** Named schemas: components.schemas of the document. */
export const EVENT_SCHEMAS = {
  EventSummary: eventSummary,
  EventSearchHit: eventSearchHit,
  EventDetail: eventDetail,
  EventSearchResult: z.object({
    data: z.array(eventSearchHit),
    page: id,
    pageSize: id,
    total: count.describe("How many events match: exactly, or at least this many when totalIsLowerBound."),
    totalIsLowerBound: z
      .boolean()
      .describe(
        `Counting stops at ${COUNT_CAP} matches, or at the end of the page asked for if that is further; ` +
          "when there are more, total is a lower bound.",
      ),
  }),
  EventResponse: z.object({ data: eventDetail }),
  CategoryList: z.object({ data: z.array(category) }),
  VenueList: z.object({ data: z.array(venue) }),
  SponsorList: z.object({ data: z.array(sponsor) }),
  SponsorResponse: z.object({ data: sponsor.extend({ events: z.array(eventSummary) }) }),
  OrganizerResponse: z.object({ data: organizer }),
  StatsResponse: z.object({ data: siteStats }),
} satisfies Record<string, z.ZodType>;
