import { createInstance, type i18n } from "i18next";
import type { Language } from "#domain/language";
import type { Messages } from "./messages";

const instances = new Map<Language, i18n>();

/** One i18next instance per language, built once; rendering only reads from it. */
export function i18nFor(language: Language, messages: Messages): i18n {
  let instance = instances.get(language);
  if (!instance) {
    instance = createInstance();
    void instance.init({
      lng: language,
      resources: { [language]: { translation: messages } },
      fallbackLng: false,
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    });
    instances.set(language, instance);
  }
  return instance;
}
