import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { EMAIL_SETTINGS, isEmailSetting, type EmailSetting } from "#domain/email-settings";
import type { Language } from "#domain/language";
import type { Database } from "#server/db/client";
import { profiles, users } from "#server/db/schema";
import { AppError } from "#server/errors";
import type { Actor } from "./actor";

/** The column of `profiles` behind each e-mail setting. */
export const EMAIL_SETTING_COLUMNS = {
  digest: profiles.receivesDigest,
  savedReminders: profiles.emailSavedReminders,
  followedOrganizers: profiles.emailFollowedOrganizers,
  reviews: profiles.emailReviews,
  badges: profiles.emailBadges,
  promoters: profiles.emailPromoters,
  planning: profiles.emailPlanning,
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

/** A person's switches, one per optional e-mail (domain/email-settings.ts). */
export type EmailSettings = Record<EmailSetting, boolean>;

/** The signed-in person's e-mail settings (the settings page, GET /api/v1/me/email-settings). */
export async function getEmailSettings(db: Pick<Database, "select">, actor: Actor): Promise<EmailSettings> {
  const [row] = await db.select(EMAIL_SETTING_COLUMNS).from(profiles).where(eq(profiles.userId, actor.userId));
  if (!row) throw new AppError("not_found", "No profile for this account.");
  return row;
}

/**
 * Changes some of the signed-in person's e-mail settings: `input` names settings (EMAIL_SETTINGS) with
 * true or false; the ones it leaves out stay as they are. Anything else (an unknown setting, a value
 * that is not a boolean) is refused with its field named, and nothing changes. Answers with all of them.
 */
export async function updateEmailSettings(db: Database, actor: Actor, input: unknown): Promise<EmailSettings> {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    throw new AppError("invalid", "Send an object of settings, each true or false.", { _: "invalid" });
  }
  const fields: Record<string, string> = {};
  const changes: Partial<Record<(typeof PROFILE_FIELDS)[EmailSetting], boolean>> = {};
  for (const [key, value] of Object.entries(input)) {
    if (!isEmailSetting(key)) fields[key] = "unknown";
    else if (typeof value !== "boolean") fields[key] = "invalid";
    else changes[PROFILE_FIELDS[key]] = value;
  }
  if (Object.keys(fields).length > 0) {
    throw new AppError("invalid", `Unknown setting or not true/false: ${Object.keys(fields).join(", ")}.`, fields);
  }
  const rows = await db
    .update(profiles)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(profiles.userId, actor.userId))
    .returning(EMAIL_SETTING_COLUMNS);
  if (!rows[0]) throw new AppError("not_found", "No profile for this account.");
  return rows[0];
}

/** The `profiles` field (Drizzle's name) of each setting. */
const PROFILE_FIELDS = {
  digest: "receivesDigest",
  savedReminders: "emailSavedReminders",
  followedOrganizers: "emailFollowedOrganizers",
  reviews: "emailReviews",
  badges: "emailBadges",
  promoters: "emailPromoters",
  planning: "emailPlanning",
} as const satisfies Record<EmailSetting, keyof typeof profiles.$inferInsert>;

/** Every setting from a submitted form of checkboxes: a ticked box is sent, an unticked one is not. */
export function emailSettingsFromForm(form: FormData): EmailSettings {
  return Object.fromEntries(EMAIL_SETTINGS.map((setting) => [setting, form.get(setting) === "on"])) as EmailSettings;
}
