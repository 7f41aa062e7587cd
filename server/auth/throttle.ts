import { and, eq, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { rateLimitHits } from "#server/db/schema";

export interface ThrottleResult {
  isAllowed: boolean;
  /** Hits in the current window, this one included. */
  hits: number;
  /** Seconds until the window ends and the count starts again. */
  retryAfterSeconds: number;
}

/**
 * Counts one hit on `key` in a fixed window of `windowSeconds` (aligned to the epoch, so every
 * instance agrees on the window) and says whether it stays within `limit`. The upsert is atomic, so
 * concurrent requests on several instances never both slip under the limit.
 */
export async function hit(
  db: Database,
  key: string,
  limit: number,
  windowSeconds: number,
  now: Date,
): Promise<ThrottleResult> {
  const windowStart = windowStartOf(now, windowSeconds);
  const [row] = await db
    .insert(rateLimitHits)
    .values({ key, windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimitHits.key, rateLimitHits.windowStart],
      set: { hits: sql`${rateLimitHits.hits} + 1` },
    })
    .returning({ hits: rateLimitHits.hits });
  const hits = row!.hits;
  return { isAllowed: hits <= limit, hits, retryAfterSeconds: secondsLeft(windowStart, windowSeconds, now) };
}

/** The hits on `key` in the current window, without adding one (to refuse before doing costly work). */
export async function countHits(db: Database, key: string, windowSeconds: number, now: Date): Promise<number> {
  const windowStart = windowStartOf(now, windowSeconds);
  const [row] = await db
    .select({ hits: rateLimitHits.hits })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, key), eq(rateLimitHits.windowStart, windowStart)));
  return row?.hits ?? 0;
}

export function windowStartOf(now: Date, windowSeconds: number): Date {
  const windowMs = windowSeconds * 1000;
  return new Date(Math.floor(now.getTime() / windowMs) * windowMs);
}

function secondsLeft(windowStart: Date, windowSeconds: number, now: Date): number {
  return Math.max(1, Math.ceil((windowStart.getTime() + windowSeconds * 1000 - now.getTime()) / 1000));
}
