import { useEffect, useReducer } from "react";
import { LANGUAGES, type Language } from "#domain/language";
import { translatorFor, type Translator } from "./translator";
import { loadedMessages, loadMessages } from "./messages";

/**
 * The translator for `language`. Messages are preloaded for the server render and for
 * hydration; when the language changes to one not loaded yet, a loaded one shows until it arrives.
 */
export function useI18n(language: Language): Translator {
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const messages = loadedMessages(language);

  useEffect(() => {
    if (!messages) void loadMessages(language).then(rerender);
  }, [language, messages]);

  if (messages) return translatorFor(language, messages);
  const fallback = LANGUAGES.find((candidate) => loadedMessages(candidate));
  if (!fallback) throw new Error(`No messages were loaded before rendering (wanted ${language})`);
  return translatorFor(fallback, loadedMessages(fallback)!);
}
