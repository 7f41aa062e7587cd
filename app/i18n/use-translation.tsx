import { createContext, useContext } from "react";
import type { TFunction, Translator } from "./translator";

const TranslatorContext = createContext<Translator | null>(null);

/** Gives the page's translator to every component below (the root layout sets it). */
export const TranslationProvider = TranslatorContext.Provider;

/** The current language's `t`, and the translator itself for its language and writing direction. */
export function useTranslation(): { t: TFunction; i18n: Translator } {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error("useTranslation needs a TranslationProvider above it");
  return { t: translator.t, i18n: translator };
}
