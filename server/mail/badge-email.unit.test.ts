import { describe, expect, it } from "vitest";
import am from "#app/i18n/locales/pages/am.json";
import ar from "#app/i18n/locales/pages/ar.json";
import en from "#app/i18n/locales/pages/en.json";
import fr from "#app/i18n/locales/pages/fr.json";
import { BADGE_EMAIL_WORDS, renderBadgeEmail } from "./badge-email";

const SITE = "https://dmv.example";

describe("the badge e-mail", () => {
  it("names the badges as the site does, in each of the four languages", () => {
    for (const [language, messages] of Object.entries({ en, fr, ar, am })) {
      const words = BADGE_EMAIL_WORDS[language as keyof typeof BADGE_EMAIL_WORDS];
      expect(words.names, language).toEqual(messages.badges.names);
      expect(words.levels, language).toEqual(messages.badges.levels);
    }
  });

  it("says which badge was earned, at which level, with a link to the dashboard's badges", () => {
    const email = renderBadgeEmail({ to: "a@example.com", language: "en", name: "Ada", badges: ["first_timer"] }, SITE);
    expect(email.subject).toBe("You earned a badge: First Timer");
    expect(email.text).toContain("First Timer (Bronze)");
    expect(email.text).toContain(`${SITE}/dashboard#badges`);
  });

  it("lists several badges earned at once in one e-mail, in French", () => {
    const email = renderBadgeEmail(
      { to: "a@example.com", language: "fr", name: "Ada", badges: ["first_timer", "event_explorer"] },
      SITE,
    );
    expect(email.subject).toBe("Vous avez obtenu 2 badges");
    expect(email.text).toContain("Première fois (Bronze)");
    expect(email.text).toContain("Explorateur d’événements (Argent)");
  });

  it("refuses a payload naming no known badge", () => {
    expect(() =>
      renderBadgeEmail({ to: "a@example.com", language: "en", name: "Ada", badges: ["nope"] }, SITE),
    ).toThrow();
  });
});
