import { Hono } from "hono";
import { z } from "zod";
import { advanceClock, currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import type { AppEnv } from "#server/http/app-env";
import { errorResponse } from "#server/http/error-response";
import { signalJobEnqueued } from "#server/services/job-signal";

const advanceSchema = z.object({ days: z.number().positive().max(3650) }).strict();

/**
 * `POST /dev/clock` `{ "days": 2 }` moves the app's time forward (server/clock.ts) and wakes the jobs
 * worker so that work now due runs at once; answers the new time. Mounted only when DEV_CLOCK=true.
 */
export function createDevClock() {
  const app = new Hono<AppEnv>();
  app.post("/", async (c) => {
    const parsed = advanceSchema.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return errorResponse(c, new AppError("invalid", 'The body must be JSON: {"days": 2}.'));
    advanceClock(parsed.data.days * 24 * 60 * 60_000);
    signalJobEnqueued();
    c.header("Cache-Control", "no-store");
    return c.json({ now: currentTime().toISOString() });
  });
  return app;
}
