import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { z } from "zod";
import { parseRecordId } from "#domain/record-id";
import { MAX_COMMISSION_BPS, SHARE_PARAMETER, PROMOTER_PARAMETER } from "#domain/referral";
import { languageFromHeader } from "#server/auth/auth-request";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import type { AppEnv } from "#server/http/app-env";
import { limitBody, readJsonBody } from "#server/http/json-body";
import {
  acceptPromoterInvitation,
  applyWithJoinCode,
  eventPromoterFigures,
  invitePromoter,
  isListedPromoter,
  myPromoterFigures,
  myPromoterInvitations,
  openProgram,
  programOf,
  promoterInviteSchema,
  promoterProgramSchema,
  setPromoterListing,
  totalsOf,
  type PromoterFigures,
} from "#server/services/promoters";
import { ensureShareLink, shareFiguresOf } from "#server/services/referrals";
import { PRIVATE_CACHE } from "./cache-control";
import { recordIdParameter } from "./common-parameters";
import { error, NOT_FOUND, problem } from "./error-answers";
import { invalidInput } from "./invalid-input";
import { operationRoute } from "./operation-route";
import { eventIdOf } from "./path-event-id";
import { privateOperation } from "./private-operation";
import { requireActor } from "./require-actor";
import { count, id } from "./schema-primitives";

/*
 * Share links and promoters (issue 19): a person's share link of an event and what their shares
 * brought; an event's promoters, invited or joining with a code, with their clicks, orders, tickets,
 * revenue and commission (integer cents, confirmed orders only). Everything here is about one person
 * or one event's organizers: no cache keeps it.
 */

const rate = z
  .int()
  .min(0)
  .max(MAX_COMMISSION_BPS)
  .describe("Commission in basis points: 1000 = 10 % of ticket revenue.");
const cents = z.int().min(0).describe("US cents.");

const shareLink = z
  .object({ code: z.string(), url: z.string().describe(`The event's address with ?${SHARE_PARAMETER}=code.`) })
  .describe("The caller's personal share link of an event.");
const shareFigures = z
  .object({
    shares: count.describe("Share links made."),
    visits: count.describe("Visits through them, once per visitor and link, never the sharer's own."),
    referrals: count.describe("Confirmed orders placed after such a visit."),
    tickets: count.describe("Tickets in those orders."),
  })
  .describe("What the caller's share links brought.");
const totals = z.object({ clicks: count, orders: count, tickets: count, revenueCents: cents, commissionCents: cents });
const promoter = z
  .object({
    id,
    eventId: id,
    eventTitle: z.string(),
    name: z.string().describe("The promoter's name, or the invited address until they accept."),
    status: z.enum(["invited", "active"]),
    code: z.string(),
    url: z.string().describe(`The tracked link: the event's address with ?${PROMOTER_PARAMETER}=code.`),
    commissionBps: rate,
    clicks: count,
    orders: count.describe("Confirmed orders; cancelled and refunded ones do not count."),
    tickets: count,
    revenueCents: cents.describe("Ticket revenue of those orders."),
    commissionCents: cents.describe("Owed: each order's revenue × rate, rounded down to the cent, summed."),
  })
  .describe("A promoter of an event with their figures.");
const program = z
  .object({ eventId: id, joinCode: z.string(), commissionBps: rate })
  .describe("An event's promoter programme: the code anyone signed in may join with, at this rate.");
const invitation = z.object({ id, eventId: id, eventTitle: z.string(), commissionBps: rate });

export const PROMOTER_SCHEMAS = {
  ShareLinkResponse: z.object({ data: shareLink }),
  ShareFiguresResponse: z.object({ data: shareFigures }),
  EventPromotersResponse: z.object({
    data: z.object({ program: program.nullable(), promoters: z.array(promoter), totals }),
  }),
  PromoterProgramResponse: z.object({ data: program }),
  PromoterInvitationResponse: z.object({ data: z.object({ id, email: z.string() }) }),
  PromoterLinkResponse: z.object({ data: z.object({ eventId: id, code: z.string(), url: z.string() }) }),
  MyPromotingResponse: z.object({
    data: z.object({
      invitations: z.array(invitation),
      links: z.array(promoter),
      totals,
      listed: z.boolean().describe("Whether they are named among the month's top promoters."),
    }),
  }),
  PromoterListingResponse: z.object({ data: z.object({ listed: z.boolean() }) }),
} satisfies Record<string, z.ZodType>;

const joinBody = z.strictObject({ code: z.string().max(64).describe("The programme's join code.") });
const listingBody = z.strictObject({ listed: z.boolean() });

export const PROMOTER_REQUEST_BODIES = {
  PromoterInvitationInput: promoterInviteSchema,
  PromoterProgramInput: promoterProgramSchema,
  PromoterJoinInput: joinBody,
  PromoterListingInput: listingBody,
} satisfies Record<string, z.ZodType>;

const eventId = recordIdParameter("The event's number.");
const tags = ["Promoters"];
const notYours = NOT_FOUND("event of yours (anyone but its organizers gets this)");

const createShareLinkRoute = operationRoute(
  "post",
  "/events/{id}/share-link",
  privateOperation(
    {
      operationId: "createShareLink",
      summary: "My share link of an event",
      description:
        "The caller's personal share link of a public event, made on first asking; asking again gives the same one.",
      tags,
      parameters: [eventId],
    },
    { description: "The link.", schema: "ShareLinkResponse" },
    NOT_FOUND("event the public can see"),
  ),
);

const myShareFiguresRoute = operationRoute(
  "get",
  "/my/shares",
  privateOperation(
    {
      operationId: "getMyShareFigures",
      summary: "What my shares brought",
      description:
        "How many share links the caller made, the visits they brought and the referrals (orders) after them.",
      tags,
    },
    { description: "The figures.", schema: "ShareFiguresResponse" },
  ),
);

const eventPromotersRoute = operationRoute(
  "get",
  "/events/{id}/promoters",
  privateOperation(
    {
      operationId: "listEventPromoters",
      summary: "An event's promoters and their figures",
      description:
        "For the event's organizers: its programme (join code), each promoter with clicks, orders, tickets, revenue and commission owed, and the totals.",
      tags,
      parameters: [eventId],
    },
    { description: "The promoters.", schema: "EventPromotersResponse" },
    notYours,
  ),
);

const invitePromoterRoute = operationRoute(
  "post",
  "/events/{id}/promoters",
  privateOperation(
    {
      operationId: "invitePromoter",
      summary: "Invite a promoter by e-mail",
      description:
        "For the event's organizers: invites an address to promote the event at a commission rate. The person is notified (bell, and e-mail unless they turned promoter e-mails off).",
      tags,
      parameters: [eventId],
      body: { schema: "PromoterInvitationInput", example: { email: "sam@example.com", commissionBps: 1000 } },
    },
    { status: "201", description: "Invited.", schema: "PromoterInvitationResponse" },
    {
      ...notYours,
      "409": error("Already invited or promoting, or the organizer's own address (code conflict).", {
        already_promoter: {
          summary: "Already a promoter",
          value: problem("conflict", "Already a promoter.", { email: "already_promoter" }),
        },
      }),
      "429": error("Too many invitations today (code rate_limited)."),
    },
  ),
);

const openProgramRoute = operationRoute(
  "put",
  "/events/{id}/promoter-program",
  privateOperation(
    {
      operationId: "openPromoterProgram",
      summary: "Open an event's promoter programme",
      description:
        "For the event's organizers: makes the join code anyone signed in may join with (once), and sets the rate new joiners get.",
      tags,
      parameters: [eventId],
      body: { schema: "PromoterProgramInput", example: { commissionBps: 500 } },
    },
    { description: "The programme.", schema: "PromoterProgramResponse" },
    notYours,
  ),
);

const myPromotingRoute = operationRoute(
  "get",
  "/my/promoting",
  privateOperation(
    {
      operationId: "getMyPromoting",
      summary: "My promoter links and figures",
      description:
        "The invitations waiting for the caller, their promoter links (one per event) with clicks, orders, tickets, revenue and commission, and the totals.",
      tags,
    },
    { description: "Their promoting.", schema: "MyPromotingResponse" },
  ),
);

const acceptInvitationRoute = operationRoute(
  "post",
  "/promoter-invitations/{invitationId}/accept",
  privateOperation(
    {
      operationId: "acceptPromoterInvitation",
      summary: "Accept an invitation to promote",
      description: "Accepts an invitation sent to the caller's confirmed address; answers their tracked link.",
      tags,
      parameters: [recordIdParameter("The invitation's number.", "invitationId")],
    },
    { description: "Their link.", schema: "PromoterLinkResponse" },
    NOT_FOUND("invitation for the caller"),
  ),
);

const joinProgramRoute = operationRoute(
  "post",
  "/promoter-programs/join",
  privateOperation(
    {
      operationId: "joinPromoterProgram",
      summary: "Join a promoter programme with its code",
      description: "Becomes a promoter of the code's event at the programme's rate; joining twice gives the same link.",
      tags,
      body: { schema: "PromoterJoinInput", example: { code: "Xy3kP9q_Lm" } },
    },
    { description: "Their link.", schema: "PromoterLinkResponse" },
    {
      "404": error("No programme of a listed event has this code (code not_found, fields code: unknown_code)."),
      "409": error("The event's own organizer (code conflict, fields code: own_event)."),
    },
  ),
);

const listingRoute = operationRoute(
  "put",
  "/my/promoting/listing",
  privateOperation(
    {
      operationId: "setPromoterListing",
      summary: "Be listed among the top promoters",
      description: "Chooses whether the caller's name may appear among the month's top promoters on /promoters.",
      tags,
      body: { schema: "PromoterListingInput", example: { listed: true } },
    },
    { description: "The choice.", schema: "PromoterListingResponse" },
  ),
);

/** The operations above, mounted at `/api/v1` (each path is its own, so nothing else is wrapped). */
export function createPromotersApi() {
  const api = new OpenAPIHono<AppEnv>();
  for (const path of [
    "/events/:id/share-link",
    "/events/:id/promoters",
    "/events/:id/promoter-program",
    "/my/shares",
    "/my/promoting",
    "/my/promoting/*",
    "/promoter-invitations/*",
    "/promoter-programs/*",
  ]) {
    api.use(path, privateAnswers, limitBody());
  }

  api.openapi(createShareLinkRoute, async (c) => {
    const code = await ensureShareLink(c.get("db"), requireActor(c), eventIdOf(c));
    return c.json({ data: { code, url: linkOf(c, eventIdOf(c), SHARE_PARAMETER, code) } });
  });

  api.openapi(myShareFiguresRoute, async (c) =>
    c.json({ data: await shareFiguresOf(c.get("db"), requireActor(c).userId) }),
  );

  api.openapi(eventPromotersRoute, async (c) => {
    const actor = requireActor(c);
    const event = eventIdOf(c);
    const db = c.get("db");
    const [programme, rows] = await Promise.all([programOf(db, actor, event), eventPromoterFigures(db, actor, event)]);
    return c.json({
      data: { program: programme, promoters: rows.map((row) => promoterJson(c, row)), totals: totalsOf(rows) },
    });
  });

  api.openapi(invitePromoterRoute, async (c) => {
    const actor = requireActor(c);
    const event = eventIdOf(c);
    const SHAPE = 'The body must be JSON: {"email": "sam@example.com", "commissionBps": 1000}.';
    const parsed = promoterInviteSchema.safeParse(await readJsonBody(c, SHAPE));
    if (!parsed.success) throw invalidInput(parsed.error, SHAPE);
    const invited = await invitePromoter(c.get("db"), actor, event, parsed.data, {
      now: currentTime(),
      siteUrl: c.get("config").publicUrl,
      language: languageFromHeader(c.req.header("Accept-Language")),
    });
    return c.json({ data: invited }, 201);
  });

  api.openapi(openProgramRoute, async (c) => {
    const actor = requireActor(c);
    const event = eventIdOf(c);
    const SHAPE = 'The body must be JSON: {"commissionBps": 500}.';
    const parsed = promoterProgramSchema.safeParse(await readJsonBody(c, SHAPE));
    if (!parsed.success) throw invalidInput(parsed.error, SHAPE);
    return c.json({ data: await openProgram(c.get("db"), actor, event, parsed.data.commissionBps) });
  });

  api.openapi(myPromotingRoute, async (c) => {
    const actor = requireActor(c);
    const db = c.get("db");
    const [invitations, rows, listed] = await Promise.all([
      myPromoterInvitations(db, actor),
      myPromoterFigures(db, actor),
      isListedPromoter(db, actor),
    ]);
    return c.json({
      data: { invitations, links: rows.map((row) => promoterJson(c, row)), totals: totalsOf(rows), listed },
    });
  });

  api.openapi(acceptInvitationRoute, async (c) => {
    const actor = requireActor(c);
    const invitationId = parseRecordId(c.req.param("invitationId"));
    if (invitationId === null) throw new AppError("not_found", "No such invitation.");
    const link = await acceptPromoterInvitation(c.get("db"), actor, invitationId, currentTime());
    return c.json({ data: { ...link, url: linkOf(c, link.eventId, PROMOTER_PARAMETER, link.code) } });
  });

  api.openapi(joinProgramRoute, async (c) => {
    const actor = requireActor(c);
    const SHAPE = 'The body must be JSON: {"code": "<join code>"}.';
    const parsed = joinBody.safeParse(await readJsonBody(c, SHAPE));
    if (!parsed.success) throw invalidInput(parsed.error, SHAPE);
    const link = await applyWithJoinCode(c.get("db"), actor, parsed.data.code, currentTime());
    return c.json({ data: { ...link, url: linkOf(c, link.eventId, PROMOTER_PARAMETER, link.code) } });
  });

  api.openapi(listingRoute, async (c) => {
    const actor = requireActor(c);
    const SHAPE = 'The body must be JSON: {"listed": true}.';
    const parsed = listingBody.safeParse(await readJsonBody(c, SHAPE));
    if (!parsed.success) throw invalidInput(parsed.error, SHAPE);
    await setPromoterListing(c.get("db"), actor, parsed.data.listed);
    return c.json({ data: { listed: parsed.data.listed } });
  });

  return api;
}

function linkOf(c: Context<AppEnv>, event: number, parameter: string, code: string): string {
  return `${c.get("config").publicUrl}/events/${event}?${parameter}=${code}`;
}

function promoterJson(c: Context<AppEnv>, { promoterId, ...row }: PromoterFigures) {
  return { id: promoterId, ...row, url: linkOf(c, row.eventId, PROMOTER_PARAMETER, row.code) };
}

async function privateAnswers(c: Context<AppEnv>, next: () => Promise<void>) {
  await next();
  c.res.headers.set("Cache-Control", PRIVATE_CACHE);
}
