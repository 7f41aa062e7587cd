import { z } from "zod";
import { LANGUAGES } from "#domain/language";
import type { Mailer } from "./mailer";
import type { EmailRequest } from "#server/services/outbox";
import { renderEmail } from "./render-email";

/** A send_email job's payload as enqueueEmail wrote it; checked again because jobs outlive code versions. */
const emailRequestSchema = z.object({
  kind: z.enum([
    "signup",
    "magiclink",
    "recovery",
    "reauthentication",
    "password_changed",
    "account_exists",
    "ticket_lookup",
  ]),
  to: z.string().min(3).max(320),
  language: z.enum(LANGUAGES),
  link: z.string().max(4_000).optional(),
  code: z
    .string()
    .regex(/^\d{6}$/)
    .optional(),
});

/** Renders a queued e-mail in its recipient's language and hands it to the mailer. */
export async function sendEmail(mailer: Mailer, payload: unknown, siteUrl: string): Promise<void> {
  const email: EmailRequest = emailRequestSchema.parse(payload);
  await mailer.deliver(renderEmail(email, siteUrl));
}
