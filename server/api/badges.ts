import { OpenAPIHono } from "@hono/zod-openapi";
import { etag } from "hono/etag";
import { z } from "zod";
import { BADGE_MEASURES } from "#domain/badge-rules";
import { BADGE_FAMILIES, BADGE_KEYS, BADGE_LEVELS } from "#domain/badges";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import type { AppEnv } from "#server/http/app-env";
import { getMyBadges, listEarnedBadges, type EarnedBadge, type MyBadge } from "#server/services/badges";
import { getPublicProfile } from "#server/services/profiles";
import { DIRECTORY_CACHE, PRIVATE_CACHE } from "./cache-control";
import { NOT_FOUND } from "./error-answers";
import { operationRoute } from "./operation-route";
import { privateOperation } from "./private-operation";
import { ok, publicRead } from "./public-read";
import { requireActor } from "./require-actor";
import { count, instant } from "./schema-primitives";

/* The badges (issue 19): one's own with progress (private), anyone's earned ones (public). */

const badgeFields = {
  key: z.enum(BADGE_KEYS as [string, ...string[]]).describe("Which of the 15 badges (docs/badges.md)."),
  family: z.enum(BADGE_FAMILIES),
  level: z.enum(BADGE_LEVELS),
};

const earnedBadge = z.object({ ...badgeFields, awardedAt: instant }).describe("A badge the person holds.");

const badgeProgress = z
  .object({
    ...badgeFields,
    measure: z.enum(BADGE_MEASURES).describe("What the badge counts (docs/badges.md)."),
    target: count.describe("The count that earns it."),
    progress: count.describe("The person's count toward it, at most target: '3 of 5'."),
    earned: z.boolean(),
    awardedAt: instant.nullable().describe("When it was awarded; null while not held."),
  })
  .describe("A badge and how far the signed-in person is toward it.");

const EXAMPLES = {
  EarnedBadgeList: {
    data: [{ key: "first_timer", family: "attendee", level: "bronze", awardedAt: "2026-11-20T18:04:11.000Z" }],
  },
  BadgeProgressList: {
    data: [
      {
        key: "first_timer",
        family: "attendee",
        level: "bronze",
        measure: "eventsAttended",
        target: 1,
        progress: 1,
        earned: true,
        awardedAt: "2026-11-20T18:04:11.000Z",
      },
      {
        key: "event_explorer",
        family: "attendee",
        level: "silver",
        measure: "eventsAttended",
        target: 5,
        progress: 3,
        earned: false,
        awardedAt: null,
      },
    ],
  },
};

/** Named schemas: components.schemas of the document. */
export const BADGE_SCHEMAS = {
  EarnedBadge: earnedBadge,
  BadgeProgress: badgeProgress,
  EarnedBadgeList: z.object({ data: z.array(earnedBadge) }).meta({
    description: "The person's badges, in the catalogue's order (organizer, attendee, contribution).",
    examples: [EXAMPLES.EarnedBadgeList],
  }),
  BadgeProgressList: z.object({ data: z.array(badgeProgress) }).meta({
    description: "All 15 badges in the catalogue's order, each with the signed-in person's progress.",
    examples: [EXAMPLES.BadgeProgressList],
  }),
} satisfies Record<string, z.ZodType>;

const listMyBadgesRoute = operationRoute(
  "get",
  "/me/badges",
  privateOperation(
    {
      operationId: "listMyBadges",
      summary: "My badges and progress",
      description:
        "All 15 badges with the signed-in person's count toward each ('3 of 5 events attended') and the " +
        "ones they hold. Badges are awarded by the jobs worker moments after the activity that earns them.",
      tags: ["Badges"],
    },
    { description: "The badges.", schema: "BadgeProgressList" },
  ),
);

const listUserBadgesRoute = operationRoute(
  "get",
  "/users/{id}/badges",
  publicRead(
    {
      operationId: "listUserBadges",
      summary: "A person's badges",
      description: "The badges a person holds, as their public profile shows them.",
      tags: ["Badges"],
      parameters: [
        {
          name: "id",
          in: "path",
          required: true,
          description:
            "The person's user id, a UUID (events give an organizer's as organizer.id). Anything else answers 404.",
          schema: { type: "string", format: "uuid" },
          example: "00000000-0000-4000-8000-000000000000",
        },
      ],
    },
    ok("The badges.", "EarnedBadgeList", DIRECTORY_CACHE),
    NOT_FOUND("person"),
  ),
);

/**
 * The badges API, mounted at `/api/v1`:
 * - `GET /me/badges`: the signed-in person's 15 badges with progress (401 for visitors);
 * - `GET /users/{id}/badges`: the badges a person holds, for anyone (404 for no such person).
 */
export function createBadgesApi() {
  const api = new OpenAPIHono<AppEnv>();
  api.use("/me/badges", async (c, next) => {
    await next();
    c.res.headers.set("Cache-Control", PRIVATE_CACHE);
  });
  api.use("/users/*", etag({ weak: true }));

  api.openapi(listMyBadgesRoute, async (c) => {
    const actor = requireActor(c);
    const badges = await getMyBadges(c.get("db"), actor.userId, currentTime());
    return c.json({ data: badges.map(badgeProgressJson) });
  });

  api.openapi(listUserBadgesRoute, async (c) => {
    const db = c.get("db");
    const profile = await getPublicProfile(db, c.req.param("id"));
    if (!profile) throw new AppError("not_found", "No such person.");
    c.header("Cache-Control", DIRECTORY_CACHE);
    return c.json({ data: (await listEarnedBadges(db, profile.id)).map(earnedBadgeJson) });
  });

  return api;
}

function earnedBadgeJson(badge: EarnedBadge) {
  return { key: badge.key, family: badge.family, level: badge.level, awardedAt: badge.awardedAt.toISOString() };
}

function badgeProgressJson(badge: MyBadge) {
  return {
    key: badge.key,
    family: badge.family,
    level: badge.level,
    measure: badge.measure,
    target: badge.target,
    progress: badge.progress,
    earned: badge.earned,
    awardedAt: badge.awardedAt?.toISOString() ?? null,
  };
}
