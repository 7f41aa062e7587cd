import { isLanguage, type Language } from "#domain/language";
import type en from "./locales/en.json";
import type enPages from "./locales/pages/en.json";

/**
 * The messages every page may need (the header, footer, cards, search, accounts…). English defines
 * the keys; every other locale must have exactly the same ones (a test checks).
 */
export type Messages = typeof en;

/**
 * Page messages (`locales/pages/*.json`): whole namespaces that only a few pages use, such as the event
 * form, promotions or the API docs. The server has them all; a browser gets a page's own through the
 * page's loader data (page-messages.server.ts), so that the messages every page downloads stay small.
 */
export type PageMessages = Partial<typeof enPages>;
export type PageNamespace = keyof typeof enPages;

const loaders = import.meta.glob<{ default: Messages }>("./locales/*.json");
// Only the server's build holds the page messages' files: a browser never loads them whole.
const pageLoaders: Record<string, () => Promise<{ default: typeof enPages }>> = import.meta.env.SSR
  ? import.meta.glob<{ default: typeof enPages }>("./locales/pages/*.json")
  : {};
const loaded = new Map<Language, Messages>();

/**
 * Loads one language's messages (its own chunk in the browser, so a page ships only its language).
 * On the server they include every page namespace.
 */
export async function loadMessages(language: Language): Promise<Messages> {
  const cached = loaded.get(language);
  if (cached) return cached;
  const load = loaders[`./locales/${language}.json`];
  if (!load) throw new Error(`No messages for language ${language}`);
  const loadPages = pageLoaders[`./locales/pages/${language}.json`];
  const messages = { ...(await load()).default, ...(loadPages ? (await loadPages()).default : {}) };
  loaded.set(language, messages);
  return messages;
}

export function loadedMessages(language: Language): Messages | undefined {
  return loaded.get(language);
}

/**
 * The page messages the current page's loader sent (`pageMessages` in its data), from the route matches
 * of React Router (useMatches, or a meta function's matches): the deepest route's that has them.
 */
export function pageMessagesOf(matches: readonly ({ data?: unknown } | undefined)[]): PageMessages | null {
  for (let index = matches.length - 1; index >= 0; index--) {
    const data = matches[index]?.data;
    if (data && typeof data === "object" && "pageMessages" in data) return data.pageMessages as PageMessages;
  }
  return null;
}

export function languageFromValue(value: string | null | undefined): Language | undefined {
  return isLanguage(value) ? value : undefined;
}
