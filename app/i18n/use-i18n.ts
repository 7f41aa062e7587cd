import { useEffect, useReducer } from "react";
import { LANGUAGES, type Language } from "#domain/language";
import { translatorFor, translatorWithPageMessages, type Translator } from "./translator";
import { loadedMessages, loadMessages, type PageMessages } from "./messages";

/**
 * The translator for `language`. Messages are preloaded for the server render and for
 * hydration; when the language changes to one not loaded yet, a loaded one shows until it arrives.
 */
export function useI18n(language: Language, pageMessages: PageMessages | null): Translator {
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const messages = loadedMessages(language);

  useEffect(() => {
    if (!messages) void loadMessages(language).then(rerender);
  }, [language, messages]);

  const shown = messages ? language : LANGUAGES.find((candidate) => loadedMessages(candidate));
  if (!shown) throw new Error(`No messages were loaded before rendering (wanted ${language})`);
  const shownMessages = loadedMessages(shown)!;
  return pageMessages
    ? translatorWithPageMessages(shown, shownMessages, pageMessages)
    : translatorFor(shown, shownMessages);
}
