import { describe, expect, it } from "vitest";
import { LANGUAGES } from "#domain/language";
import { en } from "./messages/en";
import { EMAIL_MESSAGES } from "./render-email";

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") entries.set(path, value);
    else for (const [inner, text] of flatten(value, path)) entries.set(inner, text);
  }
  return entries;
}

const english = flatten(en);

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!).sort();
}

describe.each(LANGUAGES)("the %s account and order e-mail texts", (language) => {
  const messages = flatten(EMAIL_MESSAGES[language]);

  it("have every key English has, and no other", () => {
    expect([...messages.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it("have no empty text", () => {
    expect([...messages].filter(([, text]) => text.trim() === "").map(([key]) => key)).toEqual([]);
  });

  it("keep the {{email}} placeholder wherever English has it", () => {
    const missing = [...english]
      .filter(([key, text]) => text.includes("{{email}}") && !messages.get(key)?.includes("{{email}}"))
      .map(([key]) => key);
    expect(missing).toEqual([]);
  });

  it("keep every placeholder of the English text, and no other", () => {
    const mismatched = [...english]
      .filter(([key, text]) => placeholders(messages.get(key) ?? "").join() !== placeholders(text).join())
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });

  it("say how long each link is valid: 24 hours to confirm a sign-up or find tickets, 15 minutes for the others", () => {
    const { signup, magiclink, recovery, ticket_lookup } = EMAIL_MESSAGES[language];
    expect(signup.validity).toContain("24");
    expect(ticket_lookup.validity).toContain("24");
    expect(magiclink.validity).toContain("15");
    expect(recovery.validity).toContain("15");
  });

  it("say codes are valid for 15 minutes", () => {
    expect(EMAIL_MESSAGES[language].codeValidity).toContain("15");
  });
});

describe("the translated e-mail texts", () => {
  it("are really translated, in each language's script", () => {
    for (const language of ["fr", "ar", "am"] as const) {
      expect(EMAIL_MESSAGES[language].signup.subject).not.toBe(en.signup.subject);
    }
    expect(EMAIL_MESSAGES.ar.signup.heading).toMatch(/[\u0600-\u06FF]/);
    expect(EMAIL_MESSAGES.am.signup.heading).toMatch(/[\u1200-\u137F]/);
  });
});
