import type { Context } from "hono";
import { parseRecordId } from "#domain/record-id";
import { AppError } from "#server/errors";
import type { AppEnv } from "#server/http/app-env";

/** The event id of an operation's path (`/events/{id}/…`): an id that cannot be an event's is as unknown as one that is nobody's. */
export function eventIdOf(c: Context<AppEnv>): number {
  const id = parseRecordId(c.req.param("id") ?? "");
  if (id === null) throw new AppError("not_found", "No such event.");
  return id;
}
