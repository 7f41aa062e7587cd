import { sql } from "drizzle-orm";
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
  return (await hitAndCount(db, { key, limit, windowSeconds }, [], now)).hit!;
}

/** The hits on each counter in its current window, without adding one (to refuse before doing costly work). */
export async function countHits(db: Database, counters: readonly Counter[], now: Date): Promise<number[]> {
  return (await hitAndCount(db, null, counters, now)).counts;
}

/**
 * One hit on `hitCounter` (when given) and the current hits of each of `counted`, in the order given,
 * in one statement: sign-in needs both before it may hash, and it is a hot path.
 */
export async function hitAndCount(
  db: Database,
  hitCounter: (Counter & { limit: number }) | null,
  counted: readonly Counter[],
  now: Date,
): Promise<{ hit: ThrottleResult | null; counts: number[] }> {
  const hitWindow = hitCounter ? windowStartOf(now, hitCounter.windowSeconds) : null;
  const hitSql =
    hitCounter && hitWindow
      ? sql`with counted_hit as (
          insert into ${rateLimitHits} (key, window_start, hits) values (${hitCounter.key}, ${instant(hitWindow)}, 1)
          on conflict (key, window_start) do update set hits = ${rateLimitHits}.hits + 1
          returning hits)
        select (select hits from counted_hit) as hits`
      : sql`select null::int as hits`;
  const countsSql = counted.map(
    ({ key, windowSeconds }) =>
      sql`coalesce((select hits from ${rateLimitHits} where key = ${key} and window_start = ${instant(windowStartOf(now, windowSeconds))}), 0)`,
  );
  const [row] = await selectRows<{ hits: number | null; counts: number[] }>(
    db,
    sql`${hitSql}, array[${sql.join(countsSql, sql`, `)}]::int[] as counts`,
  );
  const hits = row!.hits;
  return {
    hit:
      hitCounter && hitWindow && hits !== null
        ? {
            isAllowed: hits <= hitCounter.limit,
            hits,
            retryAfterSeconds: secondsLeft(hitWindow, hitCounter.windowSeconds, now),
          }
        : null,
    counts: row!.counts.map(Number),
  };
}

export function windowStartOf(now: Date, windowSeconds: number): Date {
  const windowMs = windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

function secondsLeft(windowStart: Date, windowSeconds: number, now: Date): number {
  return Math.max(1, Math.ceil((windowStart.getTime() + windowSeconds * 1000 - now.getTime()) / 1000));
}
