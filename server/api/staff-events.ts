import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
import { parseRecordId } from "#domain/record-id";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import type { AppEnv } from "#server/http/app-env";
import { limitBody, readJsonBody } from "#server/http/json-body";
import { FIGURE_KEYS, FIGURE_WEEKS, MAJOR_EVENT_COUNT, TAGLINE_MAX_LENGTH } from "#domain/staff-console";
import { getPlatformFigures } from "#server/services/platform-figures";
import { setEventFeatured, setMajorEvents } from "#server/services/staff-events";
import { PRIVATE_CACHE } from "./cache-control";
import { recordIdParameter } from "./common-parameters";
import { error, problem } from "./error-answers";
import { invalidInput } from "./invalid-input";
import { operationRoute } from "./operation-route";
import { privateOperation } from "./private-operation";
import { requireStaffActor } from "./require-staff";

/*
 * The staff console's events and figures as JSON (issue 18), under /api/v1/staff: for staff only
 * (401 for visitors, 403 for anyone else signed in). Every change is in the audit log.
 */

const BODY_SHAPE = 'The body must be JSON: {"eventIds": [<id>, <id>, <id>], "taglines": ["…", "…", "…"]}.';

const figureSchema = z.object({
  key: z.enum(FIGURE_KEYS).describe("What is counted; the ones ending in Cents are sums of money in US cents."),
  total: z.number().int().describe("Since the beginning."),
  byWeek: z.array(z.number().int()).describe("One value per week of weeks, in the same order."),
});

/** Named schemas of the answers: components.schemas of the document. */
export const STAFF_EVENT_SCHEMAS = {
  PlatformFigures: z
    .object({
      data: z.object({
        weeks: z
          .array(z.string())
          .describe(
            `The Mondays (YYYY-MM-DD) of the last ${FIGURE_WEEKS} UTC weeks, oldest first; the last is still running.`,
          ),
        figures: z.array(figureSchema),
      }),
    })
    .describe("The platform's figures: totals and by week."),
  FeaturedEventResponse: z
    .object({ data: z.object({ id: z.number().int(), title: z.string(), isFeatured: z.boolean() }) })
    .describe("The event and whether it is featured now."),
  MajorEventList: z
    .object({
      data: z.array(
        z.object({ position: z.number().int().min(1).max(3), eventId: z.number().int(), tagline: z.string() }),
      ),
    })
    .describe("The home page's three Major Events, in their order."),
} satisfies Record<string, z.ZodType>;

const majorEventsBodySchema = z
  .object({
    eventIds: z
      .array(z.number().int().min(1).max(2_147_483_647))
      .length(MAJOR_EVENT_COUNT)
      .describe("Three different published events that have not ended, in the home page's order."),
    taglines: z
      .array(z.string().max(TAGLINE_MAX_LENGTH).nullable())
      .length(MAJOR_EVENT_COUNT)
      .optional()
      .describe("Each event's tagline; null or empty keeps the tagline of an event that already is a Major Event."),
  })
  .strict();

/** The request bodies, as JSON Schema in the document (components.schemas). */
export const STAFF_EVENT_REQUEST_BODIES = {
  MajorEventsInput: majorEventsBodySchema,
} satisfies Record<string, z.ZodType>;

const FORBIDDEN = {
  "403": error("Signed in, but not staff (code forbidden).", {
    forbidden: { summary: "Not staff", value: problem("forbidden", "Staff only") },
  }),
};

const EVENT_NOT_FOUND = {
  "404": error("No such event (code not_found).", {
    not_found: { summary: "No such event", value: problem("not_found", "No such event.", { eventId: "not_found" }) },
  }),
};

const getFiguresRoute = operationRoute(
  "get",
  "/figures",
  privateOperation(
    {
      operationId: "getStaffFigures",
      summary: "Platform figures",
      description:
        "For staff: people (confirmed accounts), organizers, published events, confirmed orders, valid tickets, " +
        "revenue (confirmed orders' totals) and promotion income (paid campaigns), since the beginning and per " +
        `UTC week (Monday to Sunday) for the last ${FIGURE_WEEKS} weeks. Money is in US cents.`,
      tags: ["Staff"],
    },
    { description: "The figures.", schema: "PlatformFigures" },
    FORBIDDEN,
  ),
);

const featureEventRoute = operationRoute(
  "put",
  "/events/{id}/featured",
  privateOperation(
    {
      operationId: "featureEvent",
      summary: "Feature an event",
      description:
        "For staff: shows a published event that is not hidden among the Featured Events (and on the home page). " +
        "Featuring one already featured changes nothing. Audited.",
      tags: ["Staff"],
      parameters: [recordIdParameter("The event's number.")],
    },
    { description: "The event, featured.", schema: "FeaturedEventResponse" },
    {
      "400": error("Not published, or hidden (code invalid, fields eventId: not_published).", {
        not_published: {
          summary: "Not published",
          value: problem("invalid", "Only a published event that is not hidden can be featured.", {
            eventId: "not_published",
          }),
        },
      }),
      ...FORBIDDEN,
      ...EVENT_NOT_FOUND,
    },
  ),
);

const unfeatureEventRoute = operationRoute(
  "delete",
  "/events/{id}/featured",
  privateOperation(
    {
      operationId: "unfeatureEvent",
      summary: "Stop featuring an event",
      description: "For staff: takes an event out of the Featured Events. One not featured changes nothing. Audited.",
      tags: ["Staff"],
      parameters: [recordIdParameter("The event's number.")],
    },
    { description: "The event, not featured.", schema: "FeaturedEventResponse" },
    { ...FORBIDDEN, ...EVENT_NOT_FOUND },
  ),
);

const setMajorEventsRoute = operationRoute(
  "put",
  "/major-events",
  privateOperation(
    {
      operationId: "setMajorEvents",
      summary: "Choose the Major Events",
      description:
        "For staff: the home page's three Major Events, in their order, each with a tagline (kept when omitted " +
        "for an event that already is one). Refused as a whole unless they are three different published events, " +
        "not hidden, that have not ended. Audited with the choice before and after.",
      tags: ["Staff"],
      body: {
        schema: "MajorEventsInput",
        example: { eventIds: [12, 7, 31], taglines: ["The region's biggest tech week", null, null] },
      },
    },
    { description: "The Major Events, in their order.", schema: "MajorEventList" },
    {
      "400": error(
        "Not three different published upcoming events each with a tagline (code invalid); fields names each bad " +
          "one: eventIds (three_required, duplicate), eventIds.<n> (not_found, not_published_upcoming), " +
          "taglines.<n> (required, too_long).",
        {
          not_upcoming: {
            summary: "An event that has ended",
            value: problem(
              "invalid",
              "The Major Events must be three different published events that have not ended, each with a tagline.",
              { "eventIds.1": "not_published_upcoming" },
            ),
          },
          duplicate: {
            summary: "The same event twice",
            value: problem("invalid", "Choose three different events.", { eventIds: "duplicate" }),
          },
        },
      ),
      ...FORBIDDEN,
    },
  ),
);

/**
 * The staff events API, mounted at `/api/v1/staff`:
 * - `GET /figures`: the platform's figures, totals and by week;
 * - `PUT /events/{id}/featured` and `DELETE /events/{id}/featured`: feature or stop featuring;
 * - `PUT /major-events` `{ eventIds, taglines? }`: the three Major Events in order.
 */
export function createStaffEventsApi() {
  const api = new OpenAPIHono<AppEnv>();
  api.use("*", privateAnswers);
  api.use(limitBody());

  api.openapi(getFiguresRoute, async (c) => {
    requireStaffActor(c);
    return c.json({ data: await getPlatformFigures(c.get("db"), currentTime()) });
  });

  const featured = (value: boolean) => async (c: Context<AppEnv>) => {
    const actor = requireStaffActor(c);
    const eventId = parseRecordId(c.req.param("id") ?? "");
    if (eventId === null) throw new AppError("not_found", "No such event.");
    return c.json({ data: await setEventFeatured(c.get("db"), actor, eventId, value, currentTime()) });
  };
  api.openapi(featureEventRoute, featured(true));
  api.openapi(unfeatureEventRoute, featured(false));

  api.openapi(setMajorEventsRoute, async (c) => {
    const actor = requireStaffActor(c);
    const parsed = majorEventsBodySchema.safeParse(await readJsonBody(c, BODY_SHAPE));
    if (!parsed.success) throw invalidInput(parsed.error, BODY_SHAPE);
    return c.json({ data: await setMajorEvents(c.get("db"), actor, parsed.data, currentTime()) });
  });

  return api;
}

/** Staff answers are for staff alone, and refusals too: never in a shared cache. */
async function privateAnswers(c: Context<AppEnv>, next: () => Promise<void>) {
  await next();
  c.res.headers.set("Cache-Control", PRIVATE_CACHE);
}
