/**
 * Remembers a computed value for a few seconds, and lets concurrent callers share one computation.
 * For public pages that every visitor sees the same: a few seconds of staleness cost nothing, and
 * the database is spared the same queries on every request. Never for availability at purchase.
 *
 * Callers pass the time, so a value computed at `now` is kept until `now + ttlMs` on their clock (a
 * test server's clock moved forward ages it too); a time before the value's is treated as expired.
 */
export function shortCache<T>(ttlMs: number, compute: (now: Date) => Promise<T>) {
  let value: { at: number; result: Promise<T> } | null = null;
  return (now: Date): Promise<T> => {
    const at = now.getTime();
    if (!value || at - value.at >= ttlMs || at < value.at) {
      const result = compute(now);
      value = { at, result };
      // A failure is not remembered: the next caller tries again.
      result.catch(() => {
        if (value?.result === result) value = null;
      });
    }
    return value.result;
  };
}
