import { parseRecordId } from "#domain/record-id";
import { OpenAPIHono } from "@hono/zod-openapi";
import { etag } from "hono/etag";
import { z } from "zod";
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_RADIUS_MILES,
  eventSearchSchema,
  parseEventSearch,
  type EventSearchInput,
} from "#domain/event-search";
import { currentTime } from "#server/clock";
import type { AppEnv } from "#server/http/app-env";
import { AppError } from "#server/errors";
import { getEventDetail } from "#server/services/event-detail";
import { searchEvents } from "#server/services/event-search";
import { EVENTS_CACHE } from "./cache-control";
import { recordIdParameter } from "./common-parameters";
import { error, NOT_FOUND } from "./error-answers";
import { eventDetailJson, eventSummaryJson } from "./event-json";
import { invalidInput } from "./invalid-input";
import type { JsonSchema, OpenApiParameter } from "./openapi-document-shape";
import { operationRoute } from "./operation-route";
import { ok, publicRead } from "./public-read";

interface SearchParameterDoc {
  description: string;
  /** What the search does when the parameter is absent (the schema itself has no defaults). */
  default?: string | number;
  example?: string | number;
}

/**
 * Words for each search parameter. Keyed by the schema's own input type, so adding a parameter to
 * eventSearchSchema without describing it here fails the typecheck.
 */
const SEARCH_PARAMETERS: Record<keyof EventSearchInput, SearchParameterDoc> = {
  q: {
    description:
      "Words to find in the title, description, venue, city, category or organizer. Accents and case are " +
      "ignored and small typos tolerated; runs of spaces count as one.",
  },
  category: { description: "Only events in this category.", example: "music" },
  date: {
    description:
      "Only events in this window of Washington's calendar: today, this weekend, this week (until Monday), " +
      "this month, or custom (then give from, to or both).",
  },
  from: { description: "With date=custom: the first day, as YYYY-MM-DD." },
  to: { description: "With date=custom: the last day, as YYYY-MM-DD; not before from." },
  price: { description: "free: events with a free ticket; under30: events with a ticket at $30 or less." },
  maxPrice: { description: "Only events with a ticket at or under this price, in US dollars." },
  language: { description: "Only events held in this language." },
  vip: {
    description: "Only VIP events: private ones, ones with a ticket over $200, or with VIP in the title.",
    default: "false",
  },
  featured: { description: "Only featured events, and events promoted on the home page.", default: "false" },
  near: { description: "Only events within radius miles of this place in the DMV." },
  lat: { description: "Latitude of a point to search around; give lng too. Wins over near." },
  lng: { description: "Longitude of a point to search around; give lat too." },
  radius: { description: "With near or lat and lng: how far from the point, in miles.", default: DEFAULT_RADIUS_MILES },
  past: { description: "Also events that have already ended.", default: "false" },
  sort: {
    description:
      "The order of results. When absent: relevance if q is given, else distance if a point is given, else " +
      "date; events promoted in search come first unless a sort is asked for. relevance needs q.",
  },
  page: { description: "Which page of results.", default: 1 },
  limit: { description: "How many events per page.", default: DEFAULT_PAGE_SIZE, example: 5 },
};

/** The query parameters of GET /events, generated from the schema that parses them. */
function searchParameters(): OpenApiParameter[] {
  // Input side: what a client sends (enums, bounds, patterns), before zod's transforms.
  const { properties = {} } = z.toJSONSchema(eventSearchSchema, { io: "input" }) as {
    properties?: Record<string, JsonSchema>;
  };
  const fromSchema = Object.entries(properties).map(([name, schema]): OpenApiParameter => {
    const words = SEARCH_PARAMETERS[name as keyof EventSearchInput] as SearchParameterDoc | undefined;
    if (!words) throw new Error(`The search parameter ${name} has no description in server/api/events.ts`);
    return {
      name,
      in: "query",
      required: false,
      description: words.description,
      schema: words.default === undefined ? schema : { ...schema, default: words.default },
      ...(words.example === undefined ? {} : { example: words.example }),
    };
  });
  // parseEventSearch drops `lang` before the schema sees it: the same URL serves the /events page.
  const lang: OpenApiParameter = {
    name: "lang",
    in: "query",
    required: false,
    description:
      "Accepted and ignored, so that a link to the /events page works here unchanged. To filter by the " +
      "language of events, use language.",
    schema: { type: "string" },
  };
  return [...fromSchema, lang];
}

const listEvents = operationRoute(
  "get",
  "/",
  publicRead(
    {
      operationId: "listEvents",
      summary: "Search events",
      description:
        "Published events that have not ended, a page at a time, with the same search, filters and sorts " +
        "as the /events page. Unknown parameters are refused.",
      tags: ["Events"],
      parameters: searchParameters(),
    },
    ok(
      "A page of events, the page number, its size and the total number of matches.",
      "EventSearchResult",
      EVENTS_CACHE,
    ),
    { "400": error("A parameter is not valid (code invalid); fields names each bad one.") },
  ),
);

const getEvent = operationRoute(
  "get",
  "/{id}",
  publicRead(
    {
      operationId: "getEvent",
      summary: "Get one event",
      description: "A published or cancelled event with its venue, tickets, organizer, sponsors and images.",
      tags: ["Events"],
      parameters: [recordIdParameter("The event's number.")],
    },
    ok("The event.", "EventResponse", EVENTS_CACHE),
    NOT_FOUND("event"),
  ),
);

/** `/api/v1/events`: public reads of published events. */
export function createEventsApi() {
  const api = new OpenAPIHono<AppEnv>();
  // Public reads answer 304 when the client already has the same body.
  api.use(etag({ weak: true }));

  // The search is parsed as the /events page parses it (parseEventSearch), from the same schema its
  // parameters are documented with.
  api.openapi(listEvents, async (c) => {
    const parsed = parseEventSearch(new URL(c.req.url).searchParams);
    if (!parsed.success) throw invalidInput(parsed.error, "The search parameters are not valid.");
    const now = currentTime();
    const result = await searchEvents(c.get("db"), parsed.data, now);
    c.header("Cache-Control", EVENTS_CACHE);
    return c.json({
      data: result.events.map((event) => eventSummaryJson(event, now)),
      page: result.page,
      pageSize: result.pageSize,
      total: result.total,
      // Past 1,000 matches `total` is a lower bound: at least that many match (decision 004).
      totalIsLowerBound: result.totalIsLowerBound,
    });
  });

  api.openapi(getEvent, async (c) => {
    const id = parseRecordId(c.req.param("id"));
    if (id === null) {
      throw new AppError("not_found", "No such event.");
    }
    const now = currentTime();
    const event = await getEventDetail(c.get("db"), id, now);
    if (!event) throw new AppError("not_found", "No such event.");
    c.header("Cache-Control", EVENTS_CACHE);
    return c.json({ data: eventDetailJson(event, now) });
  });

  return api;
}
