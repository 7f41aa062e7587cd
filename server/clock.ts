/**
 * The app's time: the system's, except on a development or test server started with DEV_CLOCK=true,
 * where POST /dev/clock moves it forward so that a browser journey can see what happens days later
 * (a promotion ending by itself). Request handlers, loaders and the jobs worker read it here; services
 * and domain rules take `now` as an argument. DEV_CLOCK is refused in production (server/env.ts).
 */
let offsetMs = 0;

export function currentTime(): Date {
  return new Date(Date.now() + offsetMs);
}

/** Moves the app's time forward by `ms` (development and tests only: see server/http/dev-clock.ts). */
export function advanceClock(ms: number): void {
  offsetMs += ms;
}
