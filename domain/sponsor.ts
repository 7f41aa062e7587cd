/** Sponsor tiers, most prominent first. */
export const SPONSOR_TIERS = ["gold", "silver", "bronze"] as const;
export type SponsorTier = (typeof SPONSOR_TIERS)[number];

/** Sorts sponsors by tier (gold first), then by name. */
export function bySponsorTier<S extends { tier: SponsorTier; name: string }>(a: S, b: S): number {
  return SPONSOR_TIERS.indexOf(a.tier) - SPONSOR_TIERS.indexOf(b.tier) || a.name.localeCompare(b.name);
}
