import { describe, expect, it } from "vitest";
import { BADGE_KEYS, type BadgeKey } from "./badges";
import { badgeProgress, earnedBadges, isBadgeEarned, NO_MEASURES, type BadgeMeasure } from "./badge-rules";

/** Every badge's rule as docs/badges.md states it: the measure it counts and the count that earns it. */
const RULES: [BadgeKey, BadgeMeasure, number][] = [
  ["event_creator", "eventsCreated", 1],
  ["serial_organizer", "eventsCreated", 5],
  ["event_master", "successfulEvents", 10],
  ["sold_out", "soldOutEvents", 1],
  ["international_organizer", "eventLanguages", 2],
  ["community_builder", "communityEvents", 5],
  ["first_timer", "eventsAttended", 1],
  ["event_explorer", "eventsAttended", 5],
  ["vip_member", "vipEventsAttended", 1],
  ["cultural_enthusiast", "attendedLanguages", 3],
  ["networking_pro", "networkingEventsAttended", 5],
  ["helpful_reviewer", "reviewsWritten", 5],
  ["social_promoter", "shareVisits", 10],
  ["content_creator", "galleriesContributed", 5],
  ["community_supporter", "supportedEvents", 1],
];

describe("badge rules at their thresholds", () => {
  it("covers all 15 badges", () => {
    expect(RULES.map(([key]) => key).sort()).toEqual([...BADGE_KEYS].sort());
  });

  for (const [key, measure, target] of RULES) {
    describe(key, () => {
      const at = (count: number) => ({ ...NO_MEASURES, [measure]: count });

      it(`is not earned at ${target - 1} ${measure}`, () => {
        expect(isBadgeEarned(key, at(target - 1))).toBe(false);
        expect(earnedBadges(at(target - 1))).not.toContain(key);
        const progress = badgeProgress(at(target - 1)).find((badge) => badge.key === key)!;
        expect(progress).toMatchObject({ progress: target - 1, target, earned: false });
      });

      it(`is earned at ${target} ${measure}`, () => {
        expect(isBadgeEarned(key, at(target))).toBe(true);
        expect(earnedBadges(at(target))).toContain(key);
        expect(badgeProgress(at(target)).find((badge) => badge.key === key)).toMatchObject({
          progress: target,
          earned: true,
        });
      });

      it(`stays earned above, at ${target + 1}, with progress capped at the target`, () => {
        expect(isBadgeEarned(key, at(target + 1))).toBe(true);
        expect(badgeProgress(at(target + 1)).find((badge) => badge.key === key)).toMatchObject({
          progress: target,
          target,
          earned: true,
        });
      });

      it("counts only its own measure", () => {
        const everythingElse = Object.fromEntries(
          Object.keys(NO_MEASURES).map((other) => [other, other === measure ? 0 : 100]),
        ) as typeof NO_MEASURES;
        expect(isBadgeEarned(key, everythingElse)).toBe(false);
      });
    });
  }
});

describe("earnedBadges", () => {
  it("earns nothing for a person who did nothing", () => {
    expect(earnedBadges(NO_MEASURES)).toEqual([]);
  });

  it("reads negative or fractional counts as whole numbers from zero", () => {
    expect(earnedBadges({ ...NO_MEASURES, eventsAttended: -3 })).toEqual([]);
    expect(earnedBadges({ ...NO_MEASURES, eventsAttended: 4.9 })).toEqual(["first_timer"]);
    expect(earnedBadges({ ...NO_MEASURES, eventsAttended: Number.NaN })).toEqual([]);
  });

  it("lists one person's badges in the catalogue's order", () => {
    expect(earnedBadges({ ...NO_MEASURES, eventsAttended: 5, eventsCreated: 1, reviewsWritten: 5 })).toEqual([
      "event_creator",
      "first_timer",
      "event_explorer",
      "helpful_reviewer",
    ]);
  });
});
