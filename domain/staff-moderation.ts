import { z } from "zod";
import { isWellFormedText } from "./text";

/*
 * The rules of staff moderation of people (issue 18): what a suspension takes, and how the audit log
 * shows what an action changed. Pure: the console (app/routes/admin-person*.tsx), the staff API
 * (server/api/staff-people.ts) and the services share them.
 */

/** How long a suspension lasts: a week, a month, or until staff restore the account. */
export const SUSPENSION_LENGTHS = ["7", "30", "indefinite"] as const;
export type SuspensionLength = (typeof SUSPENSION_LENGTHS)[number];

/**
 * `users.banned_until` of an indefinite suspension: a day no one will reach. The sign-in checks compare
 * it with the time as they do any other (server/auth), so nothing else needs to know about it.
 */
export const INDEFINITE_SUSPENSION_END = new Date("9999-12-31T00:00:00Z");

export const SUSPENSION_REASON_MAX = 500;

/** A suspension request, as the console's form and the API's body send it. */
export const suspensionSchema = z
  .object({
    reason: z
      .string({ error: "reason_required" })
      .trim()
      .min(1, { error: "reason_required" })
      .max(SUSPENSION_REASON_MAX, { error: "reason_too_long" })
      .refine(isWellFormedText, { error: "reason_invalid" }),
    length: z.enum(SUSPENSION_LENGTHS, { error: "length_invalid" }).default("indefinite"),
  })
  .strict();
export type SuspensionInput = z.infer<typeof suspensionSchema>;

/** When a suspension of `length` that starts `now` ends. */
export function suspensionEnd(length: SuspensionLength, now: Date): Date {
  if (length === "indefinite") return INDEFINITE_SUSPENSION_END;
  return new Date(now.getTime() + Number(length) * 24 * 3600 * 1000);
}

/** Whether `bannedUntil` is an indefinite suspension (shown as "until restored", not as a date). */
export function isIndefiniteSuspension(bannedUntil: Date): boolean {
  return bannedUntil.getTime() >= INDEFINITE_SUSPENSION_END.getTime();
}

/** A reason for a grant or removal of the staff role: optional, at most as long as a suspension's. */
export const staffRoleReasonSchema = z
  .string()
  .trim()
  .max(SUSPENSION_REASON_MAX, { error: "reason_too_long" })
  .refine(isWellFormedText, { error: "reason_invalid" })
  .transform((reason) => reason || null);

/** One field an action changed, as the audit log shows it. */
export interface ChangedField {
  field: string;
  before: unknown;
  after: unknown;
}

/**
 * The fields that differ between an audit row's `before` and `after`: for two objects, each key whose
 * value changed (compared as JSON), in the order the keys first appear; for anything else (a value, a
 * missing side), the whole as one field named "value" when it changed.
 */
export function changedFields(before: unknown, after: unknown): ChangedField[] {
  const isRecord = (value: unknown): value is Record<string, unknown> =>
    value !== null && typeof value === "object" && !Array.isArray(value);
  if (isRecord(before) && isRecord(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys
      .filter((key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null))
      .map((key) => ({ field: key, before: before[key] ?? null, after: after[key] ?? null }));
  }
  if (isRecord(after) && (before === null || before === undefined)) {
    return Object.entries(after).map(([field, value]) => ({ field, before: null, after: value }));
  }
  if (isRecord(before) && (after === null || after === undefined)) {
    return Object.entries(before).map(([field, value]) => ({ field, before: value, after: null }));
  }
  return JSON.stringify(before ?? null) === JSON.stringify(after ?? null)
    ? []
    : [{ field: "value", before: before ?? null, after: after ?? null }];
}
