import type { Context } from "hono";
import { AppError } from "#server/errors";
import type { AppEnv } from "#server/http/app-env";
import type { Actor } from "#server/services/actor";
import { requireActor } from "./require-actor";

/**
 * The staff member a `/api/v1/staff` request acts for: visitors get 401, anyone signed in who is not
 * staff 403. Staff use cases check the role again themselves (services/staff.ts requireStaff).
 */
export function requireStaffActor(c: Context<AppEnv>): Actor {
  const actor = requireActor(c);
  if (!c.get("viewer")?.isStaff) throw new AppError("forbidden", "Staff only");
  return actor;
}
