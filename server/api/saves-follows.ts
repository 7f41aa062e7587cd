import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import type { AppEnv } from "#server/http/app-env";
import {
  followOrganizer,
  followStateOf,
  listFollowing,
  listSavedEvents,
  saveEvent,
  unfollowOrganizer,
  unsaveEvent,
} from "#server/services/saves-follows";
import { getPublicProfile } from "#server/services/profiles";
import { PRIVATE_CACHE } from "./cache-control";
import { recordIdParameter } from "./common-parameters";
import { error, problem } from "./error-answers";
import { eventSummaryJson } from "./event-json";
import { eventSummary } from "./event-schemas";
import type { OpenApiParameter } from "./openapi-document-shape";
import { operationRoute } from "./operation-route";
import { eventIdOf } from "./path-event-id";
import { privateOperation } from "./private-operation";
import { requireActor } from "./require-actor";
import { instant } from "./schema-primitives";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EXAMPLE_ORGANIZER = "0b6c3f2e-8d4a-4f1b-9c7e-5a2d1e3f4b6c";

const savedState = z.object({ eventId: z.number().int(), saved: z.boolean() });
const followState = z.object({
  organizerId: z.uuid(),
  following: z.boolean(),
  followers: z.number().int().describe("How many people follow the organizer now."),
});
const followedOrganizer = z.object({ id: z.uuid(), name: z.string(), followedAt: instant });

/** Named schemas of the answers: components.schemas of the document. */
export const SAVES_FOLLOWS_SCHEMAS = {
  SavedState: z.object({ data: savedState }).meta({ examples: [{ data: { eventId: 7, saved: true } }] }),
  SavedEvents: z
    .object({
      data: z.object({
        upcoming: z.array(eventSummary).describe("Saved events to come, soonest first."),
        past: z.array(eventSummary).describe("Saved events that ended, latest first."),
      }),
    })
    .meta({ examples: [{ data: { upcoming: [], past: [] } }] }),
  FollowState: z
    .object({ data: followState })
    .meta({ examples: [{ data: { organizerId: EXAMPLE_ORGANIZER, following: true, followers: 42 } }] }),
  FollowedOrganizers: z.object({ data: z.array(followedOrganizer) }).meta({
    examples: [{ data: [{ id: EXAMPLE_ORGANIZER, name: "Selam Events", followedAt: "2026-11-27T01:12:40.000Z" }] }],
  }),
} satisfies Record<string, z.ZodType>;

const eventParameter = recordIdParameter("The event's number.");
const organizerParameter: OpenApiParameter = {
  name: "id",
  in: "path",
  required: true,
  description: "The organizer's id, a UUID (organizer.id of an event). Anything else answers 404.",
  schema: { type: "string", format: "uuid" },
  example: EXAMPLE_ORGANIZER,
};

const NO_EVENT = {
  "404": error("No event the public can see has this number (code not_found).", {
    not_found: { summary: "No such event", value: problem("not_found", "No such event.") },
  }),
};
const NO_ORGANIZER = {
  "404": error("Nobody has this id (code not_found).", {
    not_found: { summary: "No such person", value: problem("not_found", "No such person.") },
  }),
};

const listSavedRoute = operationRoute(
  "get",
  "/saved-events",
  privateOperation(
    {
      operationId: "listMySavedEvents",
      summary: "List my saved events",
      description:
        "The events the signed-in person saved (the heart) that the public still sees: upcoming ones soonest " +
        "first, then past ones latest first, at most 100 of each.",
      tags: ["Community"],
    },
    { description: "The saved events.", schema: "SavedEvents" },
  ),
);

const saveRoute = operationRoute(
  "put",
  "/saved-events/{id}",
  privateOperation(
    {
      operationId: "saveEvent",
      summary: "Save an event",
      description:
        "Saves a published event for the signed-in person; saving it again changes nothing. The day before " +
        "it, they get a reminder e-mail unless they turned reminders off.",
      tags: ["Community"],
      parameters: [eventParameter],
    },
    { description: "Saved.", schema: "SavedState" },
    NO_EVENT,
  ),
);

const unsaveRoute = operationRoute(
  "delete",
  "/saved-events/{id}",
  privateOperation(
    {
      operationId: "unsaveEvent",
      summary: "Unsave an event",
      description: "Forgets a saved event; an event that was not saved answers the same.",
      tags: ["Community"],
      parameters: [eventParameter],
    },
    { description: "Not saved (any more).", schema: "SavedState" },
    NO_EVENT,
  ),
);

const listFollowingRoute = operationRoute(
  "get",
  "/following",
  privateOperation(
    {
      operationId: "listMyFollowing",
      summary: "List whom I follow",
      description: "The organizers the signed-in person follows, latest followed first (at most 100).",
      tags: ["Community"],
    },
    { description: "The organizers followed.", schema: "FollowedOrganizers" },
  ),
);

const followRoute = operationRoute(
  "put",
  "/following/{id}",
  privateOperation(
    {
      operationId: "followOrganizer",
      summary: "Follow an organizer",
      description:
        "Follows an organizer; following again changes nothing. Their new events then show in the person's " +
        "notifications at once and in one e-mail a day at most (unless turned off). Nobody follows themselves.",
      tags: ["Community"],
      parameters: [organizerParameter],
    },
    { description: "Followed, with the follower count.", schema: "FollowState" },
    {
      "400": error("The organizer is the caller (code invalid, fields organizer: self).", {
        self: {
          summary: "Following oneself",
          value: problem("invalid", "Nobody follows themselves", { organizer: "self" }),
        },
      }),
      ...NO_ORGANIZER,
    },
  ),
);

const unfollowRoute = operationRoute(
  "delete",
  "/following/{id}",
  privateOperation(
    {
      operationId: "unfollowOrganizer",
      summary: "Unfollow an organizer",
      description: "Stops following an organizer; one not followed answers the same.",
      tags: ["Community"],
      parameters: [organizerParameter],
    },
    { description: "Not followed (any more), with the follower count.", schema: "FollowState" },
    NO_ORGANIZER,
  ),
);

function organizerIdOf(c: Context<AppEnv>): string {
  const id = c.req.param("id") ?? "";
  if (!UUID.test(id)) throw new AppError("not_found", "No such person.");
  return id.toLowerCase();
}

/**
 * `/api/v1/me/saved-events` (GET; PUT and DELETE `/{id}`) and `/api/v1/me/following` (GET; PUT and
 * DELETE `/{id}`): the signed-in person's saved events and followed organizers. 401 for visitors.
 */
export function createSavesFollowsApi() {
  const api = new OpenAPIHono<AppEnv>();
  api.use(async (c, next) => {
    await next();
    c.res.headers.set("Cache-Control", PRIVATE_CACHE);
  });
  api.openapi(listSavedRoute, async (c) => {
    const actor = requireActor(c);
    const now = currentTime();
    const saved = await listSavedEvents(c.get("db"), actor, now);
    return c.json({
      data: {
        upcoming: saved.upcoming.map((event) => eventSummaryJson(event, now)),
        past: saved.past.map((event) => eventSummaryJson(event, now)),
      },
    });
  });
  api.openapi(saveRoute, async (c) => {
    const actor = requireActor(c);
    const eventId = eventIdOf(c);
    await saveEvent(c.get("db"), actor, eventId, currentTime());
    return c.json({ data: { eventId, saved: true } });
  });
  api.openapi(unsaveRoute, async (c) => {
    const actor = requireActor(c);
    const eventId = eventIdOf(c);
    await unsaveEvent(c.get("db"), actor, eventId);
    return c.json({ data: { eventId, saved: false } });
  });
  api.openapi(listFollowingRoute, async (c) => {
    const actor = requireActor(c);
    const following = await listFollowing(c.get("db"), actor);
    return c.json({
      data: following.map((organizer) => ({ ...organizer, followedAt: organizer.followedAt.toISOString() })),
    });
  });
  api.openapi(followRoute, async (c) => {
    const actor = requireActor(c);
    const organizerId = organizerIdOf(c);
    await followOrganizer(c.get("db"), actor, organizerId, currentTime());
    const state = await followStateOf(c.get("db"), actor, organizerId);
    return c.json({ data: { organizerId, ...state } });
  });
  api.openapi(unfollowRoute, async (c) => {
    const actor = requireActor(c);
    const organizerId = organizerIdOf(c);
    const db = c.get("db");
    if (!(await getPublicProfile(db, organizerId))) throw new AppError("not_found", "No such person.");
    await unfollowOrganizer(db, actor.userId, organizerId);
    const state = await followStateOf(db, actor, organizerId);
    return c.json({ data: { organizerId, ...state } });
  });
  return api;
}
