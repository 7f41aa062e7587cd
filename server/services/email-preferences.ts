import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { EmailSetting } from "#domain/email-settings";
import type { Language } from "#domain/language";
import type { Database } from "#server/db/client";
import { profiles, users } from "#server/db/schema";

/** The column of `profiles` behind each e-mail setting. */
export const EMAIL_SETTING_COLUMNS = {
  digest: profiles.receivesDigest,
  savedReminders: profiles.emailSavedReminders,
  followedOrganizers: profiles.emailFollowedOrganizers,
  reviews: profiles.emailReviews,
  badges: profiles.emailBadges,
  promoters: profiles.emailPromoters,
} as const satisfies Record<EmailSetting, unknown>;

export interface EmailRecipient {
  userId: string;
  email: string;
  language: Language;
  name: string;
}

/**
 * Of these people, the ones who get the optional e-mail `setting` governs: they left it on (or, for the
 * digest, turned it on) and their address is confirmed (a deleted account has none). Every optional
 * e-mail asks this just before it is queued.
 */
export async function emailRecipients(
  db: Pick<Database, "select">,
  userIds: readonly string[],
  setting: EmailSetting,
): Promise<EmailRecipient[]> {
  if (userIds.length === 0) return [];
  return db
    .select({ userId: users.id, email: users.email, language: profiles.preferredLanguage, name: profiles.name })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(
      and(
        inArray(users.id, [...new Set(userIds)]),
        eq(EMAIL_SETTING_COLUMNS[setting], true),
        isNotNull(users.emailConfirmedAt),
      ),
    );
}
