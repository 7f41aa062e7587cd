import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadMessages } from "#app/i18n/messages";
import * as typePage from "#app/routes/event-type";
import * as typesPage from "#app/routes/event-types";
import { CATEGORIES } from "#domain/catalog";
import { EVENT_TYPES } from "#domain/event-types";
import { LANGUAGES, type Language } from "#domain/language";
import type { DatabaseHandle } from "#server/db/client";
import { categories, events } from "#server/db/schema";
import { listSiteEntries } from "#server/services/sitemap";
import {
  expectNoMissingMessages,
  jsonLdOf,
  linksOf,
  loaderStatus,
  metaOf,
  ORIGIN,
  renderPage,
  runLoader,
  textOf,
} from "#tests/support/page-render";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { insertEventWithTicketTypes } from "#tests/support/ticket-factories";

/**
 * /event-types and /event-types/{slug}: a guide per kind of event, in four languages, from the data of
 * domain/event-types.ts, with links to its categories' event lists and real upcoming events of them.
 */
let handle: DatabaseHandle;
const DAY_MS = 24 * 60 * 60 * 1000;
const ids: Record<string, number> = {};

/** A published event in `category`, starting in `days` days. */
async function eventIn(category: string, title: string, days: number, status: "published" | "draft" = "published") {
  const { eventId } = await insertEventWithTicketTypes(handle.db, {
    title,
    status,
    startsAt: new Date(Date.now() + days * DAY_MS),
    ticketTypes: [{ name: "General", priceCents: 0, quantity: 10 }],
  });
  const [row] = await handle.db.select({ id: categories.id }).from(categories).where(eq(categories.key, category));
  await handle.db.update(events).set({ categoryId: row!.id }).where(eq(events.id, eventId));
  return eventId;
}

beforeAll(async () => {
  handle = await openTestDatabase();
  // The site's categories, as the seed writes them.
  await handle.db
    .insert(categories)
    .values(CATEGORIES.map((category, index) => ({ ...category, position: index })))
    .onConflictDoNothing();
  ids.jazz = await eventIn("music", "Jazz on the Wharf", 3);
  ids.gala = await eventIn("charity", "Spring Gala for the Library", 5);
  ids.pastConcert = await eventIn("music", "A concert long over", -10);
  ids.draftConcert = await eventIn("music", "A concert still a draft", 4, "draft");
  for (let index = 0; index < 5; index++)
    ids[`fest${index}`] = await eventIn("food-drink", `Food fair ${index}`, 10 + index);
});
afterAll(() => handle?.close());

type Messages = {
  app: { name: string };
  category: Record<string, string>;
  eventTypes: {
    metaTitle: string;
    metaDescription: string;
    typeMetaTitle: string;
    types: Record<string, { name: string; summary: string }>;
  };
};
const messagesOf = async (language: Language) => (await loadMessages(language)) as unknown as Messages;

describe(`the event-type guides on the ${testDatabaseKind()} database`, () => {
  it.each(LANGUAGES)("list every type in %s with its lead time and size, as a CollectionPage", async (language) => {
    const data = await runLoader(typesPage, handle.db, "/event-types", language);
    const html = await renderPage(typesPage, "/event-types", language, data);
    const messages = await messagesOf(language);
    expectNoMissingMessages(html);
    expect(linksOf(html)).toEqual(EVENT_TYPES.map((type) => `/event-types/${type.slug}`));
    for (const type of EVENT_TYPES) expect(textOf(html)).toContain(messages.eventTypes.types[type.slug]!.name);

    const head = await metaOf(typesPage, "routes/event-types", language, data);
    expect(head).toContainEqual({ title: `${messages.eventTypes.metaTitle} | ${messages.app.name}` });
    expect(head).toContainEqual({ name: "description", content: messages.eventTypes.metaDescription });
    expect(jsonLdOf(head)).toMatchObject({
      "@type": "CollectionPage",
      url: `${ORIGIN}/event-types`,
      inLanguage: language,
    });
  });

  it.each(LANGUAGES.flatMap((language) => EVENT_TYPES.map((type) => [language, type.slug] as const)))(
    "show in %s the %s guide: what to plan, checklist, permits, its categories and an Article",
    async (language, slug) => {
      const path = `/event-types/${slug}`;
      const type = EVENT_TYPES.find((candidate) => candidate.slug === slug)!;
      const data = await runLoader(typePage, handle.db, path, language, { slug });
      const html = await renderPage(typePage, path, language, data);
      const messages = await messagesOf(language);
      expectNoMissingMessages(html);
      expect(html).toContain(`<h1 id="type-title"`);
      expect(html.match(/<li class="flex gap-3"/g)).toHaveLength(type.checklist.length);
      // Each category's list on /events, by the parameter /events reads.
      const links = linksOf(html);
      for (const category of type.categories) expect(links).toContain(`/events?category=${category}`);
      for (const event of data.events) expect(links).toContain(`/events/${event.id}`);

      const head = await metaOf(typePage, "routes/event-type", language, data);
      const headline = messages.eventTypes.typeMetaTitle.replace("{{type}}", messages.eventTypes.types[slug]!.name);
      expect(head).toContainEqual({ title: `${headline} | ${messages.app.name}` });
      expect(head).toContainEqual({ name: "description", content: messages.eventTypes.types[slug]!.summary });
      expect(jsonLdOf(head)).toMatchObject({
        "@type": "Article",
        headline,
        inLanguage: language,
        url: `${ORIGIN}${path}`,
      });
    },
  );

  it("show the next published events of the type's categories, soonest first, and nothing else", async () => {
    const concert = await runLoader(typePage, handle.db, "/event-types/concert", "en", { slug: "concert" });
    const concertIds = concert.events.map((event) => event.id);
    expect(concertIds).toContain(ids.jazz);
    expect(concertIds).not.toContain(ids.pastConcert);
    expect(concertIds).not.toContain(ids.draftConcert);
    expect(concertIds).not.toContain(ids.gala);

    const fundraiser = await runLoader(typePage, handle.db, "/event-types/fundraiser", "en", { slug: "fundraiser" });
    expect(fundraiser.events.map((event) => event.id)).toContain(ids.gala);
    const html = await renderPage(typePage, "/event-types/fundraiser", "en", fundraiser);
    expect(textOf(html)).toContain("Spring Gala for the Library");

    // A festival spans music and food: four at most, the soonest of both.
    const festival = await runLoader(typePage, handle.db, "/event-types/festival", "en", { slug: "festival" });
    expect(festival.events).toHaveLength(4);
    expect(festival.events[0]!.id).toBe(ids.jazz);
    const starts = festival.events.map((event) => event.startsAt.getTime());
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it("say so when no upcoming event matches", async () => {
    const data = await runLoader(typePage, handle.db, "/event-types/fashion-show", "en", { slug: "fashion-show" });
    expect(data.events).toEqual([]);
    const html = await renderPage(typePage, "/event-types/fashion-show", "en", data);
    expect(textOf(html)).toContain("No upcoming events in these categories yet.");
  });

  it("answer an unknown type with the not-found page", async () => {
    for (const slug of ["rodeo", "Concert", "concert ", "__proto__", "toString"]) {
      await expect(
        loaderStatus(() => runLoader(typePage, handle.db, `/event-types/${slug}`, "en", { slug })),
        slug,
      ).resolves.toBe(404);
    }
  });

  it("are in the XML sitemap, every type", async () => {
    const paths = (await listSiteEntries(handle.db)).map((entry) => entry.path);
    expect(paths).toEqual(
      expect.arrayContaining(["/event-types", ...EVENT_TYPES.map((type) => `/event-types/${type.slug}`)]),
    );
  });
});
