import { Link } from "react-router";
import { adminPageMeta } from "#app/components/admin/admin-meta";
import { buttonClasses } from "#app/components/ui/button";
import { ScrollableTable } from "#app/components/ui/scrollable-table";
import { formatMoment } from "#app/components/admin/blog-fields";
import { formatDate } from "#app/i18n/format";
import { metaTranslator } from "#app/i18n/meta";
import { useTranslation } from "#app/i18n/use-translation";
import { BLOG_TIME_ZONE, postState } from "#domain/blog";
import type { Language } from "#domain/language";
import { currentTime } from "#server/clock";
import { listStaffPosts } from "#server/services/blog-authoring";
import { ADMIN_PAGE_HEADERS, adminPageMessages, requireStaffViewer } from "./admin.server";
import type { Route } from "./+types/admin-blog";

/** /admin/blog: every post with its state (draft, scheduled for when, live since when). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireStaffViewer(request, context);
  const [posts, pageMessages] = await Promise.all([
    listStaffPosts(context.db, { userId: viewer.userId }),
    adminPageMessages(request),
  ]);
  return { posts, now: currentTime(), pageMessages };
}

export function headers() {
  return ADMIN_PAGE_HEADERS;
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return adminPageMeta(matches, `${t("admin.blog.title")}`);
}

export default function AdminBlogPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const { posts, now } = loaderData;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex max-w-2xl flex-col gap-2">
          <h1 className="text-2xl font-bold">{t("admin.blog.title")}</h1>
          <p className="text-muted-foreground">{t("admin.blog.intro")}</p>
        </div>
        <Link to="/admin/blog/new" className={buttonClasses("primary")}>
          {t("admin.blog.newPost")}
        </Link>
      </div>
      {posts.length === 0 ? (
        <p className="text-muted-foreground">{t("admin.blog.empty")}</p>
      ) : (
        <ScrollableTable captionId="blog-posts-caption" caption={t("admin.blog.caption")}>
          <thead className="bg-muted/60 text-start">
            <tr>
              <th scope="col" className="px-3 py-2 text-start font-semibold">
                {t("admin.blog.colTitle")}
              </th>
              <th scope="col" className="px-3 py-2 text-start font-semibold">
                {t("admin.blog.colStatus")}
              </th>
              <th scope="col" className="px-3 py-2 text-start font-semibold">
                {t("admin.blog.colLanguages")}
              </th>
              <th scope="col" className="px-3 py-2 text-start font-semibold">
                {t("admin.blog.colUpdated")}
              </th>
            </tr>
          </thead>
          <tbody>
            {posts.map((post) => {
              const state = postState(post, now);
              return (
                <tr key={post.id} className="border-t border-border" data-post={post.slug}>
                  <td className="px-3 py-2">
                    <Link
                      to={`/admin/blog/${post.id}`}
                      lang={post.originalLanguage}
                      className="font-semibold text-primary hover:underline"
                    >
                      {post.title}
                    </Link>
                    <span className="block text-xs text-muted-foreground" dir="ltr">
                      /blog/{post.slug}
                    </span>
                  </td>
                  <td className="px-3 py-2">
                    {state === "draft"
                      ? t("admin.blog.status.draft")
                      : t(`admin.blog.status.${state}`, { date: formatMoment(post.publishAt!, language) })}
                  </td>
                  <td className="px-3 py-2">{post.languages.map((code) => t(`eventLanguage.${code}`)).join(", ")}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {formatDate(post.updatedAt, BLOG_TIME_ZONE, language)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </ScrollableTable>
      )}
    </div>
  );
}
