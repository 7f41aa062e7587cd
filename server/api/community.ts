import { OpenAPIHono } from "@hono/zod-openapi";
import { etag } from "hono/etag";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import type { AppEnv } from "#server/http/app-env";
import { getCommunityPage } from "#server/services/community";
import { getProfilePage } from "#server/services/public-profile";
import { DIRECTORY_CACHE } from "./cache-control";
import { NOT_FOUND } from "./error-answers";
import { eventSummaryJson } from "./event-json";
import { operationRoute } from "./operation-route";
import { ok, publicRead } from "./public-read";

/* The community's public reads: one person's public profile, and what /community shows. */

const getUserProfile = operationRoute(
  "get",
  "/users/{id}",
  publicRead(
    {
      operationId: "getUserProfile",
      summary: "Get one person's public profile",
      description:
        "What /users/{id} shows (never an e-mail address): who they are, their followers, review, photo and " +
        "badge counts, their recent public reviews and the galleries they added photos to, and, when they " +
        "organize, their reputation, average rating and events.",
      tags: ["Community"],
      parameters: [
        {
          name: "id",
          in: "path",
          required: true,
          description:
            "The person's user id, a UUID (events give their organizer's as organizer.id). Anything else answers 404.",
          schema: { type: "string", format: "uuid" },
          example: "00000000-0000-4000-8000-000000000000",
        },
      ],
    },
    ok("The profile.", "UserProfileResponse", DIRECTORY_CACHE),
    NOT_FOUND("person"),
  ),
);

const getCommunity = operationRoute(
  "get",
  "/community",
  publicRead(
    {
      operationId: "getCommunity",
      summary: "What the community is doing",
      description:
        "What /community shows: recent public reviews and gallery photos, this month's top contributors, " +
        "newly earned badges, the most active organizers and upcoming Community events.",
      tags: ["Community"],
    },
    ok("The community's latest.", "CommunityResponse", DIRECTORY_CACHE),
  ),
);

const thumbnailUrl = (image: string) => `/uploads/${image}-480.webp`;
const personJson = (person: { id: string; name: string; profileImage: string | null }) => ({
  id: person.id,
  name: person.name,
  profileImage: person.profileImage,
  url: `/users/${person.id}`,
});

export function createCommunityApi() {
  const api = new OpenAPIHono<AppEnv>();
  api.use(etag({ weak: true }));

  api.openapi(getUserProfile, async (c) => {
    const now = currentTime();
    const page = await getProfilePage(c.get("db"), c.req.param("id"), now);
    if (!page) throw new AppError("not_found", "No such person.");
    c.header("Cache-Control", DIRECTORY_CACHE);
    const { profile, counts, organizer } = page;
    return c.json({
      data: {
        ...profile,
        url: `/users/${profile.id}`,
        followersCount: counts.followers,
        reviewCount: counts.reviews,
        photoCount: counts.photos,
        badgesCount: counts.badges,
        reviews: page.reviews.map((review) => ({ ...review, createdAt: review.createdAt.toISOString() })),
        galleries: page.galleries.map(({ thumbnail, ...gallery }) => ({
          ...gallery,
          thumbnail: {
            url: thumbnailUrl(thumbnail.image),
            alt: thumbnail.alt,
            width: thumbnail.width,
            height: thumbnail.height,
          },
        })),
        organizer: organizer && {
          reputation: organizer.reputation,
          rating: organizer.rating,
          upcomingEvents: organizer.upcoming.map((event) => eventSummaryJson(event, now)),
          pastEvents: organizer.past.map((event) => eventSummaryJson(event, now)),
        },
      },
    });
  });

  api.openapi(getCommunity, async (c) => {
    const now = currentTime();
    const page = await getCommunityPage(c.get("db"), now);
    c.header("Cache-Control", DIRECTORY_CACHE);
    return c.json({
      data: {
        monthStart: page.monthStart.toISOString(),
        reviews: page.reviews.map((review) => ({
          ...review,
          createdAt: review.createdAt.toISOString(),
          author: personJson(review.author),
        })),
        photos: page.photos.map(({ image, ...photo }) => ({
          ...photo,
          url: thumbnailUrl(image),
          createdAt: photo.createdAt.toISOString(),
          author: personJson(photo.author),
        })),
        topContributors: page.contributors.map(({ visits, points, reviews, photos, ...person }) => ({
          ...personJson(person),
          points,
          reviews,
          photos,
          shareVisits: visits,
        })),
        newBadges: page.badges.map((award) => ({
          badge: award.badge,
          awardedAt: award.awardedAt.toISOString(),
          person: personJson(award.person),
        })),
        activeOrganizers: page.organizers.map(({ upcomingEvents, ...person }) => ({
          ...personJson(person),
          upcomingEvents,
        })),
        communityEvents: page.events.map((event) => eventSummaryJson(event, now)),
      },
    });
  });

  return api;
}
