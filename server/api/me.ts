import { OpenAPIHono } from "@hono/zod-openapi";
import { z } from "zod";
import { INTERESTS } from "#domain/catalog";
import { eventSummary, recommendationReason, savedInterest } from "./event-schemas";
import { interestInputSchema } from "#domain/interest-schema";
import { formatTicketCode } from "#domain/ticket-code";
import { currentTime } from "#server/clock";
import type { AppEnv } from "#server/http/app-env";
import { limitBody, readJsonBody } from "#server/http/json-body";
import { listMyInterests, removeInterest, saveInterest } from "#server/services/interests";
import { listMyTickets, type MyTicketOrder } from "#server/services/my-tickets";
import { listRecommendations } from "#server/services/recommendations";
import { PRIVATE_CACHE } from "./cache-control";
import { eventSummaryJson } from "./event-json";
import { invalidInput } from "./invalid-input";
import { operationRoute } from "./operation-route";
import { requireActor } from "./require-actor";
import { privateOperation } from "./private-operation";
import { schemaRef } from "./component-schemas";
import { error } from "./error-answers";
import { ACCOUNT_REQUEST_BODIES, ACCOUNT_SCHEMAS } from "./account-schemas";
import { addAccountOperations } from "./me-account";

/** Named schemas of the answers: components.schemas of the document. */
export const ME_SCHEMAS = {
  InterestList: z
    .object({ data: z.array(savedInterest) })
    .describe("The interests the signed-in person saved, in the order the site lists them."),
  RecommendationList: z
    .object({ data: z.array(eventSummary.extend({ reasons: z.array(recommendationReason) })) })
    .describe("The best-ranked events for the signed-in person, best first, at most six, each with why it was chosen."),
  ...ACCOUNT_SCHEMAS,
} satisfies Record<string, z.ZodType>;

const INVALID_INTEREST = { "400": error("Not one of the 24 interests (code invalid); fields names interest.") };

/** The request bodies, as JSON Schema in the document (components.schemas). */
export const ME_REQUEST_BODIES = {
  InterestInput: interestInputSchema.describe("One of the 24 interests, by key."),
  ...ACCOUNT_REQUEST_BODIES,
} satisfies Record<string, z.ZodType>;

const listMyInterestsRoute = operationRoute(
  "get",
  "/interests",
  privateOperation(
    {
      operationId: "listMyInterests",
      summary: "My interests",
      description: "The interests the signed-in person saved.",
      tags: ["Me"],
    },
    { description: "The saved interests.", schema: "InterestList" },
  ),
);

const saveMyInterestRoute = operationRoute("post", "/interests", {
  ...privateOperation(
    {
      operationId: "saveMyInterest",
      summary: "Save an interest",
      description:
        'Saves one interest, given by key in a JSON body such as {"interest": "music"}. Saving one ' +
        "already saved changes nothing. Answers with all saved interests.",
      tags: ["Me"],
    },
    { description: "The saved interests, the new one included.", schema: "InterestList" },
    INVALID_INTEREST,
  ),
  requestBody: {
    required: true,
    content: { "application/json": { schema: schemaRef("InterestInput"), example: { interest: "music" } } },
  },
});

const removeMyInterestRoute = operationRoute(
  "delete",
  "/interests/{interest}",
  privateOperation(
    {
      operationId: "removeMyInterest",
      summary: "Remove an interest",
      description:
        "Removes one saved interest. Removing one that is not saved changes nothing. Answers with the " +
        "interests still saved.",
      tags: ["Me"],
      parameters: [
        {
          name: "interest",
          in: "path",
          required: true,
          description: "The interest's key.",
          schema: { type: "string", enum: INTERESTS.map((entry) => entry.key) },
          example: "music",
        },
      ],
    },
    { description: "The interests still saved.", schema: "InterestList" },
    INVALID_INTEREST,
  ),
);

const listMyRecommendationsRoute = operationRoute(
  "get",
  "/recommendations",
  privateOperation(
    {
      operationId: "listMyRecommendations",
      summary: "Recommended for me",
      description:
        "Up to six published events that have not ended, are not sold out and are not the person's own or " +
        "already ticketed, best first: ranked by saved interests, kept matchmaker answers, saved events, " +
        "followed organizers, bought tickets and what people with similar tickets bought, distance and date. " +
        "Each has its reasons. Empty when nothing is known of the person.",
      tags: ["Me"],
    },
    { description: "The recommended events.", schema: "RecommendationList" },
  ),
);

const listMyTicketsRoute = operationRoute(
  "get",
  "/tickets",
  privateOperation(
    {
      operationId: "listMyTickets",
      summary: "My tickets",
      description:
        "Every ticket of the signed-in person's confirmed orders, placed signed in or with their " +
        "confirmed account address: upcoming events first, soonest first (an event is upcoming until it " +
        "ends), then past ones, latest first.",
      tags: ["Tickets"],
    },
    { description: "The tickets.", schema: "MyTicketList" },
  ),
);

/**
 * `/api/v1/me`: the signed-in person's interests, recommendations and tickets. Signed in means a session
 * cookie or an `Authorization: Bearer` access token, both read by server/http/viewer.ts.
 */
export function createMeApi() {
  const api = new OpenAPIHono<AppEnv>();
  api.use(async (c, next) => {
    await next();
    // After the handler, so that error answers (401, 400) carry it too.
    c.res.headers.set("Cache-Control", PRIVATE_CACHE);
  });

  api.use(limitBody());

  api.openapi(listMyInterestsRoute, async (c) => {
    const actor = requireActor(c);
    return c.json({ data: await listMyInterests(c.get("db"), actor) });
  });

  api.openapi(saveMyInterestRoute, async (c) => {
    const actor = requireActor(c);
    const body = await readJsonBody(c, 'The body must be JSON: {"interest": "<key>"}.');
    const parsed = interestInputSchema.safeParse(body);
    if (!parsed.success) throw invalidInput(parsed.error, "No such interest.");
    return c.json({ data: await saveInterest(c.get("db"), actor, parsed.data) });
  });

  api.openapi(removeMyInterestRoute, async (c) => {
    const actor = requireActor(c);
    const parsed = interestInputSchema.safeParse({ interest: c.req.param("interest") });
    if (!parsed.success) throw invalidInput(parsed.error, "No such interest.");
    return c.json({ data: await removeInterest(c.get("db"), actor, parsed.data) });
  });

  api.openapi(listMyRecommendationsRoute, async (c) => {
    const actor = requireActor(c);
    const now = currentTime();
    const events = await listRecommendations(c.get("db"), actor, now);
    return c.json({ data: events.map((event) => ({ ...eventSummaryJson(event, now), reasons: event.reasons })) });
  });

  api.openapi(listMyTicketsRoute, async (c) => {
    const actor = requireActor(c);
    const now = currentTime();
    const { upcoming, past } = await listMyTickets(c.get("db"), actor, now);
    return c.json({ data: [...upcoming, ...past].flatMap((order) => myTicketsJson(order, !past.includes(order))) });
  });

  addAccountOperations(api);
  return api;
}

/** Each ticket of a My Tickets order as the API gives it: the code both ways, its event and its order. */
function myTicketsJson(order: MyTicketOrder, isUpcoming: boolean) {
  const { event } = order;
  return order.tickets.map((ticket) => ({
    code: ticket.code,
    formattedCode: formatTicketCode(ticket.code),
    status: ticket.status,
    checkedInAt: ticket.checkedInAt?.toISOString() ?? null,
    ticketTypeName: ticket.ticketTypeName,
    isUpcoming,
    order: { id: order.id },
    event: {
      id: event.id,
      title: event.title,
      startsAt: event.startsAt.toISOString(),
      endsAt: event.endsAt.toISOString(),
      timeZone: event.timeZone,
      venueName: event.venueName,
    },
  }));
}
