/**
 * Remembers a computed value for a few seconds, and lets concurrent callers share one computation.
 * For public pages that every visitor sees the same: a few seconds of staleness cost nothing, and
 * the database is spared the same queries on every request. Never for availability at purchase.
 */
export function shortCache<T>(ttlMs: number, compute: () => Promise<T>, clock: () => number = Date.now) {
  let value: { at: number; result: Promise<T> } | null = null;
  return (): Promise<T> => {
    const now = clock();
    if (!value || now - value.at >= ttlMs) {
      const result = compute();
      value = { at: now, result };
      // A failure is not remembered: the next caller tries again.
      result.catch(() => {
        if (value?.result === result) value = null;
      });
    }
    return value.result;
  };
}
