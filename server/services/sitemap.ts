import { asc, count, eq, or, sql } from "drizzle-orm";
import { EVENT_TYPES } from "#domain/event-types";
import { RESOURCE_GUIDES } from "#domain/resource-guides";
import type { Database } from "#server/db/client";
import { categories, events, profiles, sponsors } from "#server/db/schema";
import { currentTime } from "#server/clock";
import { listBlogSitemapEntries } from "./blog";
import { publicEventCondition } from "./event-visibility";

/**
 * Pages per sitemap file. Every page is listed once per language and once without one (five URLs),
 * and search engines read at most 50,000 URLs per file: 2,000 pages make 10,000, a small file.
 */
export const SITEMAP_PAGE_SIZE = 2_000;

export interface SitemapEntry {
  path: string;
  lastModified?: Date;
}

/** The paged parts of the sitemap, by the name of their files (events-1.xml, organizers-1.xml…). */
export type SitemapSection = "events" | "organizers";

const publishedEvent = publicEventCondition();
/** Profiles with an organizer's part (public-profile.ts): organizers, and anyone who published an event. */
const organizerWithPage = or(
  eq(profiles.role, "organizer"),
  sql`exists (select 1 from ${events} where ${events.organizerId} = ${profiles.userId} and ${publishedEvent})`,
);

/** How many files a section of the sitemap takes (at least one, perhaps empty). */
export async function countSitemapPages(db: Database, section: SitemapSection): Promise<number> {
  const [row] =
    section === "events"
      ? await db.select({ value: count() }).from(events).where(publishedEvent)
      : await db.select({ value: count() }).from(profiles).where(organizerWithPage);
  return Math.max(1, Math.ceil((row?.value ?? 0) / SITEMAP_PAGE_SIZE));
}

/** The site's fixed pages, its categories, every sponsor's page and every public blog post. */
export async function listSiteEntries(db: Database, now: Date = currentTime()): Promise<SitemapEntry[]> {
  const [categoryRows, sponsorRows, blogEntries] = await Promise.all([
    db.select({ id: categories.id }).from(categories).orderBy(asc(categories.position)),
    db.select({ id: sponsors.id }).from(sponsors).orderBy(asc(sponsors.id)),
    listBlogSitemapEntries(db, now),
  ]);
  return [
    { path: "/" },
    { path: "/events" },
    { path: "/events/featured" },
    { path: "/vip-events" },
    { path: "/micro-events" },
    { path: "/categories" },
    { path: "/sponsors" },
    { path: "/pricing" },
    { path: "/about" },
    { path: "/community" },
    { path: "/promoters" },
    { path: "/privacy" },
    { path: "/newsletter" },
    { path: "/api/docs" },
    // The informational pages and their guides (issue 18).
    ...["/terms", "/community-guidelines", "/resources", "/event-types", "/sitemap"].map((path) => ({ path })),
    ...RESOURCE_GUIDES.map((guide) => ({ path: `/resources/${guide.slug}` })),
    ...EVENT_TYPES.map((type) => ({ path: `/event-types/${type.slug}` })),
    // The planning tools and the matchmaker (issue 20): without answers, each page is its form.
    ...["/event-planning", "/event-planning/planner", "/event-planning/budget", "/event-matchmaker"].map((path) => ({
      path,
    })),
    ...categoryRows.map((category) => ({ path: `/categories?category=${category.id}` })),
    ...sponsorRows.map((sponsor) => ({ path: `/sponsors/${sponsor.id}` })),
    { path: "/blog" },
    ...blogEntries,
  ];
}

/** A section's pages, by id, SITEMAP_PAGE_SIZE at a time (page 1 is the first). */
export async function listSectionEntries(db: Database, section: SitemapSection, page: number): Promise<SitemapEntry[]> {
  const offset = (page - 1) * SITEMAP_PAGE_SIZE;
  if (section === "events") {
    const rows = await db
      .select({ id: events.id, updatedAt: events.updatedAt })
      .from(events)
      .where(publishedEvent)
      .orderBy(asc(events.id))
      .limit(SITEMAP_PAGE_SIZE)
      .offset(offset);
    return rows.map((row) => ({ path: `/events/${row.id}`, lastModified: row.updatedAt }));
  }
  const rows = await db
    .select({ id: profiles.userId, updatedAt: profiles.updatedAt })
    .from(profiles)
    .where(organizerWithPage)
    .orderBy(asc(profiles.userId))
    .limit(SITEMAP_PAGE_SIZE)
    .offset(offset);
  return rows.map((row) => ({ path: `/users/${row.id}`, lastModified: row.updatedAt }));
}
