import { parseRecordId } from "#domain/record-id";
import { Hono } from "hono";
import { etag } from "hono/etag";
import { parseEventSearch } from "#domain/event-search";
import { currentTime } from "#server/clock";
import type { AppEnv } from "#server/http/app-env";
import { AppError } from "#server/errors";
import { getEventDetail } from "#server/services/event-detail";
import { searchEvents } from "#server/services/event-search";
import { eventDetailJson, eventSummaryJson } from "./event-json";
import { invalidInput } from "./invalid-input";

/** `/api/v1/events`: public reads of published events. */
export function createEventsApi() {
  const api = new Hono<AppEnv>();
  // Public reads answer 304 when the client already has the same body.
  api.use(etag({ weak: true }));

  api.get("/", async (c) => {
    const parsed = parseEventSearch(new URL(c.req.url).searchParams);
    if (!parsed.success) throw invalidInput(parsed.error, "The search parameters are not valid.");
    const now = currentTime();
    const result = await searchEvents(c.get("db"), parsed.data, now);
    c.header("Cache-Control", "public, max-age=30, stale-while-revalidate=60");
    return c.json({
      data: result.events.map((event) => eventSummaryJson(event, now)),
      page: result.page,
      pageSize: result.pageSize,
      total: result.total,
      // Past 1,000 matches `total` is a lower bound: at least that many match (decision 004).
      totalIsLowerBound: result.totalIsLowerBound,
    });
  });

  api.get("/:id", async (c) => {
    const id = parseRecordId(c.req.param("id"));
    if (id === null) {
      throw new AppError("not_found", "No such event.");
    }
    const now = currentTime();
    const event = await getEventDetail(c.get("db"), id, now);
    if (!event) throw new AppError("not_found", "No such event.");
    c.header("Cache-Control", "public, max-age=30, stale-while-revalidate=60");
    return c.json({ data: eventDetailJson(event, now) });
  });

  return api;
}
