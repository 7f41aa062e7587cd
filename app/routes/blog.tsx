import { Rss } from "lucide-react";
import { data, Link } from "react-router";
import { BlogPostCardView } from "#app/components/blog/blog-post-card";
import { metaTranslator } from "#app/i18n/meta";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { useTranslation } from "#app/i18n/use-translation";
import { pageMeta, siteOrigin } from "#app/seo";
import { isTag, normalizeTags, pageNumber } from "#domain/blog";
import { currentTime } from "#server/clock";
import { listPublicPosts } from "#server/services/blog";
import type { Route } from "./+types/blog";

/**
 * /blog: public posts, newest first, ten a page (`?page=`), perhaps of one tag (`?tag=`), each in the
 * reader's language when it has one, else in its original with a language badge.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const rawTag = params.get("tag");
  const tag = rawTag === null ? null : (normalizeTags(rawTag)[0] ?? "");
  // A tag no post could carry, or a page past the last, is an address that leads nowhere.
  if (tag !== null && !isTag(tag)) throw data(null, { status: 404 });
  const language = negotiateLanguage(request);
  const page = pageNumber(params.get("page"));
  const [list, messages] = await Promise.all([
    listPublicPosts(context.db, { language, tag, page }, currentTime()),
    pageMessages(language, ["blog"]),
  ]);
  if (page > list.pageCount) throw data(null, { status: 404 });
  return { ...list, tag, pageMessages: messages };
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = metaTranslator(matches);
  const { tag, page } = loaderData;
  const query = new URLSearchParams();
  if (tag) query.set("tag", tag);
  if (page > 1) query.set("page", String(page));
  const path = `/blog${query.size > 0 ? `?${query}` : ""}`;
  const heading = tag
    ? t("blog.metaTitleTag", { tag })
    : page > 1
      ? t("blog.metaTitlePage", { page })
      : t("blog.metaTitle");
  const origin = siteOrigin(matches);
  return [
    ...pageMeta(matches, { title: `${heading} | ${t("app.name")}`, description: t("blog.metaDescription"), path }),
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: t("blog.feedTitle"),
      href: `${origin}/blog/rss.xml`,
    },
    {
      tagName: "link",
      rel: "alternate",
      type: "application/atom+xml",
      title: t("blog.feedTitle"),
      href: `${origin}/blog/atom.xml`,
    },
  ];
}

function listAddress(tag: string | null, page: number): string {
  const query = new URLSearchParams();
  if (tag) query.set("tag", tag);
  if (page > 1) query.set("page", String(page));
  return `/blog${query.size > 0 ? `?${query}` : ""}`;
}

const CHIP = "rounded-full border px-3 py-1 text-sm font-medium transition-colors";

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { posts, tags, tag, page, pageCount } = loaderData;
  return (
    <div className="flex flex-col">
      <section aria-labelledby="blog-title" className="border-b border-border bg-muted/50">
        <div className="mx-auto flex max-w-6xl flex-col items-start gap-4 px-4 py-10 md:py-14">
          <p className="text-sm font-semibold uppercase tracking-wide text-primary">{t("blog.eyebrow")}</p>
          <h1 id="blog-title" className="max-w-3xl text-4xl font-bold tracking-tight text-balance md:text-5xl">
            {t("blog.title")}
          </h1>
          <p className="max-w-3xl text-lg text-muted-foreground">{t("blog.intro")}</p>
          <p className="flex flex-wrap items-center gap-3 text-sm">
            <span className="font-semibold">{t("blog.feeds")}</span>
            <a href="/blog/rss.xml" className="inline-flex items-center gap-1 text-primary underline">
              <Rss aria-hidden="true" className="h-4 w-4" />
              {t("blog.rss")}
            </a>
            <a href="/blog/atom.xml" className="inline-flex items-center gap-1 text-primary underline">
              <Rss aria-hidden="true" className="h-4 w-4" />
              {t("blog.atom")}
            </a>
          </p>
        </div>
      </section>

      <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-10">
        {tags.length > 0 && (
          <nav aria-label={t("blog.tagsLabel")}>
            <ul className="flex flex-wrap gap-2">
              <li>
                <Link
                  to="/blog"
                  aria-current={tag === null ? "page" : undefined}
                  className={`${CHIP} ${tag === null ? "border-primary bg-primary text-primary-foreground" : "border-border hover:bg-muted"}`}
                >
                  {t("blog.allPosts")}
                </Link>
              </li>
              {tags.map((name) => (
                <li key={name}>
                  <Link
                    to={listAddress(name, 1)}
                    aria-current={tag === name ? "page" : undefined}
                    className={`${CHIP} ${tag === name ? "border-primary bg-primary text-primary-foreground" : "border-border hover:bg-muted"}`}
                  >
                    <bdi>#{name}</bdi>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}

        <section aria-labelledby="blog-posts" className="flex flex-col gap-6">
          <h2 id="blog-posts" className="text-2xl font-bold">
            {tag ? t("blog.taggedHeading", { tag }) : t("blog.latestHeading")}
          </h2>
          {posts.length === 0 ? (
            <p className="text-muted-foreground">{tag ? t("blog.emptyTag") : t("blog.empty")}</p>
          ) : (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {posts.map((post, index) => (
                <li key={post.id} className="flex">
                  <BlogPostCardView post={post} eager={index < 3} />
                </li>
              ))}
            </ul>
          )}
        </section>

        {pageCount > 1 && (
          <nav aria-label={t("blog.pagination")} className="flex items-center justify-between gap-4">
            {page > 1 ? (
              <Link to={listAddress(tag, page - 1)} rel="prev" className="font-semibold text-primary underline">
                {t("search.previous")}
              </Link>
            ) : (
              <span />
            )}
            <span className="text-sm text-muted-foreground">{t("search.pageOf", { page, pages: pageCount })}</span>
            {page < pageCount ? (
              <Link to={listAddress(tag, page + 1)} rel="next" className="font-semibold text-primary underline">
                {t("search.next")}
              </Link>
            ) : (
              <span />
            )}
          </nav>
        )}
      </div>
    </div>
  );
}
