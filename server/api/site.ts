import { Hono } from "hono";
import { etag } from "hono/etag";
import type { AppEnv } from "#server/http/app-env";
import { listCategories } from "#server/services/categories";
import { getSiteStats } from "#server/services/site-stats";

/** `/api/v1/stats` and `/api/v1/categories`: small public reads. */
export function createSiteApi() {
  const api = new Hono<AppEnv>();
  api.use(etag({ weak: true }));

  api.get("/stats", async (c) => {
    c.header("Cache-Control", "public, max-age=2");
    return c.json({ data: await getSiteStats(c.get("db"), new Date()) });
  });

  api.get("/categories", async (c) => {
    c.header("Cache-Control", "public, max-age=60");
    return c.json({ data: await listCategories(c.get("db"), new Date()) });
  });

  return api;
}
