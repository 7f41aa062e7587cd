import { randomUUID } from "node:crypto";
import { count } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider, type AppLoadContext, type MetaDescriptor } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as aboutPage from "#app/routes/about";
import { formatCount } from "#app/i18n/format";
import { loadMessages } from "#app/i18n/messages";
import { createTranslator } from "#app/i18n/translator";
import { TranslationProvider } from "#app/i18n/use-translation";
import { LANGUAGES, type Language } from "#domain/language";
import type { DatabaseHandle } from "#server/db/client";
import { categories, users } from "#server/db/schema";
import { readConfig } from "#server/env";
import { createSandboxProvider } from "#server/payments/sandbox-provider";
import { listSiteEntries } from "#server/services/sitemap";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { insertEventWithTicketTypes, insertUser } from "#tests/support/ticket-factories";

/**
 * /about as React Router serves it: its loader's live figures, the page they render in each language,
 * and the head its meta function writes (title, description, canonical, JSON-LD). The browser test
 * (tests/e2e/about.test.ts) loads the built page itself.
 */
const config = readConfig({ NODE_ENV: "test" });
const ORIGIN = config.publicUrl;

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle?.close());

type AboutData = Awaited<ReturnType<typeof aboutPage.loader>>;

async function loadAbout(language: Language): Promise<AboutData> {
  const context = {
    db: handle.db,
    config,
    cspNonce: "",
    requestId: randomUUID(),
    viewer: null,
    payments: createSandboxProvider(),
  } as unknown as AppLoadContext;
  return aboutPage.loader({
    request: new Request(`${ORIGIN}/about?lang=${language}`),
    params: {},
    context,
  } as never);
}

/** The page's markup, as the root layout renders it with the page's translator. */
async function renderAbout(language: Language, loaderData: AboutData): Promise<string> {
  const messages = await loadMessages(language);
  const element = createElement(aboutPage.default as never, { loaderData } as never);
  const router = createMemoryRouter([{ path: "/about", element }], { initialEntries: ["/about"] });
  return renderToStaticMarkup(
    createElement(
      TranslationProvider,
      { value: createTranslator(language, messages) },
      createElement(RouterProvider, { router }),
    ),
  );
}

/** The head the meta function writes for a visitor who followed a link with ?lang=. */
async function metaOf(language: Language, loaderData: AboutData): Promise<MetaDescriptor[]> {
  await loadMessages(language);
  const matches = [
    { id: "root", data: { origin: ORIGIN, language, linkedLanguage: language } },
    { id: "routes/about", data: loaderData },
  ];
  return aboutPage.meta({ matches } as never) as MetaDescriptor[];
}

/** The text of the figure cell (a <dd>) that a figure's term names. */
function figureIn(html: string, key: string): string | undefined {
  return html.match(new RegExp(`data-figure="${key}"[^>]*>.*?<dd[^>]*>([^<]*)</dd>`))?.[1];
}

describe(`the About page on the ${testDatabaseKind()} database`, () => {
  it("counts what the database holds, and a new event, organizer and person show at once", async () => {
    const before = (await loadAbout("en")).figures;

    // A published event by a new organizer: one more upcoming event, organizer and confirmed person.
    await insertEventWithTicketTypes(handle.db, { ticketTypes: [{ name: "General", priceCents: 0, quantity: 50 }] });
    await insertUser(handle.db);
    // Drafts are nobody's business yet: not counted as upcoming, nor their organizer as one.
    await insertEventWithTicketTypes(handle.db, { status: "draft", ticketTypes: [] });
    // Enough people for a thousands separator, so the next tests see each language's number style.
    await handle.db.insert(users).values(
      Array.from({ length: 1_000 }, (_, index) => ({
        email: `about-${index}@example.com`,
        emailConfirmedAt: new Date(),
      })),
    );

    const after = (await loadAbout("en")).figures;
    const [categoryRow] = await handle.db.select({ value: count() }).from(categories);
    expect(after).toEqual({
      upcomingEvents: before.upcomingEvents + 1,
      organizers: before.organizers + 1,
      // The two organizers made for the events, the person, and the thousand.
      registeredPeople: before.registeredPeople + 1_003,
      categories: categoryRow!.value,
    });
  });

  it.each(LANGUAGES)("renders in %s with its figures in the language's number style", async (language) => {
    const data = await loadAbout(language);
    const html = await renderAbout(language, data);
    const messages = (await loadMessages(language)) as unknown as { about: Record<string, string> };

    expect(html).toContain(`<h1 id="about-title"`);
    expect(html).toContain(messages.about.title);
    expect(figureIn(html, "upcoming")).toBe(formatCount(data.figures.upcomingEvents, language));
    expect(figureIn(html, "people")).toBe(formatCount(data.figures.registeredPeople, language));
    expect(figureIn(html, "organizers")).toBe(formatCount(data.figures.organizers, language));
    expect(figureIn(html, "categories")).toBe(formatCount(data.figures.categories, language));
    expect(data.figures.registeredPeople).toBeGreaterThan(1_000);
    // Every way onward leads to a page that exists.
    const links = [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]);
    expect(new Set(links)).toEqual(new Set(["/events", "/create", "/api/docs", "/pricing", "/newsletter"]));
    // The loader sends the page's own words in the visitor's language.
    expect(data.pageMessages.about?.title).toBe(messages.about.title);
  });

  it.each(LANGUAGES)(
    "has its own title, description, canonical address and AboutPage JSON-LD in %s",
    async (language) => {
      const data = await loadAbout(language);
      const head = await metaOf(language, data);
      const messages = (await loadMessages(language)) as unknown as {
        app: { name: string };
        about: Record<string, string>;
      };
      const title = `${messages.about.metaTitle} | ${messages.app.name}`;

      expect(head).toContainEqual({ title });
      expect(head).toContainEqual({ name: "description", content: messages.about.metaDescription });
      expect(head).toContainEqual({ tagName: "link", rel: "canonical", href: `${ORIGIN}/about?lang=${language}` });
      expect(head).toContainEqual({ property: "og:url", content: `${ORIGIN}/about?lang=${language}` });
      for (const other of LANGUAGES) {
        expect(head).toContainEqual({
          tagName: "link",
          rel: "alternate",
          hrefLang: other,
          href: `${ORIGIN}/about?lang=${other}`,
        });
      }

      const jsonLd = (head.find((tag) => "script:ld+json" in tag) as { "script:ld+json": unknown } | undefined)?.[
        "script:ld+json"
      ];
      // As React Router writes it into the page: it must survive JSON.
      const parsed = JSON.parse(JSON.stringify(jsonLd)) as Record<string, unknown>;
      expect(parsed).toMatchObject({
        "@context": "https://schema.org",
        "@type": "AboutPage",
        name: title,
        description: messages.about.metaDescription,
        url: `${ORIGIN}/about`,
        inLanguage: language,
        mainEntity: { "@type": "Organization", name: "DMV Events", url: `${ORIGIN}/` },
      });
    },
  );

  it("is listed in the sitemap with the other public pages", async () => {
    const paths = (await listSiteEntries(handle.db)).map((entry) => entry.path);
    expect(paths).toContain("/about");
  });
});
