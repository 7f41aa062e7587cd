import { redirect } from "react-router";
import { adminPageMeta } from "#app/components/admin/admin-meta";
import { BlogPostForm } from "#app/components/admin/blog-post-form";
import { metaTranslator } from "#app/i18n/meta";
import { negotiateLanguage } from "#app/i18n/preferences";
import { useTranslation } from "#app/i18n/use-translation";
import { currentTime } from "#server/clock";
import { createPost } from "#server/services/blog-authoring";
import { ADMIN_PAGE_HEADERS, adminPageMessages, requireStaffViewer } from "./admin.server";
import { draftOf, postValuesOf, previewAnswer, readBlogForm, refusal } from "./admin-blog.server";
import type { Route } from "./+types/admin-blog-new";

/** /admin/blog/new: a new post, saved as a draft by the staff member writing it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffViewer(request, context);
  return { pageMessages: await adminPageMessages(request), language: negotiateLanguage(request) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireStaffViewer(request, context);
  const form = await readBlogForm(request);
  const values = postValuesOf(form);
  if (form.get("intent") === "preview") return previewAnswer("post", values, values.body);
  try {
    const { id } = await createPost(context.db, { userId: viewer.userId }, await draftOf(form), {
      uploadsDir: context.config.uploadsDir,
      now: currentTime(),
    });
    return redirect(`/admin/blog/${id}?done=saved`, { headers: ADMIN_PAGE_HEADERS });
  } catch (error) {
    return refusal(error, "post", values);
  }
}

export function headers() {
  return ADMIN_PAGE_HEADERS;
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return adminPageMeta(matches, `${t("admin.blog.newTitle")}`);
}

export default function AdminBlogNewPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const values = (actionData?.values as Parameters<typeof BlogPostForm>[0]["values"] | null) ?? {
    slug: "",
    originalLanguage: loaderData.language,
    tags: "",
    coverAlt: "",
    title: "",
    summary: "",
    body: "",
    removeCover: false,
  };
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-bold">{t("admin.blog.newTitle")}</h1>
      <BlogPostForm
        // A new answer (a preview, a refusal) shows the values it carries.
        key={JSON.stringify(actionData ?? null)}
        values={values}
        problems={actionData?.problems ?? {}}
        preview={actionData?.preview ?? null}
        cover={null}
        isNew
      />
    </div>
  );
}
