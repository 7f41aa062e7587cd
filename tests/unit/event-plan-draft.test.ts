import { describe, expect, it } from "vitest";
import am from "#app/i18n/locales/pages/am.json";
import ar from "#app/i18n/locales/pages/ar.json";
import en from "#app/i18n/locales/pages/en.json";
import fr from "#app/i18n/locales/pages/fr.json";
import { eventTypeNames, plannedEventTimes, planToday } from "#domain/event-plan-draft";
import { EVENT_TYPES } from "#domain/event-types";

// A plan's default title and its draft event's times (domain/event-plan-draft.ts).

describe("a plan's draft event", () => {
  it("is titled with the same event type names as the /event-types pages, in every language", () => {
    for (const [language, words] of Object.entries({ en, fr, ar, am })) {
      const pageNames = Object.fromEntries(
        EVENT_TYPES.map((type) => [
          type.slug,
          (words.eventTypes.types as Record<string, { name: string }>)[type.slug]!.name,
        ]),
      );
      expect(eventTypeNames(language as "en")).toEqual(pageNames);
    }
  });

  it("starts on the plan's day at the type's usual hour on Washington's clocks, summer and winter", () => {
    expect(plannedEventTimes("conference", "2027-02-22")).toEqual({
      startsAt: new Date("2027-02-22T14:00:00Z"),
      endsAt: new Date("2027-02-22T22:00:00Z"),
    });
    expect(plannedEventTimes("concert", "2027-07-04").startsAt).toEqual(new Date("2027-07-04T23:00:00Z"));
  });

  it("counts today on Washington's clocks", () => {
    expect(planToday(new Date("2026-11-28T03:00:00Z"))).toBe("2026-11-27");
    expect(planToday(new Date("2026-11-28T06:00:00Z"))).toBe("2026-11-28");
  });
});
