import { z } from "zod";
import { BADGES } from "#domain/badges";
import { ROLES } from "#domain/profile";
import { socialLinksSchema } from "#domain/profile-schema";
import { REPUTATION_LEVELS } from "#domain/reputation";
import { EVENT_SCHEMAS } from "./event-schemas";
import { count, id, instant, uuid } from "./schema-primitives";

/* The answers of GET /users/{id} and GET /community (community.ts), as community-json.ts writes them. */

const eventSummary = EVENT_SCHEMAS.EventSummary;
const rating = z.int().min(1).max(5);
const eventRef = z.object({ id, title: z.string() });
const person = z.object({
  id: uuid,
  name: z.string(),
  profileImage: z.string().nullable(),
  url: z.string().describe("Their public profile's page on the site."),
});
const photo = z.object({
  url: z.string().describe("The photo's thumbnail, a WebP file under /uploads."),
  alt: z.string(),
  width: z.int().min(1),
  height: z.int().min(1),
});
const badgeKey = z.enum(BADGES.map((badge) => badge.key) as [string, ...string[]]);

const userProfile = z.object({
  id: uuid,
  name: z.string(),
  role: z.enum(ROLES),
  organization: z.string().nullable(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  profileImage: z.string().nullable(),
  socialLinks: socialLinksSchema,
  url: z.string().describe("The profile's page on the site."),
  followersCount: count,
  reviewCount: count.describe("Their reviews anyone may read (not hidden, of public events)."),
  photoCount: count.describe("Their gallery photos anyone may see."),
  badgesCount: count,
  reviews: z
    .array(z.object({ id, rating, body: z.string().nullable(), createdAt: instant, event: eventRef }))
    .describe("Their most recent public reviews."),
  galleries: z
    .array(z.object({ event: eventRef, photos: count, thumbnail: photo }))
    .describe("The galleries they added photos to, the most recent first."),
  organizer: z
    .object({
      reputation: z.object({ score: z.int().min(0).max(100), level: z.enum(REPUTATION_LEVELS).nullable() }).nullable(),
      rating: z.object({
        average: z.number().min(1).max(5).nullable().describe("Over the public reviews of all their public events."),
        reviews: count,
      }),
      upcomingEvents: z.array(eventSummary),
      pastEvents: z.array(eventSummary).describe("The most recent ones."),
    })
    .nullable()
    .describe("Their events and standing, when they organize; null otherwise."),
});

const community = z.object({
  monthStart: instant.describe("Where 'this month' of the top contributors starts (Washington's calendar)."),
  reviews: z.array(
    z.object({ id, rating, body: z.string().nullable(), createdAt: instant, event: eventRef, author: person }),
  ),
  photos: z.array(photo.extend({ id, createdAt: instant, event: eventRef, author: person })),
  topContributors: z
    .array(person.extend({ points: count, reviews: count, photos: count, shareVisits: count }))
    .describe("One point per review and gallery photo this month, and per visit their share links brought."),
  newBadges: z.array(z.object({ badge: badgeKey, awardedAt: instant, person })),
  activeOrganizers: z.array(person.extend({ upcomingEvents: count })),
  communityEvents: z.array(eventSummary).describe("Upcoming public events of the Community category."),
});

/** Named schemas: components.schemas of the document. */
export const COMMUNITY_SCHEMAS = {
  UserProfileResponse: z.object({ data: userProfile }),
  CommunityResponse: z.object({ data: community }),
} satisfies Record<string, z.ZodType>;
