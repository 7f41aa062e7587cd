import { textDirection, type Language } from "#domain/language";

/** Values a message can take: `{{name}}` placeholders, and `count`, which also picks the plural form. */
export type MessageValues = Record<string, string | number | null | undefined>;
export type TFunction = (key: string, values?: MessageValues) => string;

export interface Translator {
  language: Language;
  t: TFunction;
  dir(): "ltr" | "rtl";
}

type MessageTree = { readonly [key: string]: string | MessageTree };

const translators = new Map<Language, Translator>();

/** The translator of `language`, made once: rendering only reads from it. */
export function translatorFor(language: Language, messages: MessageTree): Translator {
  let translator = translators.get(language);
  if (!translator) {
    translator = createTranslator(language, messages);
    translators.set(language, translator);
  }
  return translator;
}

const pageTranslators = new WeakMap<object, Translator>();

/**
 * The translator of `language` with a page's own messages added to the ones every page has (see
 * messages.ts), made once per page data.
 */
export function translatorWithPageMessages(
  language: Language,
  messages: MessageTree,
  pageMessages: object,
): Translator {
  const made = pageTranslators.get(pageMessages);
  if (made?.language === language) return made;
  const translator = createTranslator(language, { ...messages, ...(pageMessages as MessageTree) });
  pageTranslators.set(pageMessages, translator);
  return translator;
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/**
 * Translates keys of one language's messages (app/i18n/locales). A key names a message by its path
 * (`event.when`). With a numeric `count`, the message is the key's plural form for that number in
 * that language (`_one`, `_few`…, by Intl.PluralRules), falling back to `_other`. A missing key
 * shows as itself, so it is noticed; the locale tests keep every language's keys complete.
 */
export function createTranslator(language: Language, messages: MessageTree): Translator {
  const pluralRules = new Intl.PluralRules(language);
  const lookup = (key: string): string | undefined => {
    let node: string | MessageTree | undefined = messages;
    for (const part of key.split(".")) {
      if (typeof node !== "object") return undefined;
      node = node[part];
    }
    return typeof node === "string" ? node : undefined;
  };

  const t: TFunction = (key, values) => {
    const count = values?.count;
    const message =
      (typeof count === "number" ? (lookup(`${key}_${pluralRules.select(count)}`) ?? lookup(`${key}_other`)) : null) ??
      lookup(key) ??
      key;
    if (!values) return message;
    return message.replace(PLACEHOLDER, (placeholder, name: string) => {
      const value = values[name];
      return value === undefined || value === null ? placeholder : String(value);
    });
  };

  return { language, t, dir: () => textDirection(language) };
}
