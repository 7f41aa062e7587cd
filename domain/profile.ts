export const SOCIAL_NETWORKS = [
  "twitter",
  "instagram",
  "linkedin",
  "facebook",
  "youtube",
  "website",
  "github",
  "tiktok",
] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export type SocialLinks = Partial<Record<SocialNetwork, string>>;

export const ROLES = ["organizer", "attendee"] as const;
export type Role = (typeof ROLES)[number];
