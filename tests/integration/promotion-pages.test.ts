import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider, type AppLoadContext } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import enCore from "#app/i18n/locales/en.json";
import enPages from "#app/i18n/locales/pages/en.json";
import { createTranslator } from "#app/i18n/translator";
import { TranslationProvider } from "#app/i18n/use-translation";
import * as categoriesPage from "#app/routes/categories";
import * as eventPage from "#app/routes/event";
import PricingPage from "#app/routes/pricing";
import * as promotePage from "#app/routes/promote";
import * as promotionPage from "#app/routes/promotion";
import * as shareKitRoute from "#app/routes/promotion-share-kit";
import { orderTotalCents } from "#domain/order";
import {
  digestEditions,
  PROMOTION_LIMITS,
  PROMOTION_TYPES,
  RATE_CARD,
  TICKETING_FEES,
} from "#domain/promotion-pricing";
import { selectRows, type DatabaseHandle } from "#server/db/client";
import { eventCoOrganizers, events, promotions } from "#server/db/schema";
import { readConfig } from "#server/env";
import type { Viewer } from "#server/http/app-env";
import { createSandboxProvider } from "#server/payments/sandbox-provider";
import { insertEventWithTicketTypes, insertUser } from "#tests/support/ticket-factories";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";

/** All of a language's messages: those of every page and the page namespaces (app/i18n/messages.ts). */
const en = { ...enCore, ...enPages };

/**
 * The promote, campaign and share kit pages' loaders and actions as React Router calls them (the
 * browser journey in tests/e2e/organizer-journey.test.ts renders them), the category and sidebar
 * placements of the category and event pages, and what /pricing publishes.
 */
const config = readConfig({ NODE_ENV: "test" });
const SITE = config.publicUrl;
const DAY = 24 * 60 * 60 * 1000;
let handle: DatabaseHandle;
let organizer: Viewer;
let stranger: Viewer;
let eventId: number;

beforeAll(async () => {
  handle = await openTestDatabase();
  [organizer, stranger] = await Promise.all([viewerFor("Selam Tadesse"), viewerFor("Dawit Bekele")]);
  ({ eventId } = await insertEventWithTicketTypes(handle.db, {
    organizerId: organizer.userId,
    title: "Promotion pages showcase",
    startsAt: new Date(Date.now() + 20 * DAY),
    ticketTypes: [{ name: "General", priceCents: 20_00, quantity: 50 }],
  }));
});
afterAll(() => handle?.close());

async function viewerFor(name: string): Promise<Viewer> {
  const user = await insertUser(handle.db, { name });
  return { userId: user.userId, sessionId: randomUUID(), email: user.email, name, profileImage: null, isStaff: false };
}

function contextFor(viewer: Viewer | null): AppLoadContext {
  return {
    db: handle.db,
    config,
    payments: createSandboxProvider(),
    cspNonce: "",
    requestId: randomUUID(),
    viewer,
    clientAddress: "10.0.0.1",
  };
}

interface Answer {
  status: number;
  data: Record<string, unknown> | null;
  headers: Headers;
  response: Response | null;
}

/** What a loader or action answered or threw: React Router's data() object or a Response. */
async function answerOf(run: () => unknown): Promise<Answer> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response)
    return { status: result.status, data: null, headers: result.headers, response: result };
  const withInit = result as { type?: string; data?: Record<string, unknown>; init?: ResponseInit | number | null };
  if (withInit?.type === "DataWithResponseInit") {
    const init = typeof withInit.init === "number" ? { status: withInit.init } : (withInit.init ?? {});
    return {
      status: init.status ?? 200,
      data: withInit.data ?? null,
      headers: new Headers(init.headers),
      response: null,
    };
  }
  if (result instanceof Error) throw result;
  return { status: 200, data: result as Record<string, unknown>, headers: new Headers(), response: null };
}

const openPromote = (query: string, viewer: Viewer | null) =>
  answerOf(() =>
    promotePage.loader({
      request: new Request(`${SITE}/promote${query}`),
      params: {},
      context: contextFor(viewer),
    } as never),
  );

/** Sends the /promote form; each sending is a new page's (a new attempt key) unless `fields` has one. */
function submit(fields: [string, string][], viewer: Viewer = organizer) {
  if (!fields.some(([name]) => name === "attempt")) fields = [["attempt", randomUUID()], ...fields];
  return answerOf(() =>
    promotePage.action({
      request: new Request(`${SITE}/promote`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: SITE },
        body: new URLSearchParams(fields),
      }),
      params: {},
      context: contextFor(viewer),
    } as never),
  );
}

const CARD: [string, string][] = [
  ["number", "4242 4242 4242 4242"],
  ["expMonth", "12"],
  ["expYear", String(new Date().getUTCFullYear() + 2)],
  ["cvc", "123"],
];

const campaignCount = async () =>
  (await selectRows<{ n: number }>(handle.db, sql`select count(*)::int as n from promotion_campaigns`))[0]!.n;

describe(`the promotion pages on the ${testDatabaseKind()} database`, () => {
  it("sends a visitor to sign in, and offers the organizer only their published upcoming events", async () => {
    const visitor = await openPromote("", null);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("Location")).toBe("/signin?next=%2Fpromote");

    await insertEventWithTicketTypes(handle.db, {
      organizerId: organizer.userId,
      status: "draft",
      ticketTypes: [{ name: "General", priceCents: 0, quantity: 5 }],
    });
    const page = await openPromote(`?event=${eventId}`, organizer);
    expect(page.data!.selectedEventId).toBe(eventId);
    expect((page.data!.events as { id: number }[]).map((event) => event.id)).toEqual([eventId]);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    expect((await openPromote(`?event=${eventId}`, stranger)).data!.events).toEqual([]);
  });

  it("prices the options without JavaScript (the Quote button), buying nothing", async () => {
    const quote = await submit([
      ["intent", "quote"],
      ["eventId", String(eventId)],
      ["types", "homepage"],
      ["types", "digest"],
      ["days", "8"],
    ]);
    expect(quote.status).toBe(200);
    // The digest: each Monday edition in the 8 days from now (one or two, as the week falls).
    const editions = digestEditions({ startsAt: new Date(), days: 8 });
    expect(quote.data!.quote).toMatchObject({
      lines: [
        { type: "homepage", unit: "day", units: 8 },
        { type: "digest", unit: "edition", units: editions, unitCents: RATE_CARD.digest.cents },
      ],
      totalCents: 8 * RATE_CARD.homepage.cents + editions * RATE_CARD.digest.cents,
      isWithinBudget: true,
    });
    expect(await campaignCount()).toBe(0);
  });

  it("names each problem with a word the page translates, and writes nothing", async () => {
    const cases: [[string, string][], Record<string, string>][] = [
      [
        [
          ["types", "homepage"],
          ["days", "0"],
        ],
        { days: "days_out_of_range" },
      ],
      [[["days", "3"]], { types: "types_required" }],
      [
        [
          ["types", "homepage"],
          ["types", "billboard"],
          ["days", "3"],
        ],
        { types: "unknown_type" },
      ],
      [
        [
          ["types", "homepage"],
          ["days", "3"],
          ["number", "1234"],
        ],
        { number: "card_number_invalid" },
      ],
    ];
    for (const [fields, problems] of cases) {
      const answer = await submit([["intent", "pay"], ["eventId", String(eventId)], ...fields]);
      expect(answer.status, JSON.stringify(fields)).toBe(422);
      expect(answer.data!.problems, JSON.stringify(fields)).toMatchObject(problems);
      for (const word of Object.values(answer.data!.problems as Record<string, string>)) {
        const words = { ...en.promote.problems, ...en.payment.problems } as Record<string, string>;
        expect(words[word], word).toEqual(expect.any(String));
      }
    }
    const strangers = await submit(
      [["intent", "pay"], ["eventId", String(eventId)], ["types", "homepage"], ["days", "3"], ...CARD],
      stranger,
    );
    expect(strangers.data!.problems).toEqual({ eventId: "not_promotable" });
    const declined = await submit([
      ["intent", "pay"],
      ["eventId", String(eventId)],
      ["types", "homepage"],
      ["days", "3"],
      ...CARD.map(([name, value]): [string, string] => [name, name === "number" ? "4000 0000 0000 0002" : value]),
    ]);
    expect(declined.status).toBe(402);
    expect(declined.data!.decline).toBe("card_declined");
    expect(await campaignCount()).toBe(0);
  });

  it("pays once for a form sent twice, and refuses a form whose attempt key is not one", async () => {
    const form: [string, string][] = [
      ["attempt", randomUUID()],
      ["intent", "pay"],
      ["eventId", String(eventId)],
      ["types", "homepage"],
      ["days", "2"],
      ...CARD,
    ];
    const before = await campaignCount();
    const [first, second] = await Promise.all([submit(form), submit(form)]);
    const locations = [first, second].map((answer) => answer.headers.get("Location")!).sort();
    expect([first.status, second.status]).toEqual([302, 302]);
    const campaignId = locations[0]!.split("/")[2]!.split("?")[0]!;
    expect(locations).toEqual([`/promote/${campaignId}`, `/promote/${campaignId}?paid=1`]);
    expect(await campaignCount()).toBe(before + 1);

    const keyless = await submit(
      form.map(([name, value]): [string, string] => [name, name === "attempt" ? "not-a-key" : value]),
    );
    expect(keyless.status).toBe(400);
    expect(keyless.data!.problems).toEqual({ form: "unexpected" });
    expect(await campaignCount()).toBe(before + 1);
  });

  it("pays the quoted price with no budget to type, then shows the campaign and its share kit to the organizer alone", async () => {
    const paid = await submit([
      ["intent", "pay"],
      ["eventId", String(eventId)],
      ["types", "search"],
      ["types", "social"],
      ["days", "5"],
      ...CARD,
    ]);
    expect(paid.status).toBe(302);
    const location = paid.headers.get("Location")!;
    expect(location).toMatch(/^\/promote\/[0-9a-f-]{36}\?paid=1$/);
    const campaignId = location.split("/")[2]!.split("?")[0]!;

    const open = (viewer: Viewer | null) =>
      answerOf(() =>
        promotionPage.loader({
          request: new Request(`${SITE}${location}`),
          params: { campaignId },
          context: contextFor(viewer),
        } as never),
      );
    const mine = await open(organizer);
    expect(mine.data).toMatchObject({
      isJustPaid: true,
      campaign: {
        id: campaignId,
        state: "active",
        priceCents: 5 * 15_00 + 19_00,
        // Nothing but the price was agreed: it is the campaign's budget too.
        budgetCents: 5 * 15_00 + 19_00,
        placements: [{ placement: "explore" }],
      },
      shareKit: { eventId, texts: { en: expect.stringContaining("Promotion pages showcase") } },
    });
    expect((await open(stranger)).status).toBe(404);
    expect((await open(null)).status).toBe(302);

    const image = (viewer: Viewer | null) =>
      answerOf(() =>
        shareKitRoute.loader({
          request: new Request(`${SITE}/promote/${campaignId}/share-kit.png`),
          params: { campaignId },
          context: contextFor(viewer),
        } as never),
      );
    const png = await image(organizer);
    expect(png.headers.get("Content-Type")).toBe("image/png");
    const bytes = Buffer.from(await png.response!.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ width: 1200, height: 630, format: "png" });
    expect((await image(stranger)).status).toBe(404);
    expect((await image(null)).status).toBe(404);
  });

  it("offers a co-organizer the events they help organize, and lets them pay; the digest only for a public one", async () => {
    const helper = await viewerFor("Hana Helper");
    await handle.db.insert(eventCoOrganizers).values({ eventId, userId: helper.userId });
    const page = await openPromote("", helper);
    expect((page.data!.events as { id: number }[]).map((event) => event.id)).toEqual([eventId]);

    const { eventId: privateId } = await insertEventWithTicketTypes(handle.db, {
      organizerId: helper.userId,
      startsAt: new Date(Date.now() + 20 * DAY),
      ticketTypes: [{ name: "General", priceCents: 20_00, quantity: 50 }],
    });
    await handle.db.update(events).set({ isPublic: false }).where(eq(events.id, privateId));
    const before = await campaignCount();
    const hidden = await submit(
      [["intent", "pay"], ["eventId", String(privateId)], ["types", "digest"], ["days", "8"], ...CARD],
      helper,
    );
    expect(hidden.status).toBe(422);
    expect(hidden.data!.problems).toEqual({ types: "digest_private_event" });
    expect(en.promote.problems.digest_private_event).toEqual(expect.any(String));
    expect(await campaignCount()).toBe(before);

    const paid = await submit(
      [["intent", "pay"], ["eventId", String(eventId)], ["types", "search"], ["days", "2"], ...CARD],
      helper,
    );
    expect(paid.status).toBe(302);
    expect(paid.headers.get("Location")).toMatch(/^\/promote\/[0-9a-f-]{36}\?paid=1$/);
    expect(await campaignCount()).toBe(before + 1);
  });

  it("shows running category and sidebar promotions on the category page and beside other events", async () => {
    const [event] = await handle.db
      .select({ categoryId: events.categoryId })
      .from(events)
      .where(eq(events.id, eventId));
    const { eventId: otherId } = await insertEventWithTicketTypes(handle.db, {
      ticketTypes: [{ name: "General", priceCents: 0, quantity: 5 }],
    });
    const now = Date.now();
    const ad = (placement: "category" | "sidebar", title: string, startsIn = -DAY) => ({
      eventId,
      title,
      description: "Twelve acts, two stages.",
      imageUrl: "",
      linkUrl: `/events/${eventId}`,
      callToAction: "Get tickets",
      startsAt: new Date(now + startsIn),
      endsAt: new Date(now + 5 * DAY),
      placement,
    });
    await handle.db
      .insert(promotions)
      .values([ad("category", "In the category"), ad("sidebar", "Beside the others"), ad("sidebar", "Not yet", DAY)]);

    const category = await answerOf(() =>
      categoriesPage.loader({
        request: new Request(`${SITE}/categories?category=${event!.categoryId}`),
        params: {},
        context: contextFor(null),
      } as never),
    );
    expect((category.data!.ads as { title: string }[]).map((item) => item.title)).toEqual(["In the category"]);

    const openEvent = (id: number) =>
      answerOf(() =>
        eventPage.loader({
          request: new Request(`${SITE}/events/${id}`),
          params: { id: String(id) },
          context: contextFor(null),
        } as never),
      );
    expect(((await openEvent(otherId)).data!.sidebarAds as { title: string }[]).map((item) => item.title)).toEqual([
      "Beside the others",
    ]);
    // Never an event's own promotion beside itself.
    expect((await openEvent(eventId)).data!.sidebarAds).toEqual([]);
  });
});

describe("the pricing page", () => {
  /** /pricing in English, as the server renders it. */
  function pricingHtml(): string {
    const router = createMemoryRouter([{ path: "/pricing", element: createElement(PricingPage) }], {
      initialEntries: ["/pricing"],
    });
    return renderToStaticMarkup(
      createElement(
        TranslationProvider,
        { value: createTranslator("en", en) },
        createElement(RouterProvider, { router }),
      ),
    );
  }
  /** Text as read: tags dropped, the entities React writes decoded. */
  const textOf = (fragment: string) =>
    fragment
      .replace(/<[^>]+>/g, "")
      .replaceAll("&#x27;", "'")
      .replaceAll("&amp;", "&")
      .trim();
  /** Dollars as the page writes them: "$25.00", "$1,000.00". */
  const dollars = (cents: number) =>
    `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

  it("lists every line of the rate card quotes charge from, at its price and unit", () => {
    const html = pricingHtml();
    const { t } = createTranslator("en", en);
    const rows = [...html.matchAll(/<tr[^>]*>\s*<th scope="row"[^>]*>(.*?)<\/th>(.*?)<\/tr>/gs)].map(
      ([, name, cells]) => ({
        // Without the description a phone shows under the name (the wider screens' column has it).
        name: textOf(name!.replace(/<span[^>]*sm:hidden[^>]*>.*?<\/span>/s, "")),
        cells: [...cells!.matchAll(/<td[^>]*>(.*?)<\/td>/gs)].map(([, cell]) => textOf(cell!)),
      }),
    );
    expect(rows.map((row) => row.name)).toEqual(PROMOTION_TYPES.map((type) => t(`promote.types.${type}`)));
    for (const [index, type] of PROMOTION_TYPES.entries()) {
      const { unit, cents } = RATE_CARD[type];
      expect(rows[index]!.cells).toEqual([
        t(`promote.typeDescriptions.${type}`),
        t(`promote.rates.${unit}`, { price: dollars(cents) }),
      ]);
      // The figure itself, in a sentence of its own (a missing message would show its key).
      expect(rows[index]!.cells[1]).toContain(dollars(cents));
      expect(rows[index]!.cells[1]).not.toContain("promote.rates");
    }
    expect(textOf(html)).toContain(
      `A promotion runs from ${PROMOTION_LIMITS.minDays} to ${PROMOTION_LIMITS.maxDays} days.`,
    );
  });

  it("states the ticketing fees checkout adds to an order", () => {
    const html = pricingHtml();
    const fees = Object.fromEntries(
      [...html.matchAll(/<dt[^>]*>(.*?)<\/dt>\s*<dd[^>]*>(.*?)<\/dd>/gs)].map(([, term, value]) => [
        textOf(term!),
        textOf(value!),
      ]),
    );
    expect(fees).toEqual({
      [en.pricing.percentFee]: `${TICKETING_FEES.basisPoints / 100}%`,
      [en.pricing.fixedFee]: dollars(TICKETING_FEES.fixedCentsPerPaidOrder),
    });
    // What checkout charges beyond the tickets on a paid order, and on a free one.
    const paidFee = orderTotalCents([{ quantity: 2, unitPriceCents: 40_00 }]) - 2 * 40_00;
    const expectedPaidFee =
      Math.round((2 * 40_00 * TICKETING_FEES.basisPoints) / 10_000) + TICKETING_FEES.fixedCentsPerPaidOrder;
    expect(paidFee).toBe(expectedPaidFee);
    expect(orderTotalCents([{ quantity: 2, unitPriceCents: 0 }])).toBe(0);
    const text = textOf(html);
    expect(text).toContain(paidFee === 0 ? en.pricing.noFees : en.pricing.feesApply);
    expect(text).not.toContain(paidFee === 0 ? en.pricing.feesApply : en.pricing.noFees);
    expect(text).toContain(en.pricing.freeEvents);
  });
});
