/** The wait before the first retry; each later one waits twice as long as the one before. */
const FIRST_RETRY_DELAY_MS = 30_000;
/** No wait longer than an hour: a mail server that is back should not sit idle for a day. */
const LONGEST_RETRY_DELAY_MS = 60 * 60_000;

/**
 * How long to wait before running a job again after its `attempts`-th failure: 30 s, 1 min, 2 min…
 * up to an hour. With the default 8 attempts a job keeps trying for about an hour before it is
 * marked failed, long enough to ride out a mail server's restart.
 */
export function retryDelayMs(attempts: number): number {
  const exponent = Math.max(0, attempts - 1);
  return Math.min(FIRST_RETRY_DELAY_MS * 2 ** exponent, LONGEST_RETRY_DELAY_MS);
}
