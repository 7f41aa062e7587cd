/**
 * The 15 badges of the spec (§ Badge), in three families, each at one level. A badge is earned when its
 * measure (counted over real data by server/services/badges.ts, every rule written in docs/badges.md)
 * reaches its target: "3 of 5 events attended" is progress toward Event Explorer.
 */
export const BADGE_FAMILIES = ["organizer", "attendee", "contribution"] as const;
export type BadgeFamily = (typeof BADGE_FAMILIES)[number];

export const BADGE_LEVELS = ["bronze", "silver", "gold"] as const;
export type BadgeLevel = (typeof BADGE_LEVELS)[number];

export interface BadgeDefinition {
  key: string;
  family: BadgeFamily;
  level: BadgeLevel;
  /** The count of the badge's measure that earns it. */
  target: number;
}

export const BADGES = [
  // Organizer badges
  { key: "event_creator", family: "organizer", level: "bronze", target: 1 },
  { key: "serial_organizer", family: "organizer", level: "silver", target: 5 },
  { key: "event_master", family: "organizer", level: "gold", target: 10 },
  { key: "sold_out", family: "organizer", level: "silver", target: 1 },
  { key: "international_organizer", family: "organizer", level: "silver", target: 2 },
  { key: "community_builder", family: "organizer", level: "gold", target: 5 },
  // Attendee badges
  { key: "first_timer", family: "attendee", level: "bronze", target: 1 },
  { key: "event_explorer", family: "attendee", level: "silver", target: 5 },
  { key: "vip_member", family: "attendee", level: "gold", target: 1 },
  { key: "cultural_enthusiast", family: "attendee", level: "silver", target: 3 },
  { key: "networking_pro", family: "attendee", level: "gold", target: 5 },
  // Contribution badges
  { key: "helpful_reviewer", family: "contribution", level: "silver", target: 5 },
  { key: "social_promoter", family: "contribution", level: "silver", target: 10 },
  { key: "content_creator", family: "contribution", level: "gold", target: 5 },
  { key: "community_supporter", family: "contribution", level: "bronze", target: 1 },
] as const satisfies readonly BadgeDefinition[];

export type BadgeKey = (typeof BADGES)[number]["key"];

export const BADGE_KEYS: readonly BadgeKey[] = BADGES.map((badge) => badge.key);

export function isBadgeKey(value: unknown): value is BadgeKey {
  return typeof value === "string" && (BADGE_KEYS as readonly string[]).includes(value);
}

export function badgeDefinition(key: BadgeKey): BadgeDefinition {
  return BADGES.find((badge) => badge.key === key)!;
}
