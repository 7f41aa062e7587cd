import { createMiddleware } from "hono/factory";
import type { AppEnv } from "#server/http/app-env";

/**
 * Adds request headers to a response's `Vary`, once each, so that a browser or shared cache never
 * hands an answer made for one request to another that differs in them. `Vary: *` already says it all.
 */
export function addVary(headers: Headers, names: string[]): void {
  const current = headers.get("Vary");
  if (current?.trim() === "*") return;
  const listed = (current ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter(Boolean);
  const known = new Set(listed.map((name) => name.toLowerCase()));
  const added = names.filter((name) => !known.has(name.toLowerCase()));
  if (added.length > 0) headers.set("Vary", [...listed, ...added].join(", "));
}

/** Says on every answer below it that the answer depends on these request headers. */
export function varyOn(names: string[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    await next();
    addVary(c.res.headers, names);
  });
}
