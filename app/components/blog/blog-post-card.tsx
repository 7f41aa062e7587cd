import { Link } from "react-router";
import { EventImage } from "#app/components/event-image";
import { formatDate } from "#app/i18n/format";
import { useTranslation } from "#app/i18n/use-translation";
import { BLOG_TIME_ZONE } from "#domain/blog";
import { textDirection, type Language } from "#domain/language";
import type { BlogPostCard } from "#server/services/blog";

/** "In English": shown on a post read in its original language because the reader's is missing. */
export function LanguageBadge({ language }: { language: Language }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center rounded-full bg-sky-800 px-2.5 py-0.5 text-xs font-semibold text-white">
      {t("blog.inLanguage", { language: t(`eventLanguage.${language}`) })}
    </span>
  );
}

/** A post in the list: cover, tags, title (the link), summary, date and author. */
export function BlogPostCardView({ post, eager = false }: { post: BlogPostCard; eager?: boolean }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  return (
    <article className="relative flex flex-col overflow-hidden rounded-xl border border-border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md">
      <div className="aspect-video overflow-hidden bg-muted">
        {post.cover && (
          <EventImage
            image={post.cover}
            eager={eager}
            sizes="(min-width: 1024px) 480px, (min-width: 640px) 50vw, 100vw"
            className="h-full w-full object-cover"
          />
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <time dateTime={post.publishedAt.toISOString()}>
            {formatDate(post.publishedAt, BLOG_TIME_ZONE, language)}
          </time>
          {!post.translated && <LanguageBadge language={post.language} />}
        </div>
        <div lang={post.language} dir={textDirection(post.language)} className="flex flex-col gap-2">
          <h3 className="text-xl font-bold leading-snug">
            {/* The whole card is the link's target area; the title alone is its name. */}
            <Link to={`/blog/${post.slug}`} className="after:absolute after:inset-0 hover:underline">
              {post.title}
            </Link>
          </h3>
          <p className="text-muted-foreground">{post.summary}</p>
        </div>
        <p className="mt-auto pt-2 text-sm text-muted-foreground">
          {post.authorName ? t("blog.by", { name: post.authorName }) : t("blog.byTeam")}
        </p>
      </div>
    </article>
  );
}
