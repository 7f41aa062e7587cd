import { and, eq, sql } from "drizzle-orm";
import { instant, selectRows, type Database } from "#server/db/client";
import { rateLimitHits } from "#server/db/schema";

export interface ThrottleResult {
  isAllowed: boolean;
  /** Hits in the current window, this one included. */
  hits: number;
  /** Seconds until the window ends and the count starts again. */
  retryAfterSeconds: number;
}

/** A counter of hits on `key` in fixed windows of `windowSeconds`, aligned to the epoch so every instance agrees. */
export interface Counter {
  key: string;
  windowSeconds: number;
}

/**
 * Counts one hit on `key` and says whether it stays within `limit`. The upsert is atomic, so
 * concurrent requests on several instances never both slip under the limit.
 */
export async function hit(
  db: Database,
  key: string,
  limit: number,
  windowSeconds: number,
  now: Date,
): Promise<ThrottleResult> {
  return (await hitAndCount(db, [{ key, limit, windowSeconds }], [], now)).hits[0]!;
}

/** The hits on each counter in its current window, without adding one (to refuse before doing costly work). */
export async function countHits(db: Database, counters: readonly Counter[], now: Date): Promise<number[]> {
  return (await hitAndCount(db, [], counters, now)).counts;
}

/**
 * One hit on each of `hitCounters` (distinct keys) and the current hits of each of `counted`, in the
 * order given, in one statement: sign-in needs both before it may hash, and it is a hot path. Each
 * upsert is atomic, so of any number of parallel hits exactly `limit` are allowed.
 */
export async function hitAndCount(
  db: Database,
  hitCounters: readonly (Counter & { limit: number })[],
  counted: readonly Counter[],
  now: Date,
): Promise<{ hits: ThrottleResult[]; counts: number[] }> {
  const windows = hitCounters.map(({ windowSeconds }) => windowStartOf(now, windowSeconds));
  const upserts = hitCounters.map(
    ({ key }, index) =>
      sql`${sql.raw(`hit_${index}`)} as (
        insert into ${rateLimitHits} (key, window_start, hits) values (${key}, ${instant(windows[index]!)}, 1)
        on conflict (key, window_start) do update set hits = ${rateLimitHits}.hits + 1
        returning hits)`,
  );
  const hitsSql = hitCounters.length
    ? sql`array[${sql.join(
        hitCounters.map((_counter, index) => sql`(select hits from ${sql.raw(`hit_${index}`)})`),
        sql`, `,
      )}]::int[]`
    : sql`array[]::int[]`;
  const countsSql = counted.map(
    ({ key, windowSeconds }) =>
      sql`coalesce((select hits from ${rateLimitHits} where key = ${key} and window_start = ${instant(windowStartOf(now, windowSeconds))}), 0)`,
  );
  const [row] = await selectRows<{ hits: number[]; counts: number[] }>(
    db,
    sql`${upserts.length ? sql`with ${sql.join(upserts, sql`, `)} ` : sql``}select ${hitsSql} as hits, array[${sql.join(countsSql, sql`, `)}]::int[] as counts`,
  );
  return {
    hits: row!.hits.map(Number).map((hits, index) => ({
      isAllowed: hits <= hitCounters[index]!.limit,
      hits,
      retryAfterSeconds: secondsLeft(windows[index]!, hitCounters[index]!.windowSeconds, now),
    })),
    counts: row!.counts.map(Number),
  };
}

/**
 * Takes back one hit on `counter` in the window of `now` (an attempt counted up front that turned
 * out not to count, such as a right password): never below zero.
 */
export async function unhit(db: Database, counter: Counter, now: Date): Promise<void> {
  await db
    .update(rateLimitHits)
    .set({ hits: sql`greatest(${rateLimitHits.hits} - 1, 0)` })
    .where(
      and(eq(rateLimitHits.key, counter.key), eq(rateLimitHits.windowStart, windowStartOf(now, counter.windowSeconds))),
    );
}

export function windowStartOf(now: Date, windowSeconds: number): Date {
  const windowMs = windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

function secondsLeft(windowStart: Date, windowSeconds: number, now: Date): number {
  return Math.max(1, Math.ceil((windowStart.getTime() + windowSeconds * 1000 - now.getTime()) / 1000));
}
