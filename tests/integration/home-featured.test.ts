import { inArray } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as homePage from "#app/routes/home";
import { HOME_LIMITS } from "#domain/home-sections";
import { advanceClock, currentTime } from "#server/clock";
import type { DatabaseHandle } from "#server/db/client";
import { events } from "#server/db/schema";
import { readConfig } from "#server/env";
import { createSandboxProvider } from "#server/payments/sandbox-provider";
import { purchaseCampaign } from "#server/services/promotions";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { insertEventWithTicketTypes, insertUser } from "#tests/support/ticket-factories";

/**
 * The home page's Featured Events as its loader serves them: a paid "feature on the home page"
 * campaign wins a place there while it runs, however many featured events start sooner.
 */
const config = readConfig({ NODE_ENV: "test" });
const DAY = 24 * 60 * 60 * 1000;
const CARD = { number: "4242 4242 4242 4242", expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: "123" };

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle?.close());

/** The titles of the home page's Featured Events, in the order shown, at the app's current time. */
async function featuredTitles(): Promise<string[]> {
  const context = { db: handle.db, config, payments: createSandboxProvider(), viewer: null } as unknown;
  const answer = (await homePage.loader({
    request: new Request(`${config.publicUrl}/`),
    params: {},
    context: context as AppLoadContext,
  } as never)) as { data: { featured: { title: string }[] } };
  return answer.data.featured.map((event) => event.title);
}

describe(`the home page's Featured Events on the ${testDatabaseKind()} database`, () => {
  it("shows an event with a running paid home page promotion first, and drops it once the promotion ends", async () => {
    const now = currentTime();
    // More featured events than the section holds, all starting before the promoted one.
    const soonerTitles = Array.from({ length: HOME_LIMITS.featured + 1 }, (_, index) => `Featured soon ${index + 1}`);
    const sooner = [];
    for (const [index, title] of soonerTitles.entries()) {
      sooner.push(
        await insertEventWithTicketTypes(handle.db, {
          title,
          // After the campaign has ended too, so that they are still to come then.
          startsAt: new Date(now.getTime() + (index + 5) * DAY),
          ticketTypes: [{ name: "General", priceCents: 10_00, quantity: 20 }],
        }),
      );
    }
    await handle.db
      .update(events)
      .set({ isFeatured: true })
      .where(
        inArray(
          events.id,
          sooner.map((event) => event.eventId),
        ),
      );
    const organizer = await insertUser(handle.db, { role: "organizer" });
    const paidTitle = "Paid for the home page gala";
    const { eventId } = await insertEventWithTicketTypes(handle.db, {
      organizerId: organizer.userId,
      title: paidTitle,
      startsAt: new Date(now.getTime() + 30 * DAY),
      ticketTypes: [{ name: "General", priceCents: 30_00, quantity: 20 }],
    });

    expect(await featuredTitles()).toEqual(soonerTitles.slice(0, HOME_LIMITS.featured));

    const bought = await purchaseCampaign(
      handle.db,
      createSandboxProvider(),
      { userId: organizer.userId },
      { eventId, types: ["homepage"], days: 3, budgetCents: 100_00 },
      { now: currentTime(), siteUrl: config.publicUrl, card: CARD },
    );
    if (bought.outcome !== "paid") throw new Error(`The purchase was ${bought.outcome}.`);
    // Past the home page's few seconds of caching, so the page is read again.
    advanceClock(60_000);
    expect(await featuredTitles()).toEqual([paidTitle, ...soonerTitles.slice(0, HOME_LIMITS.featured - 1)]);

    // A minute after the campaign's end, the soonest featured events have the section to themselves again.
    advanceClock(bought.campaign.endsAt.getTime() - currentTime().getTime() + 60_000);
    expect(await featuredTitles()).toEqual(soonerTitles.slice(0, HOME_LIMITS.featured));
  });
});
