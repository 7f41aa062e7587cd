import { Hono, type Context } from "hono";
import { interestInputSchema } from "#domain/interest-schema";
import { formatTicketCode } from "#domain/ticket-code";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import type { AppEnv } from "#server/http/app-env";
import { limitBody, readJsonBody } from "#server/http/json-body";
import type { Actor } from "#server/services/actor";
import { listMyInterests, removeInterest, saveInterest } from "#server/services/interests";
import { listMyTickets, type MyTicketOrder } from "#server/services/my-tickets";
import { listRecommendations } from "#server/services/recommendations";
import { eventSummaryJson } from "./event-json";
import { invalidInput } from "./invalid-input";

/** Answers about one person are theirs alone: no shared cache may keep them, nor the browser's disk. */
export const PRIVATE_CACHE = "private, no-store";

/**
 * `/api/v1/me`: the signed-in person's interests, recommendations and tickets. Signed in means a session
 * cookie or an `Authorization: Bearer` access token, both read by server/http/viewer.ts.
 */
export function createMeApi() {
  const api = new Hono<AppEnv>();
  api.use(async (c, next) => {
    await next();
    // After the handler, so that error answers (401, 400) carry it too.
    c.res.headers.set("Cache-Control", PRIVATE_CACHE);
  });

  api.use(limitBody());

  api.get("/interests", async (c) => {
    const actor = requireActor(c);
    return c.json({ data: await listMyInterests(c.get("db"), actor) });
  });

  api.post("/interests", async (c) => {
    const actor = requireActor(c);
    const body = await readJsonBody(c, 'The body must be JSON: {"interest": "<key>"}.');
    const parsed = interestInputSchema.safeParse(body);
    if (!parsed.success) throw invalidInput(parsed.error, "No such interest.");
    return c.json({ data: await saveInterest(c.get("db"), actor, parsed.data) });
  });

  api.delete("/interests/:interest", async (c) => {
    const actor = requireActor(c);
    const parsed = interestInputSchema.safeParse({ interest: c.req.param("interest") });
    if (!parsed.success) throw invalidInput(parsed.error, "No such interest.");
    return c.json({ data: await removeInterest(c.get("db"), actor, parsed.data) });
  });

  api.get("/recommendations", async (c) => {
    const actor = requireActor(c);
    const now = currentTime();
    const events = await listRecommendations(c.get("db"), actor, now);
    return c.json({ data: events.map((event) => eventSummaryJson(event, now)) });
  });

  api.get("/tickets", async (c) => {
    const actor = requireActor(c);
    const now = currentTime();
    const { upcoming, past } = await listMyTickets(c.get("db"), actor, now);
    return c.json({ data: [...upcoming, ...past].flatMap((order) => myTicketsJson(order, !past.includes(order))) });
  });

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

/** The signed-in person the request acts for; visitors get 401 with the spec's words (§5). */
function requireActor(c: Context<AppEnv>): Actor {
  const viewer = c.get("viewer");
  if (!viewer) throw new AppError("unauthenticated", "Must be logged in");
  return { userId: viewer.userId };
}
