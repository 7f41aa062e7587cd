import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sitemapGroups } from "#app/components/info/site-pages";
import {
  EVENTS_MENU_LINKS,
  FIND_MY_TICKET,
  FOOTER_COLUMNS,
  OTHER_LINKS,
  SECONDARY_LINKS,
} from "#app/components/navigation-links";
import { formatCount } from "#app/i18n/format";
import { loadMessages } from "#app/i18n/messages";
import * as siteMapPage from "#app/routes/site-map";
import { CATEGORIES } from "#domain/catalog";
import { EVENT_TYPES } from "#domain/event-types";
import { LANGUAGES, type Language } from "#domain/language";
import { RESOURCE_GUIDES } from "#domain/resource-guides";
import type { DatabaseHandle } from "#server/db/client";
import { categories } from "#server/db/schema";
import { listSiteEntries } from "#server/services/sitemap";
import {
  expectNoMissingMessages,
  jsonLdOf,
  linksOf,
  metaOf,
  ORIGIN,
  renderPage,
  runLoader,
  textOf,
} from "#tests/support/page-render";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { insertEventWithTicketTypes } from "#tests/support/ticket-factories";

/**
 * /sitemap, the human sitemap: every section the menus and footer link to (read from navigation-links.ts,
 * so a page whose link comes back appears by itself), every category with its upcoming events, the guides,
 * and the next events.
 */
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
  await handle.db
    .insert(categories)
    .values(CATEGORIES.map((category, index) => ({ ...category, position: index })))
    .onConflictDoNothing();
});
afterAll(() => handle?.close());

type Messages = { app: { name: string }; category: Record<string, string>; siteMap: Record<string, string> };
const messagesOf = async (language: Language) => (await loadMessages(language)) as unknown as Messages;

describe(`the human sitemap on the ${testDatabaseKind()} database`, () => {
  it("lists every page the menus and the footer link to, each once", () => {
    const paths = sitemapGroups().flatMap((group) => group.links.map((link) => link.to));
    expect(new Set(paths).size).toBe(paths.length);
    const navigation = [
      ...EVENTS_MENU_LINKS,
      ...SECONDARY_LINKS,
      ...OTHER_LINKS,
      FIND_MY_TICKET,
      ...FOOTER_COLUMNS.flatMap((column) => column.links),
    ];
    expect(new Set(paths)).toEqual(new Set([...navigation.map((link) => link.to), "/create", "/promote", "/pricing"]));
    expect(
      sitemapGroups()
        .map((group) => group.titleKey)
        .slice(0, FOOTER_COLUMNS.length),
    ).toEqual(FOOTER_COLUMNS.map((column) => column.titleKey));
  });

  it.each(LANGUAGES)("shows in %s the sections, categories with counts, guides and next events", async (language) => {
    const { eventId } = await insertEventWithTicketTypes(handle.db, {
      title: `Sitemap night ${language}`,
      ticketTypes: [{ name: "General", priceCents: 0, quantity: 5 }],
    });
    const data = await runLoader(siteMapPage, handle.db, "/sitemap", language);
    const html = await renderPage(siteMapPage, "/sitemap", language, data);
    const messages = await messagesOf(language);
    expectNoMissingMessages(html);

    const links = linksOf(html);
    for (const group of sitemapGroups()) for (const link of group.links) expect(links).toContain(link.to);
    for (const category of data.categories) expect(links).toContain(`/categories?category=${category.id}`);
    expect(data.categories.map((category) => category.key)).toEqual(CATEGORIES.map((category) => category.key));
    for (const guide of RESOURCE_GUIDES) expect(links).toContain(`/resources/${guide.slug}`);
    for (const type of EVENT_TYPES) expect(links).toContain(`/event-types/${type.slug}`);
    expect(links).toContain(`/events/${eventId}`);
    expect(textOf(html)).toContain(`Sitemap night ${language}`);

    // Each category's count of upcoming events, in the language's words and numbers.
    for (const category of data.categories) {
      expect(textOf(html)).toContain(
        messages.siteMap.upcomingCount!.replace("{{number}}", formatCount(category.upcomingEvents, language)),
      );
    }
    expect(data.categories.reduce((sum, category) => sum + category.upcomingEvents, 0)).toBeGreaterThan(0);

    const head = await metaOf(siteMapPage, "routes/site-map", language, data);
    expect(head).toContainEqual({ title: `${messages.siteMap.metaTitle} | ${messages.app.name}` });
    expect(head).toContainEqual({ name: "description", content: messages.siteMap.metaDescription });
    const jsonLd = jsonLdOf(head) as { "@type": string; mainEntity: { itemListElement: { url: string }[] } };
    expect(jsonLd["@type"]).toBe("CollectionPage");
    expect(jsonLd.mainEntity.itemListElement.map((item) => item.url)).toContain(`${ORIGIN}/terms`);
  });

  it("is itself in the XML sitemap", async () => {
    expect((await listSiteEntries(handle.db)).map((entry) => entry.path)).toContain("/sitemap");
  });
});
