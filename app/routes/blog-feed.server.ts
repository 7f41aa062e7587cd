import { Feed } from "feed";
import { loadMessages } from "#app/i18n/messages";
import { translatorFor } from "#app/i18n/translator";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "#domain/language";
import { currentTime } from "#server/clock";
import type { Database } from "#server/db/client";
import { listFeedPosts, renderPostBody } from "#server/services/blog";

/** Feed readers come back about this often; shared caches may keep a feed this long. */
const CACHE_CONTROL = "public, max-age=600";
const CONTENT_TYPES = {
  rss: "application/rss+xml; charset=utf-8",
  atom: "application/atom+xml; charset=utf-8",
} as const;

/**
 * /blog/rss.xml and /blog/atom.xml: the 20 newest public posts. Feed readers send no language, and a
 * feed must be the same for everyone so that caches may keep it, so a feed is in English (each post
 * in its English version, else in its original language, as items say with their own language) unless
 * its address asks for another with `?lang=` (`/blog/rss.xml?lang=fr`). Links are absolute.
 */
export async function blogFeedResponse(
  request: Request,
  db: Database,
  origin: string,
  format: "rss" | "atom",
): Promise<Response> {
  const asked = new URL(request.url).searchParams.get("lang");
  const language: Language = isLanguage(asked) ? asked : DEFAULT_LANGUAGE;
  const now = currentTime();
  const [posts, messages] = await Promise.all([listFeedPosts(db, language, now), loadMessages(language)]);
  const { t } = translatorFor(language, messages);
  const suffix = language === DEFAULT_LANGUAGE ? "" : `?lang=${language}`;
  const feed = new Feed({
    id: `${origin}/blog${suffix}`,
    title: t("blog.feedTitle"),
    description: t("blog.feedDescription"),
    link: `${origin}/blog${suffix}`,
    language,
    // The newest change of any post shown, or when there is none, the site's launch of the blog.
    updated: posts.reduce<Date>(
      (latest, post) => (post.updatedAt > latest ? post.updatedAt : latest),
      posts[0]?.publishedAt ?? new Date("2026-01-01T00:00:00Z"),
    ),
    generator: false,
    image: `${origin}/social-card.png`,
    favicon: `${origin}/favicon.svg`,
    copyright: `© DMV Events`,
    feedLinks: { rss: `${origin}/blog/rss.xml${suffix}`, atom: `${origin}/blog/atom.xml${suffix}` },
    ttl: 10,
  });
  for (const post of posts) {
    const link = `${origin}/blog/${post.slug}${post.translated && language !== DEFAULT_LANGUAGE ? `?lang=${language}` : ""}`;
    feed.addItem({
      title: post.title,
      id: `${origin}/blog/${post.slug}`,
      guid: `${origin}/blog/${post.slug}`,
      link,
      date: post.updatedAt,
      published: post.publishedAt,
      description: post.summary,
      content: absoluteLinks(renderPostBody(post.body), origin),
      category: post.tags.map((tag) => ({ name: tag, term: tag })),
      author: [{ name: post.authorName ?? "DMV Events" }],
      ...(post.cover
        ? { image: { url: `${origin}/uploads/${post.cover.storageKey}-960.webp`, type: "image/webp", length: 0 } }
        : {}),
    });
  }
  return new Response(format === "rss" ? feed.rss2() : feed.atom1(), {
    headers: { "Content-Type": CONTENT_TYPES[format], "Cache-Control": CACHE_CONTROL },
  });
}

/** The rendered body's own links (`/events/12`) made absolute: a feed reader shows them on another site. */
function absoluteLinks(html: string, origin: string): string {
  return html.replace(/href="\/(?!\/)/g, `href="${origin}/`);
}
