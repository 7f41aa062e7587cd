import { data, Link } from "react-router";
import { LanguageBadge } from "#app/components/blog/blog-post-card";
import { EventCard } from "#app/components/event-card";
import { EventImage } from "#app/components/event-image";
import { formatDate } from "#app/i18n/format";
import { metaTranslator } from "#app/i18n/meta";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { useTranslation } from "#app/i18n/use-translation";
import { pageMeta, siteOrigin } from "#app/seo";
import { BLOG_TIME_ZONE, isSlug } from "#domain/blog";
import { textDirection, type Language } from "#domain/language";
import { currentTime } from "#server/clock";
import { getPublicPost, relatedEvents, renderPostBody, type BlogPostPage } from "#server/services/blog";
import { SavedEvents } from "#app/components/saves-follows/save-button";
import { savedEventsOf } from "./saves-follows.server";
import type { Route } from "./+types/blog-post";

/** Upcoming events shown under a post. */
const RELATED_LIMIT = 3;

/**
 * /blog/{slug}: one public post in the reader's language (else its original, badged), its cover,
 * author, date, tags and upcoming events to go to. A draft, a post scheduled for later or an unknown
 * address is the site's 404.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!isSlug(params.slug)) throw data(null, { status: 404 });
  const now = currentTime();
  const language = negotiateLanguage(request);
  const post = await getPublicPost(context.db, params.slug, language, now);
  if (!post) throw data(null, { status: 404 });
  const [related, savedEvents, messages] = await Promise.all([
    relatedEvents(context.db, post.tags, now, RELATED_LIMIT),
    savedEventsOf(context),
    pageMessages(language, ["blog", "savesFollows"]),
  ]);
  const { body, ...rest } = post;
  return {
    post: { ...rest, bodyHtml: renderPostBody(body) },
    related,
    now,
    savedEvents,
    pageMessages: messages,
  };
}

/** schema.org's description of a post, for search engines' article results. */
export function blogPostingJsonLd(post: Omit<BlogPostPage, "body">, origin: string) {
  const url = `${origin}/blog/${post.slug}`;
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.summary,
    url,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    inLanguage: post.language,
    datePublished: post.publishedAt.toISOString(),
    dateModified: post.updatedAt.toISOString(),
    ...(post.cover
      ? { image: `${origin}/uploads/${post.cover.storageKey}-${Math.max(...post.cover.widths)}.webp` }
      : {}),
    author: post.authorName
      ? { "@type": "Person", name: post.authorName }
      : { "@type": "Organization", name: "DMV Events" },
    publisher: {
      "@type": "Organization",
      name: "DMV Events",
      logo: { "@type": "ImageObject", url: `${origin}/favicon.svg` },
    },
    keywords: post.tags.join(", "),
  };
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = metaTranslator(matches);
  const { post } = loaderData;
  const origin = siteOrigin(matches);
  const width = post.cover ? Math.max(...post.cover.widths) : 0;
  return [
    ...pageMeta(matches, {
      title: `${post.title} | ${t("blog.metaTitle")} | ${t("app.name")}`,
      description: post.summary,
      path: `/blog/${post.slug}`,
      image: post.cover ? { url: `/uploads/${post.cover.storageKey}-${width}.webp`, alt: post.cover.alt } : null,
      type: "article",
    }),
    { property: "article:published_time", content: post.publishedAt.toISOString() },
    { property: "article:modified_time", content: post.updatedAt.toISOString() },
    ...post.tags.map((tag) => ({ property: "article:tag", content: tag })),
    { "script:ld+json": blogPostingJsonLd(post, origin) },
  ];
}

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const { post, related, now } = loaderData;
  const others = post.languages.filter((other) => other !== post.language);
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-8">
      <article className="mx-auto flex w-full max-w-3xl flex-col gap-6">
        <Link to="/blog" className="self-start text-sm font-semibold text-primary hover:underline">
          {t("blog.backToBlog")}
        </Link>
        <header className="flex flex-col gap-4">
          {!post.translated && (
            <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
              <LanguageBadge language={post.language} />
              {t("blog.inLanguageNote", { language: t(`eventLanguage.${post.language}`) })}
            </p>
          )}
          <h1
            lang={post.language}
            dir={textDirection(post.language)}
            className="text-3xl font-extrabold tracking-tight text-balance md:text-5xl"
          >
            {post.title}
          </h1>
          <p lang={post.language} dir={textDirection(post.language)} className="text-lg text-muted-foreground">
            {post.summary}
          </p>
          <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted-foreground">
            <span>{post.authorName ? t("blog.by", { name: post.authorName }) : t("blog.byTeam")}</span>
            <span aria-hidden="true">·</span>
            <time dateTime={post.publishedAt.toISOString()}>
              {t("blog.publishedOn", { date: formatDate(post.publishedAt, BLOG_TIME_ZONE, language) })}
            </time>
          </p>
          {others.length > 0 && (
            <p className="flex flex-wrap gap-2 text-sm">
              <span className="text-muted-foreground">{t("blog.alsoIn")}</span>
              {others.map((other) => (
                <a
                  key={other}
                  href={`/blog/${post.slug}?lang=${other}`}
                  hrefLang={other}
                  lang={other}
                  className="font-semibold text-primary underline"
                >
                  {t(`language.${other}`)}
                </a>
              ))}
            </p>
          )}
        </header>
        {post.cover && (
          <EventImage
            image={post.cover}
            eager
            sizes="(min-width: 800px) 768px, 100vw"
            className="aspect-video w-full rounded-xl object-cover"
          />
        )}
        <div
          lang={post.language}
          dir={textDirection(post.language)}
          className="flex flex-col gap-4 text-lg leading-relaxed [&_a]:text-primary [&_a]:underline [&_blockquote]:border-s-4 [&_blockquote]:border-border [&_blockquote]:ps-4 [&_blockquote]:italic [&_h2]:mt-4 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mt-2 [&_h3]:text-xl [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:ps-6 [&_ul]:list-disc [&_ul]:ps-6"
          dangerouslySetInnerHTML={{ __html: post.bodyHtml }}
        />
        {post.tags.length > 0 && (
          <nav aria-label={t("blog.tags")}>
            <ul className="flex flex-wrap gap-2">
              {post.tags.map((tag) => (
                <li key={tag}>
                  <Link
                    to={`/blog?tag=${encodeURIComponent(tag)}`}
                    className="rounded-full border border-border px-3 py-1 text-sm font-medium hover:bg-muted"
                  >
                    <bdi>#{tag}</bdi>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </article>
      {related.length > 0 && (
        <section aria-labelledby="related-events" className="flex flex-col gap-4 border-t border-border pt-8">
          <div>
            <h2 id="related-events" className="text-2xl font-bold">
              {t("blog.related")}
            </h2>
            <p className="text-muted-foreground">{t("blog.relatedIntro")}</p>
          </div>
          <SavedEvents value={loaderData.savedEvents}>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {related.map((event) => (
                <li key={event.id}>
                  <EventCard event={event} now={now} />
                </li>
              ))}
            </ul>
          </SavedEvents>
        </section>
      )}
    </div>
  );
}
