/**
 * An access token this close to its end is renewed before it is used again (spec §4: the client
 * checks every 30 s and renews within 3 ticks, 90 s, of expiry; the server does the same).
 */
export const SESSION_REFRESH_MARGIN_SECONDS = 90;

/** Seconds from `nowSeconds` until a token ending at `expiresAt` should be renewed (0: now). */
export function secondsUntilRefresh(expiresAt: number, nowSeconds: number): number {
  return Math.max(0, expiresAt - nowSeconds - SESSION_REFRESH_MARGIN_SECONDS);
}
