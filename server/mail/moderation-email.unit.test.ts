import { describe, expect, it } from "vitest";
import { LANGUAGES } from "#domain/language";
import { MODERATION_EMAIL_WORDS, renderModerationEmail } from "./moderation-email";

const SITE = "https://events.example";
const hidden = {
  to: "marcus@example.com",
  kind: "hidden" as const,
  eventId: 7,
  eventTitle: "Jazz <Nights>",
  reason: "Tickets sold by <b>wire</b> transfer.",
  at: "2026-11-27T02:00:00.000Z",
};

describe("the e-mails to an event's organizers when staff hide or restore it", () => {
  it.each(LANGUAGES)(
    "say in %s why it was hidden, how to appeal, and link to the event, escaping what staff wrote",
    (language) => {
      const email = renderModerationEmail({ ...hidden, language }, SITE);
      expect(email.subject).toContain("Jazz <Nights>");
      expect(email.text).toContain("Tickets sold by <b>wire</b> transfer.");
      expect(email.html).toContain("Tickets sold by &lt;b&gt;wire&lt;/b&gt; transfer.");
      expect(email.html).not.toContain("<b>wire</b>");
      for (const link of [`${SITE}/events/7`, `${SITE}/community-guidelines`, `${SITE}/contact`]) {
        expect(email.text).toContain(link);
      }
      // An address ends its line: no bracket or comma sticks to it for a mail program to take along.
      expect(email.text).not.toMatch(/\/(community-guidelines|contact)[),.]/);
      expect(email.text).toContain(MODERATION_EMAIL_WORDS[language].appeal);
    },
  );

  it.each(LANGUAGES)("say in %s that it is back, with no reason and no appeal", (language) => {
    const email = renderModerationEmail({ ...hidden, kind: "restored", reason: null, language }, SITE);
    expect(email.subject).toBe(MODERATION_EMAIL_WORDS[language].restoredSubject.replace("{{event}}", "Jazz <Nights>"));
    expect(email.text).not.toContain(MODERATION_EMAIL_WORDS[language].appeal);
    expect(email.text).toContain(`${SITE}/events/7`);
  });
});
