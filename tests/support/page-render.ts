import { randomUUID } from "node:crypto";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider, type AppLoadContext, type MetaDescriptor } from "react-router";
import { expect } from "vitest";
import enPages from "#app/i18n/locales/pages/en.json";
import { loadMessages } from "#app/i18n/messages";
import { createTranslator } from "#app/i18n/translator";
import { TranslationProvider } from "#app/i18n/use-translation";
import type { Language } from "#domain/language";
import type { Database } from "#server/db/client";
import { readConfig } from "#server/env";
import { createSandboxProvider } from "#server/payments/sandbox-provider";

/**
 * A page as React Router serves it, without a server: its loader on a test database, its markup in a
 * language with only the messages a browser would have (those every page has, and the page namespaces
 * its loader sent), and the head its meta function writes.
 */
export const TEST_CONFIG = readConfig({ NODE_ENV: "test" });
export const ORIGIN = TEST_CONFIG.publicUrl;

interface PageModule {
  loader: (args: never) => Promise<unknown>;
  meta: (args: never) => unknown;
  default: unknown;
}

/** Runs a page's loader for `path` in `language`, as a visitor. */
export async function runLoader<M extends PageModule>(
  page: M,
  db: Database,
  path: string,
  language: Language,
  params: Record<string, string> = {},
): Promise<Awaited<ReturnType<M["loader"]>>> {
  const context = {
    db,
    config: TEST_CONFIG,
    cspNonce: "",
    requestId: randomUUID(),
    viewer: null,
    payments: createSandboxProvider(),
  } as unknown as AppLoadContext;
  const url = `${ORIGIN}${path}${path.includes("?") ? "&" : "?"}lang=${language}`;
  return (await page.loader({ request: new Request(url), params, context } as never)) as Awaited<
    ReturnType<M["loader"]>
  >;
}

/** The status a loader's thrown answer carries (React Router's data(null, { status })), or null when it answers. */
export async function loaderStatus(load: () => Promise<unknown>): Promise<number | null> {
  try {
    await load();
    return null;
  } catch (thrown) {
    return (thrown as { init?: { status?: number } }).init?.status ?? -1;
  }
}

/** The page's markup in `language`, with the messages every page has plus the page's own (loaderData.pageMessages). */
export async function renderPage(page: PageModule, path: string, language: Language, loaderData: unknown) {
  const all = (await loadMessages(language)) as unknown as Record<string, unknown>;
  const core = Object.fromEntries(Object.entries(all).filter(([namespace]) => !(namespace in enPages)));
  const own = (loaderData as { pageMessages?: object }).pageMessages ?? {};
  const element = createElement(page.default as ComponentType<{ loaderData: unknown }>, { loaderData });
  const router = createMemoryRouter([{ path: path.split("?")[0], element }], { initialEntries: [path] });
  return renderToStaticMarkup(
    createElement(
      TranslationProvider,
      { value: createTranslator(language, { ...core, ...own } as never) },
      createElement(RouterProvider, { router }),
    ),
  );
}

/** The head the meta function writes for a visitor who followed a link with ?lang=. */
export async function metaOf(
  page: PageModule,
  routeId: string,
  language: Language,
  loaderData: unknown,
): Promise<MetaDescriptor[]> {
  const messages = await loadMessages(language);
  const own = (loaderData as { pageMessages?: object }).pageMessages ?? {};
  const matches = [
    { id: "root", data: { origin: ORIGIN, language, linkedLanguage: language, messages } },
    { id: routeId, data: { ...(loaderData as object), pageMessages: own } },
  ];
  return page.meta({ matches, data: loaderData } as never) as MetaDescriptor[];
}

/** The JSON-LD a head holds, as it reaches the page (through JSON). */
export function jsonLdOf(head: MetaDescriptor[]): Record<string, unknown> {
  const tag = head.find((descriptor) => "script:ld+json" in descriptor) as { "script:ld+json": unknown } | undefined;
  expect(tag, "the page has JSON-LD").toBeDefined();
  return JSON.parse(JSON.stringify(tag!["script:ld+json"])) as Record<string, unknown>;
}

/** The visible text of some markup. */
export function textOf(html: string): string {
  return (
    html
      .replace(/<[^>]+>/g, " ")
      .replace(/&amp;/g, "&")
      // Spaces of markup only: numbers and prices keep their no-break spaces.
      .replace(/[ \t\r\n]+/g, " ")
  );
}

/**
 * No message key shows as itself (the translator's sign of a missing message): no word of the form
 * namespace.key (e.g. terms.sections.fees.title) in the page's text.
 */
export function expectNoMissingMessages(html: string) {
  expect(textOf(html).match(/\b[a-z][a-zA-Z]*\.[a-z][a-zA-Z-]*(\.[a-zA-Z-]+)*\b/g) ?? []).toEqual([]);
}

/** The addresses of a page's links. */
export function linksOf(html: string): string[] {
  return [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, "&"));
}
