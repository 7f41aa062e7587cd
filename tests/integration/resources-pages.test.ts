import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FOOTER_COLUMNS } from "#app/components/navigation-links";
import { formatMoney } from "#app/i18n/format";
import { loadMessages } from "#app/i18n/messages";
import * as guidePage from "#app/routes/resource-guide";
import * as resourcesPage from "#app/routes/resources";
import { LANGUAGES, type Language } from "#domain/language";
import { MAX_TICKETS_PER_ORDER } from "#domain/order";
import { PROMOTION_TYPES, RATE_CARD } from "#domain/promotion-pricing";
import { RESOURCE_GUIDES } from "#domain/resource-guides";
import { TICKET_CODE_LENGTH } from "#domain/ticket-code";
import type { DatabaseHandle } from "#server/db/client";
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

/**
 * /resources and its guides, /resources/{slug}: each guide an Article with sections, a checklist and the
 * site's real tools, in four languages; an unknown guide is the not-found page.
 */
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle?.close());

type Messages = {
  app: { name: string };
  resources: { metaTitle: string; metaDescription: string; guides: Record<string, { title: string; summary: string }> };
};
const messagesOf = async (language: Language) => (await loadMessages(language)) as unknown as Messages;
const guidePaths = RESOURCE_GUIDES.map((guide) => `/resources/${guide.slug}`);
/** Pages the menus link to, and the guides' own pages. */
const existing = new Set([
  ...FOOTER_COLUMNS.flatMap((column) => column.links.map((link) => link.to)),
  ...guidePaths,
  "/find-my-ticket",
]);

describe(`the organizers' resources on the ${testDatabaseKind()} database`, () => {
  it.each(LANGUAGES)("list every guide in %s, with a CollectionPage of them", async (language) => {
    const data = await runLoader(resourcesPage, handle.db, "/resources", language);
    const html = await renderPage(resourcesPage, "/resources", language, data);
    const messages = await messagesOf(language);
    expectNoMissingMessages(html);
    const links = linksOf(html);
    expect(links).toEqual(expect.arrayContaining([...guidePaths, "/event-types"]));
    for (const guide of RESOURCE_GUIDES) expect(textOf(html)).toContain(messages.resources.guides[guide.slug]!.title);

    const head = await metaOf(resourcesPage, "routes/resources", language, data);
    expect(head).toContainEqual({ title: `${messages.resources.metaTitle} | ${messages.app.name}` });
    expect(head).toContainEqual({ name: "description", content: messages.resources.metaDescription });
    const jsonLd = jsonLdOf(head) as { "@type": string; mainEntity: { itemListElement: { url: string }[] } };
    expect(jsonLd["@type"]).toBe("CollectionPage");
    expect(jsonLd.mainEntity.itemListElement.map((item) => item.url)).toEqual(
      guidePaths.map((path) => `${ORIGIN}${path}`),
    );
  });

  it.each(LANGUAGES.flatMap((language) => RESOURCE_GUIDES.map((guide) => [language, guide.slug] as const)))(
    "show in %s the guide %s as an Article with its sections, checklist and tools",
    async (language, slug) => {
      const path = `/resources/${slug}`;
      const data = await runLoader(guidePage, handle.db, path, language, { slug });
      const html = await renderPage(guidePage, path, language, data);
      const messages = await messagesOf(language);
      const guide = RESOURCE_GUIDES.find((candidate) => candidate.slug === slug)!;
      expectNoMissingMessages(html);
      expect(html).toContain(`<h1 id="guide-title"`);
      for (const section of [...guide.sections, "checklist"]) {
        expect(html).toContain(`id="${section}"`);
        expect(html).toContain(`href="#${section}"`);
      }
      expect(html.match(/<li class="flex gap-3"/g)).toHaveLength(guide.checklist.length);
      const links = linksOf(html).filter((href) => href.startsWith("/"));
      expect(links).toEqual(expect.arrayContaining(guide.tools.map((tool) => tool.to)));
      for (const link of links) expect(existing.has(link), link).toBe(true);

      const head = await metaOf(guidePage, "routes/resource-guide", language, data);
      const title = messages.resources.guides[slug]!.title;
      expect(head).toContainEqual({ title: `${title} | ${messages.app.name}` });
      expect(head).toContainEqual({ name: "description", content: messages.resources.guides[slug]!.summary });
      expect(head).toContainEqual({ tagName: "link", rel: "canonical", href: `${ORIGIN}${path}?lang=${language}` });
      expect(jsonLdOf(head)).toMatchObject({
        "@type": "Article",
        headline: title,
        inLanguage: language,
        url: `${ORIGIN}${path}`,
        author: { "@type": "Organization", name: "DMV Events" },
        articleSection: expect.arrayContaining([expect.any(String)]),
      });
    },
  );

  it("quote the site's own figures: the promotion packages, the order limit, the ticket code", async () => {
    const promoting = await runLoader(guidePage, handle.db, "/resources/promoting-your-event", "en", {
      slug: "promoting-your-event",
    });
    const promotingText = textOf(await renderPage(guidePage, "/resources/promoting-your-event", "en", promoting));
    for (const type of PROMOTION_TYPES) expect(promotingText).toContain(formatMoney(RATE_CARD[type].cents, "en"));
    expect(linksOf(await renderPage(guidePage, "/resources/promoting-your-event", "en", promoting))).toContain(
      "/promote",
    );

    const pricing = await runLoader(guidePage, handle.db, "/resources/pricing-tickets", "en", {
      slug: "pricing-tickets",
    });
    expect(textOf(await renderPage(guidePage, "/resources/pricing-tickets", "en", pricing))).toContain(
      `up to ${MAX_TICKETS_PER_ORDER} tickets`,
    );
    const checkIn = await runLoader(guidePage, handle.db, "/resources/running-check-in", "en", {
      slug: "running-check-in",
    });
    expect(textOf(await renderPage(guidePage, "/resources/running-check-in", "en", checkIn))).toContain(
      `the ${TICKET_CODE_LENGTH} characters printed under the QR code`,
    );
  });

  it("answer an unknown guide with the not-found page", async () => {
    for (const slug of ["nope", "PRICING-TICKETS", "pricing-tickets.html", "__proto__", "constructor"]) {
      await expect(
        loaderStatus(() => runLoader(guidePage, handle.db, `/resources/${slug}`, "en", { slug })),
        slug,
      ).resolves.toBe(404);
    }
  });

  it("are in the XML sitemap, every guide", async () => {
    const paths = (await listSiteEntries(handle.db)).map((entry) => entry.path);
    expect(paths).toEqual(expect.arrayContaining(["/resources", ...guidePaths]));
  });
});
