import { and, arrayContains, asc, count, desc, eq, inArray, lte, sql } from "drizzle-orm";
import { BLOG_PAGE_SIZE, chooseVersion, isPublicPost, pageCount } from "#domain/blog";
import { CATEGORIES } from "#domain/catalog";
import type { EventSummary } from "#domain/event-summary";
import type { Language } from "#domain/language";
import type { Database } from "#server/db/client";
import { blogPosts, blogPostVersions, profiles } from "#server/db/schema";
import { searchEvents } from "./event-search";
import { renderMarkdown } from "./markdown";

/*
 * What the public reads of the blog: posts that are published and whose time has come (isPublicPost,
 * here in SQL), newest first, each in the reader's language when it has one, else in its original.
 */

export interface BlogCover {
  storageKey: string;
  widths: number[];
  alt: string;
}

/** A post as lists, feeds and the API show it, in one language. */
export interface BlogPostCard {
  id: number;
  slug: string;
  title: string;
  summary: string;
  /** The language of the words shown: the reader's, or the original's when `translated` is false. */
  language: Language;
  translated: boolean;
  originalLanguage: Language;
  /** Every language the post is written in. */
  languages: Language[];
  cover: BlogCover | null;
  tags: string[];
  authorName: string | null;
  publishedAt: Date;
  updatedAt: Date;
}

export interface BlogPostPage extends BlogPostCard {
  body: string;
}

export interface BlogList {
  posts: BlogPostCard[];
  total: number;
  page: number;
  pageCount: number;
  /** Tags of public posts, most used first, for the filter. */
  tags: string[];
}

/** Published and due, as isPublicPost says (domain/blog.ts). */
export const publicPost = (now: Date) => and(eq(blogPosts.status, "published"), lte(blogPosts.publishAt, now));

type PostRow = typeof blogPosts.$inferSelect & { authorName: string | null };
type VersionRow = typeof blogPostVersions.$inferSelect;

async function loadPosts(db: Database, ids: number[]): Promise<{ posts: PostRow[]; versions: VersionRow[] }> {
  if (ids.length === 0) return { posts: [], versions: [] };
  const [posts, versions] = await Promise.all([
    db
      .select({ post: blogPosts, authorName: profiles.name })
      .from(blogPosts)
      .leftJoin(profiles, eq(profiles.userId, blogPosts.authorId))
      .where(inArray(blogPosts.id, ids)),
    db.select().from(blogPostVersions).where(inArray(blogPostVersions.postId, ids)),
  ]);
  return { posts: posts.map((row) => ({ ...row.post, authorName: row.authorName })), versions };
}

function cardOf(post: PostRow, versions: VersionRow[], language: Language): BlogPostPage | null {
  const own = versions.filter((version) => version.postId === post.id);
  const chosen = chooseVersion(own, language, post.originalLanguage);
  if (!chosen || !post.publishAt) return null;
  const { version, translated } = chosen;
  const languageOrder = ["en", "fr", "ar", "am"];
  return {
    id: post.id,
    slug: post.slug,
    title: version.title,
    summary: version.summary,
    body: version.body,
    language: version.language,
    translated,
    originalLanguage: post.originalLanguage,
    languages: own.map((item) => item.language).sort((a, b) => languageOrder.indexOf(a) - languageOrder.indexOf(b)),
    cover:
      post.coverStorageKey && post.coverWidths
        ? { storageKey: post.coverStorageKey, widths: post.coverWidths, alt: post.coverAlt ?? "" }
        : null,
    tags: post.tags,
    authorName: post.authorName,
    publishedAt: post.publishAt,
    updatedAt: new Date(Math.max(post.updatedAt.getTime(), ...own.map((item) => item.updatedAt.getTime()))),
  };
}

/** Cards of these posts in `language`, in the order of `ids`. */
async function cardsOf(db: Database, ids: number[], language: Language): Promise<BlogPostPage[]> {
  const { posts, versions } = await loadPosts(db, ids);
  const byId = new Map(posts.map((post) => [post.id, post]));
  return ids.flatMap((id) => {
    const post = byId.get(id);
    const card = post ? cardOf(post, versions, language) : null;
    return card ? [card] : [];
  });
}

const withoutBody = ({ body: _body, ...card }: BlogPostPage): BlogPostCard => card;

/** A page of public posts, newest first, perhaps of one tag. */
export async function listPublicPosts(
  db: Database,
  {
    language,
    tag = null,
    page = 1,
    pageSize = BLOG_PAGE_SIZE,
  }: { language: Language; tag?: string | null; page?: number; pageSize?: number },
  now: Date,
): Promise<BlogList> {
  const where = tag ? and(publicPost(now), arrayContains(blogPosts.tags, [tag])) : publicPost(now);
  const [[total], idRows, tagRows] = await Promise.all([
    db.select({ value: count() }).from(blogPosts).where(where),
    db
      .select({ id: blogPosts.id })
      .from(blogPosts)
      .where(where)
      .orderBy(desc(blogPosts.publishAt), desc(blogPosts.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ tag: sql<string>`unnest(${blogPosts.tags})`.as("tag"), uses: count() })
      .from(blogPosts)
      .where(publicPost(now))
      .groupBy(sql`1`)
      .orderBy(sql`2 desc`, sql`1 asc`),
  ]);
  const posts = await cardsOf(
    db,
    idRows.map((row) => row.id),
    language,
  );
  return {
    posts: posts.map(withoutBody),
    total: total?.value ?? 0,
    page,
    pageCount: pageCount(total?.value ?? 0, pageSize),
    tags: tagRows.map((row) => row.tag),
  };
}

/** One public post in `language` (or its original), or null when there is none to show at `slug`. */
export async function getPublicPost(
  db: Database,
  slug: string,
  language: Language,
  now: Date,
): Promise<BlogPostPage | null> {
  const [row] = await db
    .select({ id: blogPosts.id, status: blogPosts.status, publishAt: blogPosts.publishAt })
    .from(blogPosts)
    .where(eq(blogPosts.slug, slug));
  if (!row || !isPublicPost(row, now)) return null;
  const [post] = await cardsOf(db, [row.id], language);
  return post ?? null;
}

const CATEGORY_KEYS: ReadonlySet<string> = new Set(CATEGORIES.map((category) => category.key));

/**
 * Upcoming events to read about next to a post: of the first category its tags name ("music",
 * "food-drink"), then the soonest of all, `limit` in all, each once.
 */
export async function relatedEvents(
  db: Database,
  tags: readonly string[],
  now: Date,
  limit = 3,
): Promise<EventSummary[]> {
  const category = tags.find((tag) => CATEGORY_KEYS.has(tag));
  const chosen = category
    ? (await searchEvents(db, { category, sort: "date", limit }, now, { promotedFirst: undefined })).events
    : [];
  if (chosen.length >= limit) return chosen;
  const soonest = await searchEvents(db, { sort: "date", limit: limit * 2 }, now);
  const seen = new Set(chosen.map((event) => event.id));
  return [...chosen, ...soonest.events.filter((event) => !seen.has(event.id))].slice(0, limit);
}

/**
 * The newest public posts for the feeds, in `language` where they have it (else their original), with
 * their Markdown bodies.
 */
export async function listFeedPosts(db: Database, language: Language, now: Date, limit = 20): Promise<BlogPostPage[]> {
  const rows = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(publicPost(now))
    .orderBy(desc(blogPosts.publishAt), desc(blogPosts.id))
    .limit(limit);
  return cardsOf(
    db,
    rows.map((row) => row.id),
    language,
  );
}

/** Public posts' addresses for the sitemap, with their last change. */
export async function listBlogSitemapEntries(db: Database, now: Date): Promise<{ path: string; lastModified: Date }[]> {
  const rows = await db
    .select({
      slug: blogPosts.slug,
      updatedAt: blogPosts.updatedAt,
      versionsUpdatedAt: sql<
        string | Date
      >`(select max(${blogPostVersions.updatedAt}) from ${blogPostVersions} where ${blogPostVersions.postId} = ${blogPosts.id})`,
    })
    .from(blogPosts)
    .where(publicPost(now))
    .orderBy(asc(blogPosts.id));
  return rows.map((row) => {
    const versions = row.versionsUpdatedAt ? new Date(row.versionsUpdatedAt) : row.updatedAt;
    return {
      path: `/blog/${row.slug}`,
      lastModified: versions > row.updatedAt ? versions : row.updatedAt,
    };
  });
}

/**
 * A post's Markdown as safe HTML (renderMarkdown's allowlist: no scripts, styles, images or raw
 * attributes), its headings one level up: a post's sections sit right under the page's h1, where an
 * event's description sits under an h2.
 */
export function renderPostBody(markdown: string): string {
  return renderMarkdown(markdown).replace(
    /<(\/?)h([34])>/g,
    (_whole, slash: string, level: string) => `<${slash}h${Number(level) - 1}>`,
  );
}
