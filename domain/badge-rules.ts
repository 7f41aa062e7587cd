import { BADGES, type BadgeFamily, type BadgeKey, type BadgeLevel } from "./badges";

/**
 * The rules of the 15 badges over a person's counts. server/services/badges.ts counts the measures
 * from real data (every measure's exact source is written in docs/badges.md); these functions decide,
 * with no database, what the counts earn and how far the person is from the rest.
 */
export const BADGE_MEASURES = [
  /** Their events that are published now (organizer). */
  "eventsCreated",
  /** Their events that ended, were not cancelled, and had at least one ticket checked in. */
  "successfulEvents",
  /** Their published events where every ticket type is sold to its quantity (as the page's SOLD OUT shows). */
  "soldOutEvents",
  /** Distinct languages among their published events. */
  "eventLanguages",
  /** Their published events in the Community category. */
  "communityEvents",
  /** Distinct events they were checked in at. */
  "eventsAttended",
  /** Distinct VIP events (domain/event.ts isVip) they were checked in at. */
  "vipEventsAttended",
  /** Distinct languages of the events they were checked in at. */
  "attendedLanguages",
  /** Distinct Networking-category events they were checked in at. */
  "networkingEventsAttended",
  /** Their reviews not hidden by staff. */
  "reviewsWritten",
  /** Visits counted through their share links. */
  "shareVisits",
  /** Distinct events whose gallery holds a photo of theirs not hidden by staff. */
  "galleriesContributed",
  /** Distinct Charity or Community events they hold a valid ticket to. */
  "supportedEvents",
] as const;
export type BadgeMeasure = (typeof BADGE_MEASURES)[number];

/** A person's count for every measure. */
export type BadgeMeasures = Record<BadgeMeasure, number>;

/** Which measure each badge counts. */
export const BADGE_MEASURE_OF: Record<BadgeKey, BadgeMeasure> = {
  event_creator: "eventsCreated",
  serial_organizer: "eventsCreated",
  event_master: "successfulEvents",
  sold_out: "soldOutEvents",
  international_organizer: "eventLanguages",
  community_builder: "communityEvents",
  first_timer: "eventsAttended",
  event_explorer: "eventsAttended",
  vip_member: "vipEventsAttended",
  cultural_enthusiast: "attendedLanguages",
  networking_pro: "networkingEventsAttended",
  helpful_reviewer: "reviewsWritten",
  social_promoter: "shareVisits",
  content_creator: "galleriesContributed",
  community_supporter: "supportedEvents",
};

/** Counts of zero: a person who did nothing yet. */
export const NO_MEASURES: BadgeMeasures = Object.fromEntries(
  BADGE_MEASURES.map((measure) => [measure, 0]),
) as BadgeMeasures;

/** One badge as the dashboard shows it: "3 of 5" (`progress` never above `target`). */
export interface BadgeProgress {
  key: BadgeKey;
  family: BadgeFamily;
  level: BadgeLevel;
  measure: BadgeMeasure;
  target: number;
  progress: number;
  earned: boolean;
}

/** Earned when the badge's measure reaches its target. */
export function isBadgeEarned(key: BadgeKey, measures: BadgeMeasures): boolean {
  const badge = BADGES.find((candidate) => candidate.key === key)!;
  return countOf(measures, BADGE_MEASURE_OF[key]) >= badge.target;
}

/** The badges these counts earn, in the catalogue's order. */
export function earnedBadges(measures: BadgeMeasures): BadgeKey[] {
  return BADGES.filter((badge) => isBadgeEarned(badge.key, measures)).map((badge) => badge.key);
}

/** Every badge with how far the counts are toward it, in the catalogue's order. */
export function badgeProgress(measures: BadgeMeasures): BadgeProgress[] {
  return BADGES.map((badge) => {
    const measure = BADGE_MEASURE_OF[badge.key];
    const count = countOf(measures, measure);
    return {
      key: badge.key,
      family: badge.family,
      level: badge.level,
      measure,
      target: badge.target,
      progress: Math.min(count, badge.target),
      earned: count >= badge.target,
    };
  });
}

/** A count as the rules read it: a whole number, never below zero (a missing or odd count is zero). */
function countOf(measures: BadgeMeasures, measure: BadgeMeasure): number {
  const value = measures[measure];
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}
