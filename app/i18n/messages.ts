import { isLanguage, type Language } from "#domain/language";
import type en from "./locales/en.json";

/** English defines the keys; every other locale must have exactly the same ones (a test checks). */
export type Messages = typeof en;

const loaders = import.meta.glob<{ default: Messages }>("./locales/*.json");
const loaded = new Map<Language, Messages>();

/** Loads one language's messages (its own chunk in the browser, so a page ships only its language). */
export async function loadMessages(language: Language): Promise<Messages> {
  const cached = loaded.get(language);
  if (cached) return cached;
  const load = loaders[`./locales/${language}.json`];
  if (!load) throw new Error(`No messages for language ${language}`);
  const messages = (await load()).default;
  loaded.set(language, messages);
  return messages;
}

export function loadedMessages(language: Language): Messages | undefined {
  return loaded.get(language);
}

export function languageFromValue(value: string | null | undefined): Language | undefined {
  return isLanguage(value) ? value : undefined;
}
