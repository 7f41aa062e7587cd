import { z } from "zod";
import { isWellFormedText } from "./text";

/* Reports: anyone may tell staff that an event (later a review or a photo) breaks the community guidelines. */

/** What a report can be about; only events can be reported today, reviews and photos come later. */
export const REPORT_SUBJECT_TYPES = ["event", "review", "photo"] as const;
export type ReportSubjectType = (typeof REPORT_SUBJECT_TYPES)[number];

/** The reasons a reporter picks from, in the order the form lists them. */
export const REPORT_REASONS = ["scam", "misleading", "hateful", "spam", "prohibited", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** open: waiting for staff; dismissed: looked at, nothing to do; actioned: the item was hidden. */
export const REPORT_STATUSES = ["open", "dismissed", "actioned"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const MAX_REPORT_DETAILS_LENGTH = 2000;
/** A hide's reason is e-mailed to the organizer: long enough to explain, short enough to read. */
export const MAX_HIDE_REASON_LENGTH = 1000;

/** What a reporter sends: a reason from the list and, if they like, a few words. */
export const reportInputSchema = z
  .object({
    reason: z.enum(REPORT_REASONS, { message: "reason_invalid" }),
    details: z
      .string({ message: "details_invalid" })
      .trim()
      .max(MAX_REPORT_DETAILS_LENGTH, { message: "details_too_long" })
      .refine(isWellFormedText, { message: "details_invalid" })
      .optional()
      .transform((value) => (value ? value : null)),
  })
  .strict();
export type ReportInput = z.input<typeof reportInputSchema>;

/** A hide's reason, which the organizer reads: required, trimmed, bounded. */
export const hideReasonSchema = z
  .string({ message: "reason_required" })
  .trim()
  .min(1, { message: "reason_required" })
  .max(MAX_HIDE_REASON_LENGTH, { message: "reason_too_long" })
  .refine(isWellFormedText, { message: "reason_invalid" });
