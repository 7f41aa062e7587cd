import { describe, expect, it } from "vitest";
import { LANGUAGES } from "#domain/language";
import amCore from "./locales/am.json";
import arCore from "./locales/ar.json";
import enCore from "./locales/en.json";
import frCore from "./locales/fr.json";
import amPages from "./locales/pages/am.json";
import arPages from "./locales/pages/ar.json";
import enPages from "./locales/pages/en.json";
import frPages from "./locales/pages/fr.json";

type Tree = { [key: string]: string | Tree };
/** Each language's messages: those every page has and the page namespaces (messages.ts), together. */
const en: Tree = { ...enCore, ...enPages };
const fr: Tree = { ...frCore, ...frPages };
const ar: Tree = { ...arCore, ...arPages };
const am: Tree = { ...amCore, ...amPages };
const locales: Record<string, Tree> = { en, fr, ar, am };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") entries.set(path, value);
    else for (const [inner, text] of flatten(value, path)) entries.set(inner, text);
  }
  return entries;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]!).sort();
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Keys without their plural suffix: English has _one/_other, Arabic six forms, and so on. */
function baseKeys(messages: Map<string, string>): string[] {
  return [...new Set([...messages.keys()].map((key) => key.replace(PLURAL_SUFFIX, "")))].sort();
}

/** The plural forms `language` must give for each plural message (Intl's rules for that language). */
function pluralKeys(messages: Map<string, string>, language: string): string[] {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const plural = new Set(
    [...messages.keys()].filter((key) => PLURAL_SUFFIX.test(key)).map((key) => key.replace(PLURAL_SUFFIX, "")),
  );
  return [...plural].flatMap((key) => categories.map((category) => `${key}_${category}`)).sort();
}

const english = flatten(en);

describe.each(LANGUAGES.filter((language) => language !== "en"))("the %s messages", (language) => {
  const messages = flatten(locales[language]!);

  it("have every key English has, and no other", () => {
    expect(baseKeys(messages)).toEqual(baseKeys(english));
  });

  it("give every plural form the language needs", () => {
    const plural = [...messages.keys()].filter((key) => PLURAL_SUFFIX.test(key)).sort();
    expect(plural).toEqual(pluralKeys(english, language));
  });

  it("have no empty message", () => {
    expect([...messages].filter(([, text]) => text.trim() === "").map(([key]) => key)).toEqual([]);
  });

  it("keep every placeholder of the English message", () => {
    const mismatched = [...messages].filter(([key, translated]) => {
      const text = english.get(key) ?? english.get(key.replace(PLURAL_SUFFIX, "_other"));
      // A plural form may leave out {{count}} (Arabic says "one event" in words).
      const expected = placeholders(text ?? "").filter((name) => !(PLURAL_SUFFIX.test(key) && name === "count"));
      return expected.some((name) => !placeholders(translated).includes(name));
    });
    expect(mismatched.map(([key]) => key)).toEqual([]);
  });
});

describe("the page namespaces", () => {
  it("are not also among the messages every page has", () => {
    for (const [core, pages] of [
      [enCore, enPages],
      [frCore, frPages],
      [arCore, arPages],
      [amCore, amPages],
    ]) {
      expect(Object.keys(pages!).filter((namespace) => namespace in core!)).toEqual([]);
    }
  });
});

describe("the translations", () => {
  it("are really translated: most navigation labels differ from English", () => {
    for (const language of ["fr", "ar", "am"]) {
      const nav = flatten(locales[language]!.nav as Tree);
      const same = [...flatten(en.nav as Tree)].filter(([key, text]) => nav.get(key) === text);
      expect(same.length, `${language} copies English nav labels: ${same.map(([key]) => key).join(", ")}`).toBeLessThan(
        3,
      );
    }
  });

  it("write Arabic in Arabic script and Amharic in Ethiopic script", () => {
    expect(flatten(ar).get("nav.events")).toMatch(/[\u0600-\u06FF]/);
    expect(flatten(am).get("nav.events")).toMatch(/[\u1200-\u137F]/);
  });
});
