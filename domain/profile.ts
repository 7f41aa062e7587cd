import type { Language } from "./language";

/**
 * The public name of an account whose owner has not given one (a magic link to a new address, an API
 * sign-up without `data.name`): a neutral word in the account's language, never anything taken from
 * the address (migration 0009 renamed the accounts named after theirs). The owner changes it on the
 * dashboard.
 */
export const UNNAMED_MEMBER_NAME: Record<Language, string> = { en: "Member", fr: "Membre", ar: "عضو", am: "አባል" };

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

/**
 * The largest profile picture accepted, before decoding; a phone photo is 2–4 MB. Here rather than
 * beside the image code, because the dashboard shows it and must not pull sharp into the browser.
 */
export const MAX_PROFILE_IMAGE_BYTES = 5 * 1024 * 1024;
