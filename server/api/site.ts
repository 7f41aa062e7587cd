import { parseRecordId } from "#domain/record-id";
import { OpenAPIHono } from "@hono/zod-openapi";
import { etag } from "hono/etag";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import type { AppEnv } from "#server/http/app-env";
import { listCategories } from "#server/services/categories";
import { getOrganizerPage, getSponsorPage, listSponsors } from "#server/services/profiles";
import { getSiteStats } from "#server/services/site-stats";
import { listVenues } from "#server/services/venues";
import { DIRECTORY_CACHE, STATS_CACHE } from "./cache-control";
import { recordIdParameter } from "./common-parameters";
import { NOT_FOUND } from "./error-answers";
import { eventSummaryJson } from "./event-json";
import { operationRoute } from "./operation-route";
import { ok, publicRead } from "./public-read";

const getStats = operationRoute(
  "get",
  "/stats",
  publicRead(
    {
      operationId: "getStats",
      summary: "Site figures",
      description: "Live counts: upcoming published events, registered people and organizers.",
      tags: ["Site"],
    },
    ok("The figures.", "StatsResponse", STATS_CACHE),
  ),
);

const listCategoriesRoute = operationRoute(
  "get",
  "/categories",
  publicRead(
    {
      operationId: "listCategories",
      summary: "List categories",
      description: "All categories in their order, each with how many published events have not ended yet.",
      tags: ["Directory"],
    },
    ok("The categories.", "CategoryList", DIRECTORY_CACHE),
  ),
);

const listVenuesRoute = operationRoute(
  "get",
  "/venues",
  publicRead(
    {
      operationId: "listVenues",
      summary: "List venues",
      description: "All venues by name, with their address and coordinates.",
      tags: ["Directory"],
    },
    ok("The venues.", "VenueList", DIRECTORY_CACHE),
  ),
);

const listSponsorsRoute = operationRoute(
  "get",
  "/sponsors",
  publicRead(
    {
      operationId: "listSponsors",
      summary: "List sponsors",
      description: "All sponsors, gold first, then silver and bronze, by name within a tier.",
      tags: ["Directory"],
    },
    ok("The sponsors.", "SponsorList", DIRECTORY_CACHE),
  ),
);

const getSponsor = operationRoute(
  "get",
  "/sponsors/{id}",
  publicRead(
    {
      operationId: "getSponsor",
      summary: "Get one sponsor",
      description: "A sponsor with the upcoming published events it supports.",
      tags: ["Directory"],
      parameters: [recordIdParameter("The sponsor's number.")],
    },
    ok("The sponsor and its events.", "SponsorResponse", DIRECTORY_CACHE),
    NOT_FOUND("sponsor"),
  ),
);

const getOrganizer = operationRoute(
  "get",
  "/organizers/{id}",
  publicRead(
    {
      operationId: "getOrganizer",
      summary: "Get one organizer",
      description:
        "An organizer's public profile (never an e-mail address), reputation, upcoming events and most " +
        "recent past events.",
      tags: ["Directory"],
      parameters: [
        {
          name: "id",
          in: "path",
          required: true,
          description: "The organizer's user id, a UUID (events give it as organizer.id). Anything else answers 404.",
          schema: { type: "string", format: "uuid" },
          example: "00000000-0000-4000-8000-000000000000",
        },
      ],
    },
    ok("The organizer.", "OrganizerResponse", DIRECTORY_CACHE),
    NOT_FOUND("organizer"),
  ),
);

/** Small public reads: stats, categories, venues, sponsors and organizers. */
export function createSiteApi() {
  const api = new OpenAPIHono<AppEnv>();
  api.use(etag({ weak: true }));

  api.openapi(getStats, async (c) => {
    c.header("Cache-Control", STATS_CACHE);
    return c.json({ data: await getSiteStats(c.get("db"), currentTime()) });
  });

  api.openapi(listCategoriesRoute, async (c) => {
    c.header("Cache-Control", DIRECTORY_CACHE);
    return c.json({ data: await listCategories(c.get("db"), currentTime()) });
  });

  api.openapi(listVenuesRoute, async (c) => {
    c.header("Cache-Control", DIRECTORY_CACHE);
    return c.json({ data: await listVenues(c.get("db")) });
  });

  api.openapi(listSponsorsRoute, async (c) => {
    c.header("Cache-Control", DIRECTORY_CACHE);
    return c.json({ data: await listSponsors(c.get("db")) });
  });

  api.openapi(getSponsor, async (c) => {
    const id = parseRecordId(c.req.param("id"));
    if (id === null) throw new AppError("not_found", "No such sponsor.");
    const now = currentTime();
    const page = await getSponsorPage(c.get("db"), id, now);
    if (!page) throw new AppError("not_found", "No such sponsor.");
    c.header("Cache-Control", DIRECTORY_CACHE);
    return c.json({ data: { ...page.sponsor, events: page.events.map((event) => eventSummaryJson(event, now)) } });
  });

  api.openapi(getOrganizer, async (c) => {
    const now = currentTime();
    const page = await getOrganizerPage(c.get("db"), c.req.param("id"), now);
    if (!page) throw new AppError("not_found", "No such organizer.");
    c.header("Cache-Control", DIRECTORY_CACHE);
    return c.json({
      data: {
        ...page.profile,
        reputation: page.reputation,
        upcomingEvents: page.upcoming.map((event) => eventSummaryJson(event, now)),
        pastEvents: page.past.map((event) => eventSummaryJson(event, now)),
      },
    });
  });

  return api;
}
