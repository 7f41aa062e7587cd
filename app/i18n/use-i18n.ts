import type { i18n } from "i18next";
import { useEffect, useReducer } from "react";
import { LANGUAGES, type Language } from "#domain/language";
import { i18nFor } from "./i18n";
import { loadedMessages, loadMessages } from "./messages";

/**
 * The i18next instance for `language`. Messages are preloaded for the server render and for
 * hydration; when the language changes to one not loaded yet, a loaded one shows until it arrives.
 */
export function useI18n(language: Language): i18n {
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const messages = loadedMessages(language);

  useEffect(() => {
    if (!messages) void loadMessages(language).then(rerender);
  }, [language, messages]);

  if (messages) return i18nFor(language, messages);
  const fallback = LANGUAGES.find((candidate) => loadedMessages(candidate));
  if (!fallback) throw new Error(`No messages were loaded before rendering (wanted ${language})`);
  return i18nFor(fallback, loadedMessages(fallback)!);
}
