import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FOOTER_COLUMNS } from "#app/components/navigation-links";
import { formatMoney } from "#app/i18n/format";
import { loadMessages } from "#app/i18n/messages";
import * as guidelinesPage from "#app/routes/community-guidelines";
import * as termsPage from "#app/routes/terms";
import { LANGUAGES, type Language } from "#domain/language";
import { HOLD_MINUTES, MAX_TICKETS_PER_ORDER } from "#domain/order";
import { PROMOTION_TYPES, RATE_CARD, TICKETING_FEES } from "#domain/promotion-pricing";
import type { DatabaseHandle } from "#server/db/client";
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

/**
 * /terms and /community-guidelines as React Router serves them: each language's words with nothing
 * missing, headings with anchors and a table of contents, the fees read from the data /pricing shows,
 * their own title, description and JSON-LD, and links only to pages that exist.
 */
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle?.close());

type Pages = {
  terms: Record<string, string> & { sections: { buyers: { p2: string } } };
  guidelines: Record<string, string>;
  app: { name: string };
};
const messagesOf = async (language: Language) => (await loadMessages(language)) as unknown as Pages;
/** The pages the site's menus link to: any other internal link of these pages would be a dead end. */
const linkedPages = new Set(FOOTER_COLUMNS.flatMap((column) => column.links.map((link) => link.to)));

describe(`the terms of service on the ${testDatabaseKind()} database`, () => {
  it.each(LANGUAGES)(
    "read in %s with every section in the contents, and the fees /pricing charges",
    async (language) => {
      const data = await runLoader(termsPage, handle.db, "/terms", language);
      const html = await renderPage(termsPage, "/terms", language, data);
      const messages = await messagesOf(language);
      expectNoMissingMessages(html);
      expect(html).toContain(`<h1 id="terms-title"`);

      // Each section's heading carries its anchor, and the contents link to every one, in order.
      const anchors = [...html.matchAll(/<h2 id="([^"]+)"/g)].map((match) => match[1]);
      const contents = [...html.matchAll(/href="#([^"]+)"/g)].map((match) => match[1]);
      expect(contents).toEqual(anchors.filter((id) => id !== "contents-title"));
      expect(contents).toEqual(expect.arrayContaining(["fees", "refunds-and-cancellations", "prohibited-events"]));

      // The figures come from the code that charges and holds (no number of its own).
      const text = textOf(html);
      const fees = html.match(/data-testid="ticketing-fees"[^>]*>(.*?)<\/dl>/)?.[1] ?? "";
      expect(textOf(fees)).toContain(formatMoney(TICKETING_FEES.fixedCentsPerPaidOrder, language));
      for (const type of PROMOTION_TYPES) expect(text).toContain(formatMoney(RATE_CARD[type].cents, language));
      expect(text).toContain(
        messages.terms.sections.buyers.p2
          .replace("{{maxTickets}}", String(MAX_TICKETS_PER_ORDER))
          .replace("{{holdMinutes}}", String(HOLD_MINUTES)),
      );

      // The date of the last change, written out in the language.
      expect(text).toContain(messages.terms.updated!.replace("{{date}}", "").trim());
      for (const link of linksOf(html).filter((href) => href.startsWith("/"))) {
        expect(linkedPages.has(link.split("#")[0]!), link).toBe(true);
      }
    },
  );

  it.each(LANGUAGES)(
    "has its own title, description, canonical address and WebPage JSON-LD in %s",
    async (language) => {
      const data = await runLoader(termsPage, handle.db, "/terms", language);
      const head = await metaOf(termsPage, "routes/terms", language, data);
      const messages = await messagesOf(language);
      const title = `${messages.terms.metaTitle} | ${messages.app.name}`;
      expect(head).toContainEqual({ title });
      expect(head).toContainEqual({ name: "description", content: messages.terms.metaDescription });
      expect(head).toContainEqual({ tagName: "link", rel: "canonical", href: `${ORIGIN}/terms?lang=${language}` });
      expect(jsonLdOf(head)).toMatchObject({
        "@context": "https://schema.org",
        "@type": "WebPage",
        name: title,
        url: `${ORIGIN}/terms`,
        inLanguage: language,
        dateModified: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      });
    },
  );
});

describe(`the community guidelines on the ${testDatabaseKind()} database`, () => {
  it.each(LANGUAGES)("read in %s: what gets hidden, how to report and appeal, with contents", async (language) => {
    const data = await runLoader(guidelinesPage, handle.db, "/community-guidelines", language);
    const html = await renderPage(guidelinesPage, "/community-guidelines", language, data);
    const messages = await messagesOf(language);
    expectNoMissingMessages(html);
    expect(html).toContain(`<h1 id="guidelines-title"`);
    for (const id of ["hidden-events", "reviews-and-photos", "reporting", "staff-review", "appeals"]) {
      expect(html).toContain(`<h2 id="${id}"`);
      expect(html).toContain(`href="#${id}"`);
    }
    expect(textOf(html)).toContain(messages.guidelines.title);
    // The prohibited kinds are the terms' own section; the contact page takes every other case.
    const links = linksOf(html).filter((href) => href.startsWith("/"));
    expect(links).toContain("/terms#prohibited-events");
    expect(links).toContain("/contact");
    for (const link of links) expect(linkedPages.has(link.split("#")[0]!), link).toBe(true);
  });

  it.each(LANGUAGES)("has its own title, description and JSON-LD in %s", async (language) => {
    const data = await runLoader(guidelinesPage, handle.db, "/community-guidelines", language);
    const head = await metaOf(guidelinesPage, "routes/community-guidelines", language, data);
    const messages = await messagesOf(language);
    const title = `${messages.guidelines.metaTitle} | ${messages.app.name}`;
    expect(head).toContainEqual({ title });
    expect(head).toContainEqual({ name: "description", content: messages.guidelines.metaDescription });
    expect(jsonLdOf(head)).toMatchObject({ "@type": "WebPage", name: title, url: `${ORIGIN}/community-guidelines` });
  });

  it("are listed, with the terms, in the XML sitemap", async () => {
    const paths = (await listSiteEntries(handle.db)).map((entry) => entry.path);
    expect(paths).toEqual(expect.arrayContaining(["/terms", "/community-guidelines"]));
  });
});
