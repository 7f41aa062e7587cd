import { z } from "zod";
import { LANGUAGES } from "./language";
import { SOCIAL_NETWORKS } from "./profile";

// Apart from domain/profile.ts, which browser code imports: zod stays out of the pages that need no parsing.

/**
 * A profile's social links: each network at most once, as an http(s) address. z.url() alone would
 * also take `javascript:` addresses, which become links on the profile page.
 */
export const socialLinksSchema = z
  .object(Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, z.httpUrl().max(300).optional()])))
  .strict();

/** Longest accepted text per profile field. */
export const PROFILE_LIMITS = { name: 80, bio: 1000, organization: 120, location: 120 } as const;

/** Free text a person may leave empty: trimmed, and stored as nothing rather than "". */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((value) => value || null);

/**
 * What a person edits of their profile on the dashboard. A whole-profile replace: a field left out
 * or empty is cleared. Empty social link fields are dropped before the links are checked.
 */
export const profileUpdateSchema = z
  .object({
    name: z.string().trim().min(1).max(PROFILE_LIMITS.name),
    bio: optionalText(PROFILE_LIMITS.bio),
    organization: optionalText(PROFILE_LIMITS.organization),
    location: optionalText(PROFILE_LIMITS.location),
    preferredLanguage: z.enum(LANGUAGES),
    socialLinks: z.preprocess(
      (links) =>
        links && typeof links === "object"
          ? Object.fromEntries(
              Object.entries(links).flatMap(([network, url]) =>
                typeof url === "string" && url.trim() === ""
                  ? []
                  : [[network, typeof url === "string" ? url.trim() : url]],
              ),
            )
          : links,
      socialLinksSchema,
    ),
  })
  .strict();
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;
