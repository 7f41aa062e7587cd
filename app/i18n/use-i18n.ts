import type { i18n } from "i18next";
import { useEffect, useRef, useState } from "react";
import type { Language } from "#domain/language";
import { i18nFor } from "./i18n";
import { loadedMessages, loadMessages } from "./messages";

/**
 * The i18next instance for `language`. Messages are preloaded for the server render and for
 * hydration; if the language changes to one not loaded yet, the previous one stays until it arrives.
 */
export function useI18n(language: Language): i18n {
  const [, setLoadedLanguage] = useState<Language | null>(null);
  const lastReady = useRef<i18n | null>(null);
  const messages = loadedMessages(language);

  useEffect(() => {
    if (!messages) void loadMessages(language).then(() => setLoadedLanguage(language));
  }, [language, messages]);

  if (messages) lastReady.current = i18nFor(language, messages);
  if (!lastReady.current) {
    const english = loadedMessages("en");
    if (!english) throw new Error(`Messages for ${language} were not loaded before rendering`);
    lastReady.current = i18nFor("en", english);
  }
  return lastReady.current;
}
