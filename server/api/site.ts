import { parseRecordId } from "#domain/record-id";
import { asc } from "drizzle-orm";
import { Hono } from "hono";
import { etag } from "hono/etag";
import { currentTime } from "#server/clock";
import { venues } from "#server/db/schema";
import { AppError } from "#server/errors";
import type { AppEnv } from "#server/http/app-env";
import { listCategories } from "#server/services/categories";
import { getOrganizerPage, getSponsorPage, listSponsors } from "#server/services/profiles";
import { getSiteStats } from "#server/services/site-stats";
import { eventSummaryJson } from "./event-json";

const PUBLIC = "public, max-age=60";

/** Small public reads: stats, categories, venues, sponsors and organizers. */
export function createSiteApi() {
  const api = new Hono<AppEnv>();
  api.use(etag({ weak: true }));

  api.get("/stats", async (c) => {
    c.header("Cache-Control", "public, max-age=2");
    return c.json({ data: await getSiteStats(c.get("db"), currentTime()) });
  });

  api.get("/categories", async (c) => {
    c.header("Cache-Control", PUBLIC);
    return c.json({ data: await listCategories(c.get("db"), currentTime()) });
  });

  api.get("/venues", async (c) => {
    c.header("Cache-Control", PUBLIC);
    return c.json({ data: await c.get("db").select().from(venues).orderBy(asc(venues.name)) });
  });

  api.get("/sponsors", async (c) => {
    c.header("Cache-Control", PUBLIC);
    return c.json({ data: await listSponsors(c.get("db")) });
  });

  api.get("/sponsors/:id", async (c) => {
    const id = parseRecordId(c.req.param("id"));
    if (id === null) throw new AppError("not_found", "No such sponsor.");
    const now = currentTime();
    const page = await getSponsorPage(c.get("db"), id, now);
    if (!page) throw new AppError("not_found", "No such sponsor.");
    c.header("Cache-Control", PUBLIC);
    return c.json({ data: { ...page.sponsor, events: page.events.map((event) => eventSummaryJson(event, now)) } });
  });

  api.get("/organizers/:id", async (c) => {
    const now = currentTime();
    const page = await getOrganizerPage(c.get("db"), c.req.param("id"), now);
    if (!page) throw new AppError("not_found", "No such organizer.");
    c.header("Cache-Control", PUBLIC);
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
