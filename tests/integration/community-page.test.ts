import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider, type AppLoadContext, type MetaDescriptor } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as communityPage from "#app/routes/community";
import { loadMessages } from "#app/i18n/messages";
import { createTranslator } from "#app/i18n/translator";
import { TranslationProvider } from "#app/i18n/use-translation";
import type { Language } from "#domain/language";
import type { DatabaseHandle } from "#server/db/client";
import { badgeAwards, categories, events, galleryPhotos, reviews, shareLinks, shareVisits } from "#server/db/schema";
import { readConfig } from "#server/env";
import { createSandboxProvider } from "#server/payments/sandbox-provider";
import { startOfMonth } from "#server/services/community";
import { listSiteEntries } from "#server/services/sitemap";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { insertEventWithTicketTypes, insertUser } from "#tests/support/ticket-factories";

/**
 * /community as React Router serves it, over rows inserted straight into the community tables: each
 * section from real data, nothing hidden or unpublished, and an empty site that says so once.
 */
const config = readConfig({ NODE_ENV: "test" });
const ORIGIN = config.publicUrl;
const DAY_MS = 24 * 60 * 60_000;

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle?.close());

type CommunityData = Awaited<ReturnType<typeof communityPage.loader>>;

async function renderCommunity(language: Language = "en"): Promise<{ html: string; data: CommunityData }> {
  const context = {
    db: handle.db,
    config,
    cspNonce: "",
    requestId: randomUUID(),
    viewer: null,
    payments: createSandboxProvider(),
  } as unknown as AppLoadContext;
  const data = await communityPage.loader({
    request: new Request(`${ORIGIN}/community?lang=${language}`),
    params: {},
    context,
  } as never);
  const messages = await loadMessages(language);
  const element = createElement(communityPage.default as never, { loaderData: data } as never);
  const router = createMemoryRouter([{ path: "/community", element }], { initialEntries: ["/community"] });
  const html = renderToStaticMarkup(
    createElement(
      TranslationProvider,
      { value: createTranslator(language, messages) },
      createElement(RouterProvider, { router }),
    ),
  );
  return { html, data };
}

const photo = (eventId: number, authorId: string, alt: string, extra: { hiddenAt?: Date } = {}) => ({
  eventId,
  authorId,
  image: `gallery/${randomBytes(12).toString("hex")}`,
  width: 800,
  height: 600,
  alt,
  ...extra,
});

describe(`the community page on the ${testDatabaseKind()} database`, () => {
  it("on an empty site, says so once with a way onward, and still shows how to take part", async () => {
    const { html, data } = await renderCommunity();
    expect(data.community.reviews).toEqual([]);
    expect(html).toContain("Nothing has happened here yet");
    expect(html).toContain('href="/events"');
    for (const section of ["recent-reviews", "recent-photos", "top-contributors", "new-badges", "active-organizers"]) {
      expect(html, section).not.toContain(`id="${section}"`);
    }
    for (const path of ["/community-guidelines", "/signup", "/dashboard", "/create"]) {
      expect(html, path).toContain(`href="${path}"`);
    }
  });

  it("shows recent reviews and photos, top contributors, new badges, active organizers and community events", async () => {
    const now = new Date();
    // The test events' own category first (the factory takes the first), then the Community one.
    await handle.db.insert(categories).values([
      { key: "test", name: "Test", icon: "ticket", position: 99 },
      { key: "community", name: "Community", icon: "users", position: 5 },
    ]);
    const [community] = await handle.db.select().from(categories).where(eq(categories.key, "community"));
    const organizer = await insertUser(handle.db, { role: "organizer", name: "Kofi Mensah" });
    const busy = await insertUser(handle.db, { role: "organizer", name: "Busy Beatriz" });
    const reviewer = await insertUser(handle.db, { name: "Rana Haddad" });
    const sharer = await insertUser(handle.db, { name: "Sam Sharer" });
    const past = await insertEventWithTicketTypes(handle.db, {
      organizerId: organizer.userId,
      title: "Block Party on U Street",
      startsAt: new Date(now.getTime() - 2 * 60 * 60_000 - DAY_MS),
      ticketTypes: [],
    });
    const cleanUp = await insertEventWithTicketTypes(handle.db, {
      organizerId: organizer.userId,
      title: "Anacostia River Clean-up",
      ticketTypes: [],
    });
    await handle.db.update(events).set({ categoryId: community!.id }).where(eq(events.id, cleanUp.eventId));
    const draft = await insertEventWithTicketTypes(handle.db, {
      organizerId: organizer.userId,
      title: "Draft Potluck",
      status: "draft",
      ticketTypes: [],
    });
    await handle.db.update(events).set({ categoryId: community!.id }).where(eq(events.id, draft.eventId));
    for (const title of ["Busy One", "Busy Two"]) {
      await insertEventWithTicketTypes(handle.db, { organizerId: busy.userId, title, ticketTypes: [] });
    }
    const hiddenEvent = await insertEventWithTicketTypes(handle.db, { title: "Hidden Rave", ticketTypes: [] });
    await handle.db.update(events).set({ hiddenAt: now }).where(eq(events.id, hiddenEvent.eventId));

    await handle.db.insert(reviews).values([
      { eventId: past.eventId, authorId: reviewer.userId, rating: 5, body: "Best block party of the summer!" },
      { eventId: past.eventId, authorId: sharer.userId, rating: 1, body: "Spam staff hid.", hiddenAt: now },
      { eventId: hiddenEvent.eventId, authorId: sharer.userId, rating: 3, body: "Review of a hidden event." },
      // Last month's review: shown as recent, not counted in this month's points.
      {
        eventId: past.eventId,
        authorId: organizer.userId,
        rating: 4,
        body: "From last month.",
        createdAt: new Date(startOfMonth(now).getTime() - DAY_MS),
      },
    ]);
    await handle.db
      .insert(galleryPhotos)
      .values([
        photo(past.eventId, reviewer.userId, "Dancers on U Street"),
        photo(past.eventId, reviewer.userId, "A photo staff hid", { hiddenAt: now }),
        photo(hiddenEvent.eventId, sharer.userId, "Inside the hidden rave"),
      ]);
    await handle.db.insert(shareLinks).values({ code: "sam-code", userId: sharer.userId, eventId: cleanUp.eventId });
    await handle.db.insert(shareVisits).values([
      { code: "sam-code", visitorHash: "a" },
      { code: "sam-code", visitorHash: "b" },
      { code: "sam-code", visitorHash: "c" },
    ]);
    await handle.db.insert(badgeAwards).values([
      { userId: reviewer.userId, badge: "first_timer", awardedAt: new Date(now.getTime() - 60_000) },
      { userId: organizer.userId, badge: "event_creator", awardedAt: now },
    ]);

    const { html, data } = await renderCommunity();
    const { community: page } = data;
    expect(html).not.toContain("Nothing has happened here yet");

    expect(page.reviews.map((review) => review.body)).toEqual(["Best block party of the summer!", "From last month."]);
    expect(html).toContain("Best block party of the summer!");
    expect(html).toContain(`href="/users/${reviewer.userId}"`);
    expect(html).toContain(`href="/events/${past.eventId}"`);

    expect(page.photos.map((shown) => shown.alt)).toEqual(["Dancers on U Street"]);
    expect(html).toContain('alt="Dancers on U Street"');

    // Points: Sam's three share visits, Rana's review and photo; the organizer's review was last month.
    expect(
      page.contributors.map(({ name, points, reviews: written, photos, visits }) => ({
        name,
        points,
        written,
        photos,
        visits,
      })),
    ).toEqual([
      { name: "Sam Sharer", points: 3, written: 0, photos: 0, visits: 3 },
      { name: "Rana Haddad", points: 2, written: 1, photos: 1, visits: 0 },
    ]);
    expect(html).toContain("Top contributors this month");
    expect(html).toContain("Points: 3 (reviews 0 · photos 0 · share visits 3)");

    expect(page.badges.map((award) => [award.person.name, award.badge])).toEqual([
      ["Kofi Mensah", "event_creator"],
      ["Rana Haddad", "first_timer"],
    ]);
    expect(html).toContain("earned Event Creator");

    expect(page.organizers.map((shown) => [shown.name, shown.upcomingEvents])).toEqual([
      ["Busy Beatriz", 2],
      ["Kofi Mensah", 1],
    ]);
    expect(html).toContain("Upcoming events: 2");

    expect(page.events.map((event) => event.title)).toEqual(["Anacostia River Clean-up"]);

    for (const secret of [
      "Spam staff hid.",
      "Review of a hidden event.",
      "A photo staff hid",
      "Inside the hidden rave",
      "Draft Potluck",
      "Hidden Rave",
    ]) {
      expect(html, secret).not.toContain(secret);
    }
    expect(html).not.toMatch(/@example\.com/);

    const arabic = await renderCommunity("ar");
    expect(arabic.html).toContain("أبرز المساهمين هذا الشهر");
  });

  it("describes itself as a CollectionPage of its community events, and is in the sitemap", async () => {
    const { data } = await renderCommunity();
    await loadMessages("en");
    const head = communityPage.meta({
      data,
      matches: [
        { id: "root", data: { origin: ORIGIN, language: "en", linkedLanguage: null } },
        { id: "routes/community", data },
      ],
    } as never) as MetaDescriptor[];
    expect(head.find((tag) => "title" in tag)).toEqual({ title: "Community | DMV Events" });
    const jsonLd = (head.find((tag) => "script:ld+json" in tag) as { "script:ld+json": unknown } | undefined)?.[
      "script:ld+json"
    ] as {
      "@type": string;
      mainEntity: { itemListElement: { name: string }[] };
    };
    expect(jsonLd["@type"]).toBe("CollectionPage");
    expect(jsonLd.mainEntity.itemListElement.map((item) => item.name)).toEqual(["Anacostia River Clean-up"]);
    expect((await listSiteEntries(handle.db)).map((entry) => entry.path)).toContain("/community");
  });
});
