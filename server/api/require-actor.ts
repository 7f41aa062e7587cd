import type { Context } from "hono";
import { AppError } from "#server/errors";
import type { AppEnv } from "#server/http/app-env";
import type { Actor } from "#server/services/actor";

/** The signed-in person the request acts for; visitors get 401 with the spec's words (§5). */
export function requireActor(c: Context<AppEnv>): Actor {
  const viewer = c.get("viewer");
  if (!viewer) throw new AppError("unauthenticated", "Must be logged in");
  return { userId: viewer.userId };
}
