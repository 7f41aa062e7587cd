import { asc, count, eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { categories, events } from "#server/db/schema";

/** Search engines read at most 50,000 URLs per sitemap file; we page far earlier to keep files small. */
export const SITEMAP_PAGE_SIZE = 10_000;

export interface SitemapEntry {
  path: string;
  lastModified?: Date;
}

/** The sitemap's pages: one for the site's fixed pages, then one per 10,000 published events. */
export async function countEventSitemapPages(db: Database): Promise<number> {
  const [row] = await db.select({ value: count() }).from(events).where(eq(events.status, "published"));
  return Math.max(1, Math.ceil((row?.value ?? 0) / SITEMAP_PAGE_SIZE));
}

export async function listSiteEntries(db: Database): Promise<SitemapEntry[]> {
  const categoryRows = await db.select({ id: categories.id }).from(categories).orderBy(asc(categories.position));
  return [
    { path: "/" },
    { path: "/events" },
    { path: "/events/featured" },
    { path: "/vip-events" },
    { path: "/micro-events" },
    { path: "/categories" },
    { path: "/pricing" },
    { path: "/newsletter" },
    { path: "/api/docs" },
    ...categoryRows.map((category) => ({ path: `/categories?category=${category.id}` })),
  ];
}

/** Published events, by id, a page at a time (page 1 is the first 10,000). */
export async function listEventEntries(db: Database, page: number): Promise<SitemapEntry[]> {
  const rows = await db
    .select({ id: events.id, updatedAt: events.updatedAt })
    .from(events)
    .where(eq(events.status, "published"))
    .orderBy(asc(events.id))
    .limit(SITEMAP_PAGE_SIZE)
    .offset((page - 1) * SITEMAP_PAGE_SIZE);
  return rows.map((row) => ({ path: `/events/${row.id}`, lastModified: row.updatedAt }));
}
