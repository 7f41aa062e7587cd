import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { badgeProgress, earnedBadges, type BadgeMeasures, type BadgeProgress } from "#domain/badge-rules";
import { BADGES, isBadgeKey, type BadgeFamily, type BadgeKey, type BadgeLevel } from "#domain/badges";
import { instant, selectRows, type Database } from "#server/db/client";
import { badgeAwards, users } from "#server/db/schema";
import { emailRecipients } from "./email-preferences";
import { enqueueJobs } from "./enqueue-job";
import { e, publicEventCondition } from "./event-visibility";
import { IS_VIP } from "./event-search";
import { notify } from "./notifications";
import { queueBadgeCheck } from "./badge-triggers";
import type { Actor } from "./actor";

/*
 * Badges (issue 19): counting a person's measures from real data (the rules themselves are pure, in
 * domain/badge-rules.ts), awarding what they earn once, and reading them back. docs/badges.md writes
 * every measure's exact source; this file is where those sentences are SQL.
 */

/** The job that e-mails a person the badges just awarded to them (server/mail/badge-email.ts sends it). */
export const SEND_BADGE_EMAIL_JOB = "send_badge_email";

/** The daily job that re-checks the organizers of events ended since the previous run (scheduled-tasks.ts). */
export const CHECK_ENDED_EVENT_BADGES_JOB = "check_ended_event_badges";

/**
 * How far back the daily re-check looks for ended events: two days, so a day the worker was down is
 * still covered (a check that finds nothing new awards nothing, so the overlap costs only queries).
 */
export const ENDED_EVENTS_LOOKBACK_MS = 2 * 24 * 60 * 60_000;

/**
 * The person's ticket holdings, as the My Tickets list defines them: valid tickets of confirmed orders
 * they placed signed in, or placed with the address of their account once confirmed. Cancelled and
 * refunded orders have void tickets, so they never count.
 */
function heldTickets(userId: string): ReturnType<typeof sql> {
  return sql`select k.event_id, k.checked_in_at from tickets k
    join orders o on o.id = k.order_id
    where k.status = 'valid' and o.status = 'confirmed'
      and (o.user_id = ${userId}
        or lower(o.buyer_email) = (select lower(u.email) from users u
          where u.id = ${userId} and u.email_confirmed_at is not null))`;
}

/** One person's count of every measure, in one statement (each part reads that person's rows only). */
export async function countBadgeMeasures(db: Database, userId: string, now: Date): Promise<BadgeMeasures> {
  const [row] = await selectRows<Record<keyof BadgeMeasures, number | string>>(
    db,
    sql`with held as (${heldTickets(userId)}),
      attended as (
        select e.id, e.language, e.is_public, e.title, c.key as category from events e
        join categories c on c.id = e.category_id
        where e.id in (select event_id from held where checked_in_at is not null)
      ),
      organized as (
        select e.id, e.language, e.ends_at, c.key as category from events e
        join categories c on c.id = e.category_id
        where e.organizer_id = ${userId} and ${publicEventCondition(e)}
      )
    select
      (select count(*) from organized) as "eventsCreated",
      (select count(*) from organized o where o.ends_at <= ${instant(now)}
        and exists (select 1 from tickets k where k.event_id = o.id and k.status = 'valid'
          and k.checked_in_at is not null)) as "successfulEvents",
      (select count(*) from organized o
        where exists (select 1 from ticket_types t where t.event_id = o.id and t.quantity > 0)
          and not exists (select 1 from ticket_types t where t.event_id = o.id
            and t.sold < t.quantity)) as "soldOutEvents",
      (select count(distinct language) from organized) as "eventLanguages",
      (select count(*) from organized where category = 'community') as "communityEvents",
      (select count(*) from attended) as "eventsAttended",
      (select count(*) from attended e where ${IS_VIP}) as "vipEventsAttended",
      (select count(distinct language) from attended) as "attendedLanguages",
      (select count(*) from attended where category = 'networking') as "networkingEventsAttended",
      (select count(*) from reviews r where r.author_id = ${userId} and r.hidden_at is null) as "reviewsWritten",
      (select count(*) from share_visits v join share_links l on l.code = v.code
        where l.user_id = ${userId}) as "shareVisits",
      (select count(distinct g.event_id) from gallery_photos g
        where g.author_id = ${userId} and g.hidden_at is null) as "galleriesContributed",
      (select count(distinct e.id) from events e join categories c on c.id = e.category_id
        where e.id in (select event_id from held) and c.key in ('charity', 'community')) as "supportedEvents"`,
  );
  return Object.fromEntries(Object.entries(row!).map(([key, value]) => [key, Number(value)])) as BadgeMeasures;
}

/**
 * Awards the person every badge their counts earn that they do not hold yet, and answers the new
 * ones. The insert skips badges already held (the primary key, ON CONFLICT DO NOTHING): of two checks
 * of the same person at once, the second waits for the first's rows and inserts none of them, so a
 * badge is awarded, notified and e-mailed once. Each new badge rings the bell; one e-mail lists them,
 * unless the person turned badge e-mails off (`emailBadges: false`: the recompute command's choice).
 */
export async function awardBadges(
  db: Database,
  userId: string,
  now: Date,
  options: { emailBadges?: boolean } = {},
): Promise<BadgeKey[]> {
  const earned = earnedBadges(await countBadgeMeasures(db, userId, now));
  if (earned.length === 0) return [];
  return db.transaction(async (tx) => {
    // Only for an account that still exists: one deleted meanwhile gets nothing (and no foreign-key error).
    const inserted = await selectRows<{ badge: string }>(
      tx as unknown as Database,
      sql`insert into badge_awards (user_id, badge, awarded_at)
        select ${userId}, badge, ${instant(now)} from unnest(array[${sql.join(
          earned.map((key) => sql`${key}`),
          sql`, `,
        )}]::text[]) as badge
        where exists (select 1 from users where id = ${userId})
        on conflict do nothing
        returning badge`,
    );
    const awarded = BADGES.map((badge) => badge.key).filter((key) => inserted.some((row) => row.badge === key));
    for (const badge of awarded) await notify(tx, [userId], { kind: "badge_earned", data: { badge } }, now);
    if (awarded.length > 0 && options.emailBadges !== false) {
      const recipients = await emailRecipients(tx, [userId], "badges");
      await enqueueJobs(
        tx,
        SEND_BADGE_EMAIL_JOB,
        recipients.map((person) => ({
          to: person.email,
          language: person.language,
          name: person.name,
          badges: awarded,
        })),
      );
    }
    return awarded;
  });
}

const awardJobSchema = z.object({ userId: z.string().uuid() });

/** The AWARD_BADGES_JOB (queued by queueBadgeCheck): re-checks one person. */
export async function runAwardBadgesJob(db: Database, payload: unknown, now: Date): Promise<void> {
  await awardBadges(db, awardJobSchema.parse(payload).userId, now);
}

/**
 * The daily CHECK_ENDED_EVENT_BADGES_JOB: a successful event needs to have ended, which no activity
 * announces, so the organizers of events that ended since `since` are re-checked.
 */
export async function runCheckEndedEventBadgesJob(db: Database, payload: unknown, now: Date): Promise<void> {
  const { since } = z.object({ since: z.string().datetime() }).parse(payload);
  const organizers = await selectRows<{ organizer_id: string }>(
    db,
    sql`select distinct e.organizer_id from events e
      where ${publicEventCondition(e)} and e.ends_at > ${instant(new Date(since))} and e.ends_at <= ${instant(now)}`,
  );
  await queueBadgeCheck(
    db,
    organizers.map((row) => row.organizer_id),
  );
}

/** People re-checked per batch by the recompute command. */
const RECOMPUTE_BATCH = 200;

/**
 * Awards every badge earned to everyone (`npm run badges:recompute`, and the seed at its end): for
 * existing data, or after a rule changed. Bell notifications as for any award; e-mails only with
 * `emailBadges` (old activity is not news worth an e-mail). Answers how many badges were awarded; a
 * second run awards none.
 */
export async function recomputeAllBadges(
  db: Database,
  now: Date,
  options: { emailBadges?: boolean; log?: (message: string) => void } = {},
): Promise<{ people: number; awarded: number }> {
  let after = "00000000-0000-0000-0000-000000000000";
  let people = 0;
  let awarded = 0;
  for (;;) {
    const batch = await db
      .select({ id: users.id })
      .from(users)
      .where(gt(users.id, after))
      .orderBy(asc(users.id))
      .limit(RECOMPUTE_BATCH);
    for (const person of batch) {
      awarded += (await awardBadges(db, person.id, now, { emailBadges: options.emailBadges ?? false })).length;
    }
    people += batch.length;
    if (batch.length < RECOMPUTE_BATCH) break;
    after = batch.at(-1)!.id;
    options.log?.(`${people} people checked, ${awarded} badges awarded so far`);
  }
  return { people, awarded };
}

/** A badge a person holds. */
export interface EarnedBadge {
  key: BadgeKey;
  family: BadgeFamily;
  level: BadgeLevel;
  awardedAt: Date;
}

/** The person's badges, in the catalogue's order (public: the profile shows them). */
export async function listEarnedBadges(db: Database, userId: string): Promise<EarnedBadge[]> {
  const rows = await db
    .select({ badge: badgeAwards.badge, awardedAt: badgeAwards.awardedAt })
    .from(badgeAwards)
    .where(eq(badgeAwards.userId, userId));
  return BADGES.flatMap((badge) => {
    const row = rows.find((candidate) => candidate.badge === badge.key);
    return row ? [{ key: badge.key, family: badge.family, level: badge.level, awardedAt: row.awardedAt }] : [];
  });
}

/** Every badge with the person's progress toward it; earned ones with when (their dashboard, their API). */
export interface MyBadge extends BadgeProgress {
  /** When it was awarded; null while not awarded (a badge just earned may await its job a moment). */
  awardedAt: Date | null;
}

export async function getMyBadges(db: Database, userId: string, now: Date): Promise<MyBadge[]> {
  const [measures, earned] = await Promise.all([countBadgeMeasures(db, userId, now), listEarnedBadges(db, userId)]);
  return badgeProgress(measures).map((badge) => {
    const award = earned.find((candidate) => candidate.key === badge.key);
    // An award stays, whatever the counts say now (a refunded ticket does not take a badge back).
    return award
      ? { ...badge, progress: badge.target, earned: true, awardedAt: award.awardedAt }
      : { ...badge, awardedAt: null };
  });
}

/** Badges awarded that the person was not shown a notice of yet (the notice on the next page). */
export async function listUnseenBadges(db: Database, userId: string): Promise<BadgeKey[]> {
  const rows = await db
    .select({ badge: badgeAwards.badge })
    .from(badgeAwards)
    .where(and(eq(badgeAwards.userId, userId), isNull(badgeAwards.seenAt)))
    .orderBy(asc(badgeAwards.awardedAt));
  return rows.map((row) => row.badge).filter(isBadgeKey);
}

/**
 * The header's badge notice was dismissed: these badges of the signed-in person count as seen. Others
 * (one awarded since the notice was drawn) and ones already seen are left alone.
 */
export async function markBadgesSeen(
  db: Pick<Database, "update">,
  actor: Actor,
  badges: readonly string[],
  now: Date,
): Promise<void> {
  if (badges.length === 0) return;
  await db
    .update(badgeAwards)
    .set({ seenAt: now })
    .where(
      and(eq(badgeAwards.userId, actor.userId), inArray(badgeAwards.badge, [...badges]), isNull(badgeAwards.seenAt)),
    );
}
