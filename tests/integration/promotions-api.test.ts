import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEventSearch } from "#domain/event-search";
import { RATE_CARD } from "#domain/promotion-pricing";
import { DIGEST_SCHEDULE, nextWeeklyRunAfter } from "#domain/schedule";
import type { OpenApiDocument } from "#server/api/openapi-document-shape";
import { createApp, type App } from "#server/app";
import { selectRows, type DatabaseHandle } from "#server/db/client";
import { eventCoOrganizers, events } from "#server/db/schema";
import { readConfig } from "#server/env";
import { createJobHandlers } from "#server/jobs/job-handlers";
import { runDueJobs } from "#server/jobs/run-due-jobs";
import { createLogger } from "#server/logger";
import type { Mailer } from "#server/mail/mailer";
import type { RenderedEmail } from "#server/mail/render-email";
import type { PaymentProvider } from "#server/payments/payment-provider";
import { searchEvents } from "#server/services/event-search";
import { confirmCampaignPayment, listMyCampaigns, purchaseCampaign } from "#server/services/promotions";
import { getShareKit, renderShareKitImage } from "#server/services/share-kit";
import { createTestSession, type TestSession } from "#tests/support/auth-session";
import { expectDocumented } from "#tests/support/openapi-answers";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { insertEventWithTicketTypes } from "#tests/support/ticket-factories";

const BASE = "/api/v1";
const DAY = 24 * 60 * 60 * 1000;
const SITE = "http://localhost:5173";
const GOOD_CARD = { number: "4242 4242 4242 4242", expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: "123" };
const DECLINED_CARD = { ...GOOD_CARD, number: "4000 0000 0000 0002" };
/** The next weekly digest edition (Monday 14:00 UTC), a few days off at least, and the day after it. */
const EDITION = nextWeeklyRunAfter(new Date(Date.now() + 2 * DAY), DIGEST_SCHEDULE.weekday, DIGEST_SCHEDULE.hour);
const DAY_AFTER_EDITION = new Date(EDITION.getTime() + DAY);

let handle: DatabaseHandle;
let app: App;
let uploadsDir: string;
let document: OpenApiDocument;
let organizer: TestSession;
let coOrganizer: TestSession;
let stranger: TestSession;
let eventId: number;
let eventTitle: string;

beforeAll(async () => {
  handle = await openTestDatabase();
  uploadsDir = await mkdtemp(path.join(tmpdir(), "promotions-api-"));
  const config = { ...readConfig({ NODE_ENV: "test" }), uploadsDir };
  app = createApp({ db: handle.db, config, logger: createLogger(config) });
  document = await (await app.request(`${BASE}/openapi.json`)).json();
  [organizer, coOrganizer, stranger] = await Promise.all([
    createTestSession(handle.db, config),
    createTestSession(handle.db, config),
    createTestSession(handle.db, config),
  ]);
  eventTitle = `Zebulon promotion night ${Date.now()}`;
  ({ eventId } = await insertEventWithTicketTypes(handle.db, {
    organizerId: organizer.userId,
    title: eventTitle,
    startsAt: new Date(Date.now() + 30 * DAY),
    ticketTypes: [{ name: "General", priceCents: 20_00, quantity: 100 }],
  }));
  await handle.db.insert(eventCoOrganizers).values({ eventId, userId: coOrganizer.userId });
});
afterAll(async () => {
  await handle?.close();
  if (uploadsDir) await rm(uploadsDir, { recursive: true, force: true });
});

/** A request to a documented operation, its answer checked against the document. */
async function call(
  method: string,
  template: string,
  init: { as?: TestSession; body?: unknown; id?: string; key?: string; raw?: string } = {},
) {
  const url = template.replace("{id}", init.id ?? "");
  const headers: Record<string, string> = init.as ? { Authorization: `Bearer ${init.as.session.access_token}` } : {};
  if (init.body !== undefined || init.raw !== undefined) headers["Content-Type"] = "application/json";
  if (init.key) headers["Idempotency-Key"] = init.key;
  const response = await app.request(`${BASE}${url}`, {
    method: method.toUpperCase(),
    headers,
    ...(init.raw !== undefined
      ? { body: init.raw }
      : init.body !== undefined
        ? { body: JSON.stringify(init.body) }
        : {}),
  });
  const body = await response.json();
  expectDocumented(document, method, template, response.status, body);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  return { status: response.status, body };
}

/** Everything a purchase could write, to assert a refused one wrote nothing. */
async function snapshot() {
  const result: Record<string, unknown> = {};
  for (const table of ["promotion_campaigns", "promotions", "jobs"]) {
    result[table] = await selectRows(handle.db, sql`select * from ${sql.identifier(table)} order by 1`);
  }
  return JSON.parse(JSON.stringify(result));
}

function purchase(overrides: Record<string, unknown> = {}) {
  return {
    eventId,
    types: ["homepage", "search", "social"],
    days: 7,
    budgetCents: 500_00,
    payment: { card: GOOD_CARD },
    ...overrides,
  };
}

/** Where the event stands in the home page's Featured list and in a search for its title. */
async function placementsOf(id: number, title: string, now: Date) {
  const featured = await searchEvents(
    handle.db,
    parseEventSearch(new URLSearchParams({ featured: "true", limit: "100" })).data!,
    now,
  );
  const matching = await searchEvents(handle.db, parseEventSearch(new URLSearchParams({ q: title })).data!, now);
  return {
    isFeatured: featured.events.some((event) => event.id === id),
    first: matching.events[0] && { id: matching.events[0].id, isPromoted: matching.events[0].isPromoted },
  };
}

function recordingMailer(): Mailer & { sent: RenderedEmail[] } {
  const sent: RenderedEmail[] = [];
  return { sent, deliver: async (email) => void sent.push(email), close: () => {} };
}

describe(`/api/v1/promotions on the ${testDatabaseKind()} database`, () => {
  it("quotes from the rate card for a signed-in person, and says what is wrong with a bad request", async () => {
    // From two hours before an edition, 8 days hold that edition and the next one.
    const startsAt = new Date(EDITION.getTime() - 2 * 60 * 60 * 1000).toISOString();
    const quote = await call("post", "/promotions/quote", {
      as: stranger,
      body: { types: ["digest", "homepage"], days: 8, budgetCents: 100_00, startsAt },
    });
    expect(quote.status).toBe(200);
    expect(quote.body.data).toEqual({
      lines: [
        {
          type: "homepage",
          unit: "day",
          units: 8,
          unitCents: RATE_CARD.homepage.cents,
          amountCents: 8 * RATE_CARD.homepage.cents,
        },
        {
          type: "digest",
          unit: "edition",
          units: 2,
          unitCents: RATE_CARD.digest.cents,
          amountCents: 2 * RATE_CARD.digest.cents,
        },
      ],
      totalCents: 8 * RATE_CARD.homepage.cents + 2 * RATE_CARD.digest.cents,
      isWithinBudget: false,
    });

    const bad = await call("post", "/promotions/quote", {
      as: stranger,
      body: { types: [], days: 0, budgetCents: -5 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({
      types: "types_required",
      days: "days_out_of_range",
      budgetCents: "budget_out_of_range",
    });
    // The day after an edition, 3 days hold none: the digest would be paid for and never sent.
    const noEdition = await call("post", "/promotions/quote", {
      as: stranger,
      body: { types: ["homepage", "digest"], days: 3, budgetCents: 100_00, startsAt: DAY_AFTER_EDITION.toISOString() },
    });
    expect(noEdition.status).toBe(400);
    expect(noEdition.body.error.fields).toEqual({ types: "no_digest_edition" });
    const badStart = await call("post", "/promotions/quote", {
      as: stranger,
      body: { types: ["search"], days: 3, budgetCents: 100_00, startsAt: "next Monday" },
    });
    expect(badStart.status).toBe(400);
    expect(Object.keys(badStart.body.error.fields)).toEqual(["startsAt"]);
    expect((await call("post", "/promotions/quote", { as: stranger, raw: "{not json" })).status).toBe(400);
    expect(
      (await call("post", "/promotions/quote", { body: { types: ["search"], days: 1, budgetCents: 0 } })).status,
    ).toBe(401);
  });

  it("sells the organizer a campaign once per Idempotency-Key, places it, and lists it", async () => {
    const now = new Date();
    expect(await placementsOf(eventId, eventTitle, now)).toMatchObject({
      isFeatured: false,
      first: { isPromoted: false },
    });

    const key = `promote-${Date.now()}`;
    const bought = await call("post", "/promotions", { as: organizer, body: purchase(), key });
    expect(bought.status).toBe(201);
    const price = 7 * RATE_CARD.homepage.cents + 7 * RATE_CARD.search.cents + RATE_CARD.social.cents;
    expect(bought.body).toMatchObject({
      data: {
        eventId,
        eventTitle,
        types: ["homepage", "search", "social"],
        priceCents: price,
        state: "active",
        card: { brand: "visa", last4: "4242" },
        placements: [
          { placement: "homepage", isActive: true },
          { placement: "explore", isActive: true },
        ],
      },
      payment: { outcome: "paid" },
    });
    const replay = await call("post", "/promotions", { as: organizer, body: purchase(), key });
    expect(replay).toEqual(bought);
    const reused = await call("post", "/promotions", { as: organizer, body: purchase({ days: 8 }), key });
    expect(reused.status).toBe(422);
    const campaignId = bought.body.data.id as string;
    const [count] = await selectRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from promotion_campaigns where event_id = ${eventId}`,
    );
    expect(count!.n).toBe(1);

    expect(await placementsOf(eventId, eventTitle, new Date())).toEqual({
      isFeatured: true,
      first: { id: eventId, isPromoted: true },
    });
    const mine = await call("get", "/promotions", { as: organizer });
    expect(mine.body.data).toEqual([expect.objectContaining({ id: campaignId, state: "active" })]);
    expect((await call("get", "/promotions", { as: stranger })).body.data).toEqual([]);
    expect((await call("get", "/promotions/{id}", { as: organizer, id: campaignId })).body.data.id).toBe(campaignId);
    expect((await call("get", "/promotions/{id}", { as: stranger, id: campaignId })).status).toBe(404);
    expect((await call("get", "/promotions/{id}", { as: organizer, id: "not-a-uuid" })).status).toBe(404);

    // The share kit: a 1200×630 picture and a post in each language, for the organizer alone.
    const png = await renderShareKitImage(handle.db, organizer, campaignId, uploadsDir);
    expect(await sharp(png!).metadata()).toMatchObject({ format: "png", width: 1200, height: 630 });
    const kit = await getShareKit(handle.db, organizer, campaignId, SITE);
    expect(Object.keys(kit!.texts)).toEqual(["en", "fr", "ar", "am"]);
    for (const text of Object.values(kit!.texts)) {
      expect(text).toContain(eventTitle);
      expect(text).toContain(`${SITE}/events/${eventId}`);
    }
    expect(await renderShareKitImage(handle.db, stranger, campaignId, uploadsDir)).toBeNull();
    expect(await getShareKit(handle.db, stranger, campaignId, SITE)).toBeNull();
  });

  it("lets a co-organizer promote the event, as its organizer can: the campaign is theirs", async () => {
    // Without a budget: the quoted price is the one paid, and it becomes the campaign's budget.
    const { budgetCents: _none, ...withoutBudget } = purchase({ types: ["search"], days: 7 });
    const asHelper = await call("post", "/promotions", { as: coOrganizer, body: withoutBudget });
    expect(asHelper.status).toBe(201);
    expect(asHelper.body.data).toMatchObject({
      eventId,
      types: ["search"],
      priceCents: 7 * RATE_CARD.search.cents,
      budgetCents: 7 * RATE_CARD.search.cents,
    });
    const campaignId = asHelper.body.data.id as string;
    expect((await call("get", "/promotions", { as: coOrganizer })).body.data).toEqual([
      expect.objectContaining({ id: campaignId, state: "active" }),
    ]);
    expect((await call("get", "/promotions/{id}", { as: coOrganizer, id: campaignId })).status).toBe(200);
  });

  it("refuses anyone who neither organizes nor co-organizes the event with 404, and nothing changes", async () => {
    const before = await snapshot();
    const asStranger = await call("post", "/promotions", { as: stranger, body: purchase() });
    expect(asStranger.status).toBe(404);
    expect(asStranger.body.error.code).toBe("not_found");
    expect((await call("post", "/promotions", { as: organizer, body: purchase({ eventId: 999_999 }) })).status).toBe(
      404,
    );
    expect((await call("post", "/promotions", { body: purchase() })).status).toBe(401);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses past, draft and cancelled events, and bad input, changing nothing", async () => {
    const past = await insertEventWithTicketTypes(handle.db, {
      organizerId: organizer.userId,
      startsAt: new Date(Date.now() - 2 * DAY),
      ticketTypes: [{ name: "General", priceCents: 10_00, quantity: 10 }],
    });
    const draft = await insertEventWithTicketTypes(handle.db, {
      organizerId: organizer.userId,
      status: "draft",
      ticketTypes: [{ name: "General", priceCents: 10_00, quantity: 10 }],
    });
    const cancelled = await insertEventWithTicketTypes(handle.db, {
      organizerId: organizer.userId,
      status: "cancelled",
      ticketTypes: [{ name: "General", priceCents: 10_00, quantity: 10 }],
    });
    const before = await snapshot();
    for (const id of [past.eventId, draft.eventId, cancelled.eventId]) {
      const refused = await call("post", "/promotions", { as: organizer, body: purchase({ eventId: id }) });
      expect(refused.status).toBe(400);
      expect(refused.body.error.fields).toEqual({ eventId: "not_promotable" });
    }
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ days: 91 }, { days: "days_out_of_range" }],
      [{ days: 60 }, { days: "after_event" }],
      [{ budgetCents: 10_00 }, { budgetCents: "below_price" }],
      [{ budgetCents: 100_000_01 }, { budgetCents: "budget_out_of_range" }],
      [{ types: ["search", "billboard"] }, { "types.1": "unknown_type" }],
      [{ startsAt: new Date(Date.now() - DAY).toISOString() }, { startsAt: "start_in_past" }],
      [{ startsAt: new Date(Date.now() + 40 * DAY).toISOString() }, { startsAt: "start_after_event" }],
      [
        { types: ["search", "digest"], days: 3, startsAt: DAY_AFTER_EDITION.toISOString() },
        { types: "no_digest_edition" },
      ],
      [{ payment: { card: DECLINED_CARD } }, { "payment.card": "card_declined" }],
      [{ payment: {} }, { "payment.card": "card_required" }],
      [{ payment: { card: { ...GOOD_CARD, number: "1234" } } }, { "payment.card.number": "card_number_invalid" }],
    ];
    for (const [change, fields] of cases) {
      const refused = await call("post", "/promotions", { as: organizer, body: purchase(change) });
      expect(refused.status, JSON.stringify(change)).toBe(400);
      expect(refused.body.error.fields, JSON.stringify(change)).toEqual(fields);
    }
    const unknownField = await call("post", "/promotions", { as: organizer, body: { ...purchase(), discount: 100 } });
    expect(unknownField.status).toBe(400);
    const prototype = await call("post", "/promotions", { as: organizer, raw: '{"__proto__": {"days": 3}}' });
    expect(prototype.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses the digest where it would be paid for and never sent, and charges it per edition", async () => {
    // Ending a minute before an edition: a campaign that outlasts it holds the edition, the event does not.
    const endingBefore = await insertEventWithTicketTypes(handle.db, {
      organizerId: organizer.userId,
      startsAt: new Date(EDITION.getTime() - 3 * 60 * 60 * 1000 - 60_000),
      ticketTypes: [{ name: "General", priceCents: 10_00, quantity: 10 }],
    });
    const privateEvent = await insertEventWithTicketTypes(handle.db, {
      organizerId: organizer.userId,
      ticketTypes: [{ name: "General", priceCents: 10_00, quantity: 10 }],
    });
    await handle.db.update(events).set({ isPublic: false }).where(eq(events.id, privateEvent.eventId));
    const before = await snapshot();
    const late = await call("post", "/promotions", {
      as: organizer,
      body: purchase({
        eventId: endingBefore.eventId,
        types: ["digest"],
        days: 2,
        startsAt: new Date(EDITION.getTime() - 2 * DAY + 30 * 60_000).toISOString(),
      }),
    });
    expect(late.status).toBe(400);
    expect(late.body.error.fields).toEqual({ types: "no_digest_edition" });
    const hidden = await call("post", "/promotions", {
      as: organizer,
      body: purchase({ eventId: privateEvent.eventId, types: ["digest"], days: 8 }),
    });
    expect(hidden.status).toBe(400);
    expect(hidden.body.error.fields).toEqual({ types: "digest_private_event" });
    expect(await snapshot()).toEqual(before);

    // Any 7 days hold exactly one Monday edition: one edition charged, where a week started was before.
    const bought = await call("post", "/promotions", { as: organizer, body: purchase({ types: ["digest"], days: 7 }) });
    expect(bought.status).toBe(201);
    expect(bought.body.data).toMatchObject({ types: ["digest"], priceCents: RATE_CARD.digest.cents, placements: [] });
  });

  it("ends a campaign by its job at its end: placements off, state ended, the organizer e-mailed", async () => {
    const { eventId: id } = await insertEventWithTicketTypes(handle.db, {
      organizerId: organizer.userId,
      title: `Quietly ending showcase ${Date.now()}`,
      startsAt: new Date(Date.now() + 20 * DAY),
      ticketTypes: [{ name: "General", priceCents: 15_00, quantity: 50 }],
    });
    const title = `Quietly ending showcase`;
    const bought = await call("post", "/promotions", {
      as: organizer,
      body: purchase({ eventId: id, types: ["homepage", "search"], days: 3 }),
    });
    const campaignId = bought.body.data.id as string;
    const endsAt = new Date(bought.body.data.endsAt as string);
    const mailer = recordingMailer();
    const handlers = createJobHandlers({ db: handle.db, mailer, siteUrl: SITE });
    const deps = { handlers, logger: createLogger(readConfig({ NODE_ENV: "test" })) };

    // Not before its end.
    const early = await runDueJobs(handle.db, deps, new Date(endsAt.getTime() - 60_000));
    expect(early.filter((job) => job.kind === "end_promotion")).toEqual([]);

    const after = new Date(endsAt.getTime() + 1_000);
    const ran = await runDueJobs(handle.db, deps, after);
    expect(ran.filter((job) => job.kind.includes("promotion")).map((job) => [job.kind, job.outcome])).toEqual(
      expect.arrayContaining([
        ["end_promotion", "done"],
        ["send_promotion_ended_email", "done"],
      ]),
    );
    const detail = await call("get", "/promotions/{id}", { as: organizer, id: campaignId });
    expect(detail.body.data).toMatchObject({
      state: "ended",
      endedAt: after.toISOString(),
      placements: [
        { placement: "homepage", isActive: false },
        { placement: "explore", isActive: false },
      ],
    });
    // Even read at a time inside its window (isActive is what the job turned off).
    const inside = new Date(endsAt.getTime() - DAY);
    const placed = await placementsOf(id, title, inside);
    expect(placed.isFeatured).toBe(false);
    expect(placed.first?.isPromoted ?? false).toBe(false);
    expect(mailer.sent.filter((email) => email.to === organizer.email).map((email) => email.subject)).toContain(
      "Your promotion has ended",
    );
    // Run twice (a retried job): nothing more happens.
    expect((await runDueJobs(handle.db, deps, new Date(after.getTime() + 60_000))).length).toBe(0);
  });

  it("places a Stripe-paid campaign when the webhook confirms it by its id, once", async () => {
    const redirecting: PaymentProvider = {
      name: "stripe",
      collectsCardOnSite: false,
      startPayment: async (input) => ({
        kind: "redirect",
        reference: `cs_test_${input.orderId}`,
        url: "https://checkout.stripe.com/c/pay/x",
      }),
      refund: async () => ({ kind: "failed", reason: "not_paid" }),
    };
    const { eventId: id } = await insertEventWithTicketTypes(handle.db, {
      organizerId: organizer.userId,
      startsAt: new Date(Date.now() + 10 * DAY),
      ticketTypes: [{ name: "General", priceCents: 15_00, quantity: 50 }],
    });
    const now = new Date();
    const started = await purchaseCampaign(
      handle.db,
      redirecting,
      organizer,
      { eventId: id, types: ["homepage"], days: 2, budgetCents: 50_00 },
      { now, siteUrl: SITE },
    );
    expect(started.outcome).toBe("redirect");
    if (started.outcome !== "redirect") return;
    expect(started.campaign).toMatchObject({ state: null, placements: [] });
    expect((await listMyCampaigns(handle.db, organizer, now)).map((campaign) => campaign.id)).not.toContain(
      started.campaign.id,
    );

    const notice = { provider: "stripe" as const, reference: "cs_unknown", cardBrand: "visa", cardLast4: "4242" };
    expect(await confirmCampaignPayment(handle.db, notice, now)).toBeNull();
    const confirm = () => confirmCampaignPayment(handle.db, { ...notice, campaignId: started.campaign.id }, now);
    expect(await confirm()).toBe(started.campaign.id);
    expect(await confirm()).toBe(started.campaign.id);
    const [placements] = await selectRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from promotions where campaign_id = ${started.campaign.id}`,
    );
    expect(placements!.n).toBe(1);
    const [jobs] = await selectRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from jobs where kind = 'end_promotion' and payload->>'campaignId' = ${started.campaign.id}`,
    );
    expect(jobs!.n).toBe(1);
  });
});
