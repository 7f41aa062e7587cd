import { Hono } from "hono";
import type { AppEnv } from "#server/http/app-env";

/** Supabase Auth answers with this header; auth-js reads error codes by it (see the wire-format reference). */
export const AUTH_API_VERSION = "2024-01-01";

/** `/auth/v1`: the Supabase Auth (GoTrue) compatible API, filled in by the accounts work. */
export function createAuthRouter() {
  const auth = new Hono<AppEnv>();
  auth.use(async (c, next) => {
    await next();
    c.res.headers.set("X-Supabase-Api-Version", AUTH_API_VERSION);
  });
  // Last: a mounted app's notFound() is not consulted by its parent, so unknown paths end here.
  auth.all("*", (c) => c.json({ code: "not_found", message: `No auth route ${c.req.method} ${c.req.path}.` }, 404));
  return auth;
}
