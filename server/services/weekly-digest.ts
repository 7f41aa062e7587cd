import { and, asc, eq, gt, inArray, isNotNull, isNull, notInArray, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { EventSummary } from "#domain/event-summary";
import type { Language } from "#domain/language";
import { hasCriteria, recommendationCriteria } from "#domain/recommendation";
import { instant, selectRows, type Database } from "#server/db/client";
import { categories, events, newsletterSubscriptions, profiles, promotionCampaigns, users } from "#server/db/schema";
import { signalJobEnqueued } from "#server/services/job-signal";
import type { DigestRecipient } from "./digest-unsubscribe-token";
import { loadEventSummaries } from "./event-summaries";
import { publicEventCondition } from "./event-visibility";
import { listMyInterests } from "./interests";

/** The job the weekly scheduled task queues: one SEND_DIGEST_EMAIL_JOB per recipient. */
export const WEEKLY_DIGEST_JOB = "weekly_digest";
/** The job that writes and sends one recipient's digest. */
export const SEND_DIGEST_EMAIL_JOB = "send_digest_email";

/**
 * At most this many upcoming events follow the promoted ones. Promoted events are not capped: each
 * was paid for this edition (domain/promotion-pricing.ts charges the digest per edition).
 */
export const DIGEST_MATCHING_LIMIT = 6;

const weeklyJobSchema = z.object({ runAt: z.iso.datetime() });

/** SQL: the signed-in people who get the digest: confirmed address, digest on, at least one interest. */
const userRecipients = sql`select u.id, u.email from users u
  join profiles p on p.user_id = u.id
  where p.receives_digest and u.email_confirmed_at is not null
    and exists (select 1 from user_interests ui where ui.user_id = u.id)`;

/**
 * SQL: whether the subscription `s` belongs to an account that turned the digest off. Turning it off
 * (in the dashboard, or with a digest's unsubscribe link) stops every digest to that address, the
 * newsletter's included: one click must be enough.
 */
const accountTurnedDigestOff = sql`exists (select 1 from users u join profiles p on p.user_id = u.id
  where lower(u.email) = lower(s.email) and not p.receives_digest)`;

/**
 * The WEEKLY_DIGEST_JOB: queues one e-mail job per recipient, in one statement per kind of recipient,
 * so a large list is not a loop of round trips. Recipients: signed-in people with the digest on and an
 * interest, and confirmed newsletter subscribers whose address is not already one of those (one digest
 * per address; the account's, which matches its interests, wins) nor an account's that turned it off. Running the job again for the same
 * run (a retry after a crash between the commit and the job's completion) queues nothing new.
 */
export async function queueWeeklyDigest(db: Database, payload: unknown, now: Date): Promise<number> {
  const { runAt } = weeklyJobSchema.parse(payload);
  const queued = await db.transaction(async (tx) => {
    // Runs of one task never overlap (the claim moved the next run a week ahead), so this lock is
    // only against a retry racing a slow first attempt.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`weekly_digest:${runAt}`}))`);
    const already = await selectRows(
      tx,
      sql`select 1 from jobs where kind = ${SEND_DIGEST_EMAIL_JOB} and payload->>'runAt' = ${runAt} limit 1`,
    );
    if (already.length > 0) return 0;
    const toUsers = await selectRows(
      tx,
      sql`insert into jobs (kind, payload, run_at)
          select ${SEND_DIGEST_EMAIL_JOB}, jsonb_build_object('runAt', ${runAt}::text, 'userId', r.id::text), ${instant(now)}
          from (${userRecipients}) r
          returning id`,
    );
    const toSubscribers = await selectRows(
      tx,
      sql`insert into jobs (kind, payload, run_at)
          select ${SEND_DIGEST_EMAIL_JOB}, jsonb_build_object('runAt', ${runAt}::text, 'subscriptionId', s.id), ${instant(now)}
          from newsletter_subscriptions s
          where s.confirmed_at is not null and s.unsubscribed_at is null
            and not exists (select 1 from (${userRecipients}) r where lower(r.email) = lower(s.email))
            and not ${accountTurnedDigestOff}
          returning id`,
    );
    return toUsers.length + toSubscribers.length;
  });
  if (queued > 0) signalJobEnqueued();
  return queued;
}

/** `runAt` names the edition: the instant the weekly run was scheduled for (scheduled-tasks.ts). */
const sendJobSchema = z.union([
  z.object({ runAt: z.iso.datetime(), userId: z.uuid() }),
  z.object({ runAt: z.iso.datetime(), subscriptionId: z.number().int().positive() }),
]);

/** One recipient's digest: who, in which language, and the events. */
export interface Digest {
  to: string;
  language: Language;
  recipient: DigestRecipient;
  /** First, the event of every paid campaign with the digest type running at the edition's instant. */
  promoted: EventSummary[];
  /** Then upcoming events matching the person's interests (any upcoming public events for subscribers). */
  upcoming: EventSummary[];
}

/**
 * A SEND_DIGEST_EMAIL_JOB's digest as of `now`, or null when the recipient no longer gets one (they
 * unsubscribed or turned it off since the job was queued) or when there is no event to tell about.
 * Its promoted events are those of its edition, so every recipient of one edition gets the same,
 * however late their e-mail goes out.
 */
export async function loadDigest(db: Database, payload: unknown, now: Date): Promise<Digest | null> {
  const job = sendJobSchema.parse(payload);
  let to: string;
  let language: Language;
  let recipient: DigestRecipient;
  let interestNames: string[] | null = null;
  if ("userId" in job) {
    const [row] = await db
      .select({ email: users.email, language: profiles.preferredLanguage })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(and(eq(users.id, job.userId), eq(profiles.receivesDigest, true), isNotNull(users.emailConfirmedAt)));
    if (!row) return null;
    interestNames = (await listMyInterests(db, { userId: job.userId })).map((interest) => interest.name);
    if (interestNames.length === 0) return null;
    ({ email: to, language } = row);
    recipient = { userId: job.userId };
  } else {
    const [row] = await db
      .select({ email: newsletterSubscriptions.email, language: newsletterSubscriptions.language })
      .from(newsletterSubscriptions)
      .where(
        and(
          eq(newsletterSubscriptions.id, job.subscriptionId),
          isNotNull(newsletterSubscriptions.confirmedAt),
          isNull(newsletterSubscriptions.unsubscribedAt),
          sql`not exists (select 1 from users u join profiles p on p.user_id = u.id
            where lower(u.email) = lower(${newsletterSubscriptions.email}) and not p.receives_digest)`,
        ),
      );
    if (!row) return null;
    ({ email: to, language } = row);
    recipient = { subscriptionId: job.subscriptionId };
  }
  const promoted = await listDigestPromotedEvents(db, new Date(job.runAt), now);
  const upcoming = await listDigestUpcomingEvents(
    db,
    interestNames,
    promoted.map((event) => event.id),
    now,
  );
  if (promoted.length === 0 && upcoming.length === 0) return null;
  return { to, language, recipient, promoted, upcoming };
}

/**
 * Every public event not yet over at `now` whose paid campaign includes the digest and runs at
 * `editionAt` (the edition's scheduled instant, the one it was charged for), soonest first.
 */
export async function listDigestPromotedEvents(db: Database, editionAt: Date, now: Date): Promise<EventSummary[]> {
  const rows = await db
    .selectDistinctOn([events.startsAt, events.id], { id: events.id })
    .from(promotionCampaigns)
    .innerJoin(events, eq(events.id, promotionCampaigns.eventId))
    .where(
      and(
        sql`'digest' = any(${promotionCampaigns.types})`,
        isNotNull(promotionCampaigns.paidAt),
        // Its end job may already have run when a late e-mail goes out: what counts is the edition's time.
        or(isNull(promotionCampaigns.endedAt), gt(promotionCampaigns.endedAt, editionAt)),
        sql`${promotionCampaigns.startsAt} <= ${instant(editionAt)}`,
        gt(promotionCampaigns.endsAt, editionAt),
        publicEventCondition(),
        eq(events.isPublic, true),
        gt(events.endsAt, now),
      ),
    )
    .orderBy(asc(events.startsAt), asc(events.id));
  return loadEventSummaries(
    db,
    rows.map((row) => row.id),
    now,
  );
}

/**
 * Upcoming public events, soonest first, leaving out `excludedIds` (already in the digest): those
 * matching the interests (the recommendations' rule, domain/recommendation.ts) when `interestNames`
 * is given, else any.
 */
export async function listDigestUpcomingEvents(
  db: Database,
  interestNames: string[] | null,
  excludedIds: number[],
  now: Date,
): Promise<EventSummary[]> {
  const conditions: SQL[] = [publicEventCondition(), eq(events.isPublic, true), gt(events.endsAt, now)];
  if (excludedIds.length > 0) conditions.push(notInArray(events.id, excludedIds));
  if (interestNames) {
    const criteria = recommendationCriteria(interestNames);
    if (!hasCriteria(criteria)) return [];
    const matches: SQL[] = [inArray(sql`lower(${categories.name})`, criteria.categoryNames)];
    if (criteria.languages.length > 0) matches.push(inArray(events.language, criteria.languages));
    if (criteria.includesPublicEvents) matches.push(eq(events.isPublic, true));
    conditions.push(or(...matches)!);
  }
  const rows = await db
    .select({ id: events.id })
    .from(events)
    .innerJoin(categories, eq(categories.id, events.categoryId))
    .where(and(...conditions))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(DIGEST_MATCHING_LIMIT);
  return loadEventSummaries(
    db,
    rows.map((row) => row.id),
    now,
  );
}
