import { DEFAULT_LANGUAGE, isLanguage } from "#domain/language";
import { translatorFor, translatorWithPageMessages, type TFunction } from "./translator";
import { loadedMessages, pageMessagesOf } from "./messages";

/**
 * A translator for route `meta` functions, which run outside React: the language comes from the
 * root loader's data, whose messages are always loaded by the time meta runs, and the page's own
 * messages from its loader's data.
 */
export function metaTranslator(matches: readonly ({ id: string; data?: unknown } | undefined)[]): TFunction {
  const rootData = matches.find((match) => match?.id === "root")?.data as { language?: unknown } | undefined;
  const language = isLanguage(rootData?.language) ? rootData.language : DEFAULT_LANGUAGE;
  const messages = loadedMessages(language) ?? loadedMessages(DEFAULT_LANGUAGE);
  if (!messages) throw new Error("Messages must be loaded before meta runs");
  const pageMessages = pageMessagesOf(matches);
  return (
    pageMessages ? translatorWithPageMessages(language, messages, pageMessages) : translatorFor(language, messages)
  ).t;
}
