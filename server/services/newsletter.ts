import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { parseEmailAddress } from "#domain/email-address";
import { LANGUAGES, type Language } from "#domain/language";
import { hit } from "#server/auth/throttle";
import { hashToken, isWellFormedToken, randomToken } from "#server/auth/secrets";
import type { Database } from "#server/db/client";
import { newsletterSubscriptions, profiles } from "#server/db/schema";
import { AppError } from "#server/errors";
import { enqueueJob } from "#server/services/enqueue-job";
import { SEND_NEWSLETTER_CONFIRMATION_JOB } from "#server/services/email-jobs";
import type { Actor } from "./actor";
import { readDigestUnsubscribeToken } from "./digest-unsubscribe-token";

/**
 * Counted on every well-formed request, before anything is looked up. Per address: a few an hour, so
 * nobody can fill a stranger's inbox with confirmation requests; per client: more, since many people
 * share an address (an office), yet too few to sign up addresses in bulk.
 */
export const NEWSLETTER_LIMITS = {
  perAddress: { limit: 3, windowSeconds: 3600 },
  perClient: { limit: 20, windowSeconds: 3600 },
} as const;

/** The job that records a subscription request and e-mails its confirmation link (see subscribeToNewsletter). */
export const NEWSLETTER_SUBSCRIBE_JOB = "newsletter_subscribe";

export const newsletterInputSchema = z.object({
  email: z
    .string()
    .trim()
    .transform((value, context) => {
      const parsed = parseEmailAddress(value);
      if (parsed.ok) return parsed.email;
      context.addIssue({ code: "custom", message: "email_invalid" });
      return z.NEVER;
    }),
  language: z.enum(LANGUAGES, { message: "language_invalid" }).optional(),
});
export type NewsletterInput = z.input<typeof newsletterInputSchema>;

export interface NewsletterRequest {
  /** The client's address, for its limit. */
  ip: string;
  now: Date;
  /** The page's language: the digest's when the form names none. */
  language: Language;
}

/**
 * Asks for the weekly digest at an address (double opt-in: nothing is sent to it but a confirmation
 * link until that link is followed). The answer is the same whether the address is new, waiting for
 * confirmation, already subscribed or over a limit, so nobody learns who subscribes; only malformed
 * input is refused. Like Find My Ticket, the request does the same work for every address (two
 * counters and one queued job) and the job does the rest, so not even its time tells.
 */
export async function subscribeToNewsletter(db: Database, input: unknown, request: NewsletterRequest): Promise<void> {
  const parsed = newsletterInputSchema.safeParse(input);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "email");
      fields[field] ??= field === "language" ? "language_invalid" : "email_invalid";
    }
    throw new AppError("invalid", "Enter a valid e-mail address and language.", fields);
  }
  const { email } = parsed.data;
  const language = parsed.data.language ?? request.language;
  const { perAddress, perClient } = NEWSLETTER_LIMITS;
  const client = await hit(db, `newsletter:ip:${request.ip}`, perClient.limit, perClient.windowSeconds, request.now);
  const address = await hit(db, `newsletter:address:${email}`, perAddress.limit, perAddress.windowSeconds, request.now);
  if (!client.isAllowed || !address.isAllowed) return;
  await enqueueJob(db, NEWSLETTER_SUBSCRIBE_JOB, { email, language });
}

const subscribeJobSchema = z.object({ email: z.string().min(3).max(320), language: z.enum(LANGUAGES) });

/**
 * The subscribe job. An address already confirmed (and not unsubscribed) is left alone: nothing is
 * sent. Otherwise the row is made or renewed (a new token, waiting for confirmation again, in the
 * language asked for) and the confirmation e-mail queued, in one transaction.
 */
export async function runNewsletterSubscribeJob(
  db: Database,
  payload: unknown,
  now: Date,
  siteUrl: string,
): Promise<void> {
  const { email, language } = subscribeJobSchema.parse(payload);
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({
        id: newsletterSubscriptions.id,
        confirmedAt: newsletterSubscriptions.confirmedAt,
        unsubscribedAt: newsletterSubscriptions.unsubscribedAt,
      })
      .from(newsletterSubscriptions)
      .where(sql`lower(${newsletterSubscriptions.email}) = ${email}`)
      .for("update");
    if (existing?.confirmedAt && !existing.unsubscribedAt) return;
    const token = randomToken();
    const renewed = { language, tokenHash: hashToken(token), confirmedAt: null, unsubscribedAt: null };
    if (existing) {
      await tx.update(newsletterSubscriptions).set(renewed).where(eq(newsletterSubscriptions.id, existing.id));
    } else {
      await tx.insert(newsletterSubscriptions).values({ email, ...renewed, createdAt: now });
    }
    await enqueueJob(tx, SEND_NEWSLETTER_CONFIRMATION_JOB, {
      to: email,
      language,
      link: `${siteUrl}/newsletter?confirm=${encodeURIComponent(token)}`,
    });
  });
}

export type NewsletterLinkOutcome = "done" | "invalid";

/**
 * Follows a confirmation link: the subscription starts receiving the digest. Following it again
 * changes nothing and says the same; a link of an address that unsubscribed since is refused (it
 * must not sign them up again).
 */
export async function confirmNewsletterSubscription(
  db: Database,
  token: unknown,
  now: Date,
): Promise<NewsletterLinkOutcome> {
  if (!isWellFormedToken(token)) return "invalid";
  const confirmed = await db
    .update(newsletterSubscriptions)
    .set({ confirmedAt: sql`coalesce(${newsletterSubscriptions.confirmedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(newsletterSubscriptions.tokenHash, hashToken(token)), isNull(newsletterSubscriptions.unsubscribedAt)))
    .returning({ id: newsletterSubscriptions.id });
  return confirmed.length > 0 ? "done" : "invalid";
}

/**
 * Follows an unsubscribe link: the one in the confirmation e-mail (the subscription's own token) or
 * one in a digest (signed: a subscription, or a person with an account, whose digest is turned off).
 * Doing it twice says the same.
 */
export async function unsubscribeFromDigest(db: Database, token: unknown, now: Date): Promise<NewsletterLinkOutcome> {
  if (typeof token !== "string" || token.length === 0) return "invalid";
  if (isWellFormedToken(token)) {
    const rows = await db
      .update(newsletterSubscriptions)
      .set({
        unsubscribedAt: sql`coalesce(${newsletterSubscriptions.unsubscribedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(newsletterSubscriptions.tokenHash, hashToken(token)))
      .returning({ id: newsletterSubscriptions.id });
    return rows.length > 0 ? "done" : "invalid";
  }
  const recipient = await readDigestUnsubscribeToken(db, token);
  if (!recipient) return "invalid";
  if ("userId" in recipient) {
    const rows = await db
      .update(profiles)
      .set({ receivesDigest: false, updatedAt: now })
      .where(eq(profiles.userId, recipient.userId))
      .returning({ userId: profiles.userId });
    return rows.length > 0 ? "done" : "invalid";
  }
  const rows = await db
    .update(newsletterSubscriptions)
    .set({
      unsubscribedAt: sql`coalesce(${newsletterSubscriptions.unsubscribedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(eq(newsletterSubscriptions.id, recipient.subscriptionId))
    .returning({ id: newsletterSubscriptions.id });
  return rows.length > 0 ? "done" : "invalid";
}

/** Whether the signed-in person gets the weekly digest (when they have interests). */
export async function getReceivesDigest(db: Database, actor: Actor): Promise<boolean> {
  const [row] = await db
    .select({ receivesDigest: profiles.receivesDigest })
    .from(profiles)
    .where(eq(profiles.userId, actor.userId));
  return row?.receivesDigest ?? false;
}

/** Turns the weekly digest on or off for the signed-in person (the dashboard's switch, the digest's link). */
export async function setReceivesDigest(db: Database, actor: Actor, on: boolean): Promise<void> {
  if (typeof on !== "boolean") throw new AppError("invalid", "Say on or off.", { receivesDigest: "invalid" });
  const rows = await db
    .update(profiles)
    .set({ receivesDigest: on, updatedAt: sql`now()` })
    .where(eq(profiles.userId, actor.userId))
    .returning({ userId: profiles.userId });
  if (rows.length === 0) throw new AppError("not_found", "No profile for this account.");
}
