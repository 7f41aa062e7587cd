/**
 * The e-mails a person may turn off, each one switch in their e-mail settings (/dashboard/settings/emails)
 * and one column of `profiles`. The digest is off until the person says yes; the others are on until
 * they say no. Receipts, tickets, event changes of an order and account e-mails are not optional.
 */
export const EMAIL_SETTINGS = [
  "digest",
  "savedReminders",
  "followedOrganizers",
  "reviews",
  "badges",
  "promoters",
  "planning",
] as const;
export type EmailSetting = (typeof EMAIL_SETTINGS)[number];

export function isEmailSetting(value: unknown): value is EmailSetting {
  return typeof value === "string" && (EMAIL_SETTINGS as readonly string[]).includes(value);
}
