import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider, type AppLoadContext, type MetaDescriptor } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as organizerPage from "#app/routes/organizer";
import * as userPage from "#app/routes/user";
import { loadMessages } from "#app/i18n/messages";
import { createTranslator } from "#app/i18n/translator";
import { TranslationProvider } from "#app/i18n/use-translation";
import type { Language } from "#domain/language";
import type { DatabaseHandle } from "#server/db/client";
import { badgeAwards, events, galleryPhotos, organizerFollows, profiles, reviews } from "#server/db/schema";
import { readConfig } from "#server/env";
import { createSandboxProvider } from "#server/payments/sandbox-provider";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { insertEventWithTicketTypes, insertUser } from "#tests/support/ticket-factories";

/**
 * /users/{id}, THE public profile, as React Router serves it: its loader over rows inserted straight
 * into the community tables, the page it renders and the head it writes; and /organizers/{id}, which
 * leads there for good.
 */
const config = readConfig({ NODE_ENV: "test" });
const ORIGIN = config.publicUrl;
const DAY_MS = 24 * 60 * 60_000;

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle?.close());

function contextOf(): AppLoadContext {
  return {
    db: handle.db,
    config,
    cspNonce: "",
    requestId: randomUUID(),
    viewer: null,
    payments: createSandboxProvider(),
  } as unknown as AppLoadContext;
}

type ProfileData = Awaited<ReturnType<typeof userPage.loader>>;

async function loadProfile(id: string, language: Language = "en"): Promise<ProfileData> {
  return userPage.loader({
    request: new Request(`${ORIGIN}/users/${id}?lang=${language}`),
    params: { id },
    context: contextOf(),
  } as never);
}

async function renderProfile(id: string, language: Language = "en"): Promise<{ html: string; data: ProfileData }> {
  const data = await loadProfile(id, language);
  const messages = await loadMessages(language);
  const element = createElement(userPage.default as never, { loaderData: data } as never);
  const router = createMemoryRouter([{ path: "/users/:id", element }], { initialEntries: [`/users/${id}`] });
  const html = renderToStaticMarkup(
    createElement(
      TranslationProvider,
      { value: createTranslator(language, messages) },
      createElement(RouterProvider, { router }),
    ),
  );
  return { html, data };
}

function galleryImage() {
  return `gallery/${randomBytes(12).toString("hex")}`;
}

describe(`the public profile on the ${testDatabaseKind()} database`, () => {
  it("shows an organizer's public events, reviews, galleries and followers, and never the e-mail or anything hidden", async () => {
    const organizer = await insertUser(handle.db, { role: "organizer", name: "Selam Tesfaye" });
    await handle.db
      .update(profiles)
      .set({ bio: "Coffee ceremonies in Silver Spring.", location: "Silver Spring, MD" })
      .where(eq(profiles.userId, organizer.userId));
    const pastStart = new Date(Date.now() - 10 * DAY_MS);
    const [upcoming, past, draft, hiddenEvent, otherEvent] = await Promise.all([
      insertEventWithTicketTypes(handle.db, { organizerId: organizer.userId, title: "Buna Morning", ticketTypes: [] }),
      insertEventWithTicketTypes(handle.db, {
        organizerId: organizer.userId,
        title: "Harvest Supper",
        startsAt: pastStart,
        ticketTypes: [],
      }),
      insertEventWithTicketTypes(handle.db, {
        organizerId: organizer.userId,
        title: "Secret Draft Night",
        status: "draft",
        ticketTypes: [],
      }),
      insertEventWithTicketTypes(handle.db, {
        organizerId: organizer.userId,
        title: "Hidden Gala",
        ticketTypes: [],
      }),
      insertEventWithTicketTypes(handle.db, { title: "Jazz on the Wharf", startsAt: pastStart, ticketTypes: [] }),
    ]);
    await handle.db.update(events).set({ hiddenAt: new Date() }).where(eq(events.id, hiddenEvent.eventId));

    const fans = await Promise.all([insertUser(handle.db), insertUser(handle.db), insertUser(handle.db)]);
    await handle.db
      .insert(organizerFollows)
      .values(fans.map((fan) => ({ followerId: fan.userId, organizerId: organizer.userId })));
    // The organizer wrote two reviews of someone else's event and of their own: one hidden by staff.
    await handle.db.insert(reviews).values([
      { eventId: otherEvent.eventId, authorId: organizer.userId, rating: 5, body: "The trio was superb." },
      {
        eventId: past.eventId,
        authorId: organizer.userId,
        rating: 1,
        body: "Rude words staff hid.",
        hiddenAt: new Date(),
      },
      { eventId: hiddenEvent.eventId, authorId: organizer.userId, rating: 4, body: "About a hidden event." },
      // What others thought of the organizer's events: their average.
      { eventId: past.eventId, authorId: fans[0]!.userId, rating: 4 },
      { eventId: past.eventId, authorId: fans[1]!.userId, rating: 5 },
    ]);
    await handle.db.insert(galleryPhotos).values([
      {
        eventId: otherEvent.eventId,
        authorId: organizer.userId,
        image: galleryImage(),
        width: 800,
        height: 600,
        alt: "The trio on stage",
      },
      {
        eventId: otherEvent.eventId,
        authorId: organizer.userId,
        image: galleryImage(),
        width: 800,
        height: 600,
        alt: "The crowd dancing",
      },
      {
        eventId: past.eventId,
        authorId: organizer.userId,
        image: galleryImage(),
        width: 800,
        height: 600,
        alt: "A photo staff hid",
        hiddenAt: new Date(),
      },
      {
        eventId: draft.eventId,
        authorId: organizer.userId,
        image: galleryImage(),
        width: 800,
        height: 600,
        alt: "A draft's photo",
      },
    ]);
    await handle.db
      .insert(badgeAwards)
      .values({ userId: organizer.userId, badge: "event_creator", awardedAt: new Date() });

    const { html, data } = await renderProfile(organizer.userId);
    expect(data.counts).toEqual({ followers: 3, reviews: 1, photos: 2, badges: 1 });
    expect(data.organizer?.upcoming.map((event) => event.id)).toEqual([upcoming.eventId]);
    expect(data.organizer?.past.map((event) => event.id)).toEqual([past.eventId]);
    expect(data.organizer?.rating).toEqual({ average: 4.5, reviews: 2 });

    expect(html).toContain("Selam Tesfaye");
    expect(html).toContain("Coffee ceremonies in Silver Spring.");
    expect(html).toContain("Buna Morning");
    expect(html).toContain("Harvest Supper");
    expect(html).toContain("Average rating 4.5 of 5 · Reviews: 2");
    // Their review, linked to its event; the gallery with its latest photo as the thumbnail.
    expect(html).toContain("The trio was superb.");
    expect(html).toContain(`href="/events/${otherEvent.eventId}"`);
    expect(html).toContain(`href="/events/${otherEvent.eventId}#gallery"`);
    expect(html).toContain('alt="The crowd dancing"');
    expect(html).toMatch(/Photos: 2/);
    // Never the e-mail address, nor anything hidden or not published.
    expect(html).not.toContain(organizer.email);
    for (const secret of [
      "Secret Draft Night",
      "Hidden Gala",
      "Rude words staff hid.",
      "About a hidden event.",
      "A photo staff hid",
      "A draft&#x27;s photo",
    ]) {
      expect(html, secret).not.toContain(secret);
    }
    expect(JSON.stringify(data)).not.toContain(organizer.email);
  });

  it("writes a ProfilePage about a Person in its JSON-LD, without an e-mail address", async () => {
    const person = await insertUser(handle.db, { name: "Amani Okafor" });
    const data = await loadProfile(person.userId);
    await loadMessages("en");
    const head = userPage.meta({
      data,
      matches: [
        { id: "root", data: { origin: ORIGIN, language: "en", linkedLanguage: null } },
        { id: "routes/user", data },
      ],
    } as never) as MetaDescriptor[];
    const jsonLd = (head.find((tag) => "script:ld+json" in tag) as { "script:ld+json": unknown } | undefined)?.[
      "script:ld+json"
    ] as Record<string, unknown>;
    expect(jsonLd).toMatchObject({
      "@type": "ProfilePage",
      mainEntity: { "@type": "Person", name: "Amani Okafor", url: `${ORIGIN}/users/${person.userId}` },
    });
    expect(JSON.stringify(jsonLd)).not.toContain("@example.com");
  });

  it("says once, with a way onward, that someone has done nothing yet", async () => {
    const person = await insertUser(handle.db, { name: "Newcomer Nia" });
    const { html, data } = await renderProfile(person.userId);
    expect(data.organizer).toBeNull();
    expect(html).toContain("Newcomer Nia\u2069 has not reviewed an event or added photos yet.");
    // Someone who organizes nothing has no followers to count.
    expect(html).not.toContain("Followers");
    expect(html).toContain('href="/community"');
    expect(html).not.toContain("Events they organize");
    expect(html).not.toContain('id="profile-reviews"');

    const arabic = await renderProfile(person.userId, "ar");
    expect(arabic.html).toContain("لم يقيّم");
  });

  it("answers 404 for someone who does not exist", async () => {
    for (const id of [randomUUID(), "not-a-user"]) {
      const thrown = await loadProfile(id).catch((error: unknown) => error);
      expect((thrown as { init?: { status?: number } }).init?.status, id).toBe(404);
    }
  });

  it("sends /organizers/{id} to /users/{id} for good", async () => {
    const id = randomUUID();
    const response = (await organizerPage.loader({
      request: new Request(`${ORIGIN}/organizers/${id}?lang=fr`),
      params: { id },
      context: contextOf(),
    } as never)) as Response;
    expect(response.status).toBe(301);
    expect(response.headers.get("Location")).toBe(`/users/${id}?lang=fr`);
  });
});
