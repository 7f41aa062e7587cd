import { data, Link, redirect } from "react-router";
import { adminPageMeta } from "#app/components/admin/admin-meta";
import { BlogPostForm, type PostFormValues } from "#app/components/admin/blog-post-form";
import { PublicationForm, VersionForm, type VersionValues } from "#app/components/admin/blog-post-sections";
import { metaTranslator } from "#app/i18n/meta";
import { useTranslation } from "#app/i18n/use-translation";
import { isLanguage, LANGUAGES, type Language } from "#domain/language";
import { parseRecordId } from "#domain/record-id";
import { currentTime } from "#server/clock";
import {
  getStaffPost,
  removePostVersion,
  savePostVersion,
  setPostPublication,
  updatePost,
  type StaffPost,
} from "#server/services/blog-authoring";
import { ADMIN_PAGE_HEADERS, adminPageMessages, requireStaffViewer } from "./admin.server";
import {
  draftOf,
  postValuesOf,
  previewAnswer,
  publishAtOf,
  readBlogForm,
  refusal,
  versionValuesOf,
} from "./admin-blog.server";
import type { Route } from "./+types/admin-blog-edit";

const DONE = ["saved", "published", "scheduled", "unpublished", "languageSaved", "languageRemoved"] as const;
type Done = (typeof DONE)[number];

function postIdOf(params: { id: string }): number {
  const id = parseRecordId(params.id);
  if (id === null) throw data(null, { status: 404, headers: ADMIN_PAGE_HEADERS });
  return id;
}

/** /admin/blog/{id}: a post's words and settings, its other languages, and publishing. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await requireStaffViewer(request, context);
  const post = await getStaffPost(context.db, { userId: viewer.userId }, postIdOf(params));
  if (!post) throw data(null, { status: 404, headers: ADMIN_PAGE_HEADERS });
  const query = new URL(request.url).searchParams;
  const done = query.get("done");
  const asked = query.get("language");
  return {
    post,
    now: currentTime(),
    done: (DONE as readonly string[]).includes(done ?? "") ? (done as Done) : null,
    language: isLanguage(asked) && asked !== post.originalLanguage ? asked : defaultOtherLanguage(post),
    pageMessages: await adminPageMessages(request),
  };
}

/** The first language the post lacks, else the first other one. */
function defaultOtherLanguage(post: StaffPost): Language {
  const others = LANGUAGES.filter((language) => language !== post.originalLanguage);
  return others.find((language) => !post.versions.some((version) => version.language === language)) ?? others[0]!;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await requireStaffViewer(request, context);
  const actor = { userId: viewer.userId };
  const id = postIdOf(params);
  const form = await readBlogForm(request);
  const intent = form.get("intent");
  const now = currentTime();
  const back = (done: Done, hash = "") =>
    redirect(`/admin/blog/${id}?done=${done}${hash}`, { headers: ADMIN_PAGE_HEADERS });
  switch (intent) {
    case "preview": {
      const values = postValuesOf(form);
      return previewAnswer("post", values, values.body);
    }
    case "save": {
      const values = postValuesOf(form);
      try {
        await updatePost(context.db, actor, id, await draftOf(form), { uploadsDir: context.config.uploadsDir, now });
        return back("saved");
      } catch (error) {
        return refusal(error, "post", values);
      }
    }
    case "previewLanguage": {
      const values = versionValuesOf(form);
      return previewAnswer("language", values, values.body);
    }
    case "saveLanguage": {
      const values = versionValuesOf(form);
      try {
        await savePostVersion(context.db, actor, id, values.language, values, now);
        return redirect(`/admin/blog/${id}?done=languageSaved&language=${values.language}#languages`, {
          headers: ADMIN_PAGE_HEADERS,
        });
      } catch (error) {
        return refusal(error, "language", values);
      }
    }
    case "removeLanguage": {
      const language = typeof form.get("language") === "string" ? String(form.get("language")) : "";
      try {
        await removePostVersion(context.db, actor, id, language, now);
        return redirect(`/admin/blog/${id}?done=languageRemoved&language=${language}#languages`, {
          headers: ADMIN_PAGE_HEADERS,
        });
      } catch (error) {
        return refusal(error, "language", null);
      }
    }
    case "publish":
    case "schedule":
    case "unpublish": {
      const values = { publishAt: typeof form.get("publishAt") === "string" ? String(form.get("publishAt")) : "" };
      try {
        if (intent === "unpublish") {
          await setPostPublication(context.db, actor, id, { publish: false }, now);
          return back("unpublished");
        }
        const at = intent === "schedule" ? publishAtOf(form) : null;
        await setPostPublication(context.db, actor, id, { publish: true, at }, now);
        return back(at && at > now ? "scheduled" : "published");
      } catch (error) {
        return refusal(error, "publication", values);
      }
    }
    default:
      throw data(null, { status: 400, headers: ADMIN_PAGE_HEADERS });
  }
}

export function headers() {
  return ADMIN_PAGE_HEADERS;
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return adminPageMeta(matches, `${t("admin.blog.editTitle")}`);
}

export default function AdminBlogEditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { post, now, done, language } = loaderData;
  const original = post.versions.find((version) => version.language === post.originalLanguage);
  const answerFor = (form: string) => (actionData?.form === form ? actionData : null);
  const postAnswer = answerFor("post");
  const languageAnswer = answerFor("language");
  const publicationAnswer = answerFor("publication");
  const postValues: PostFormValues = (postAnswer?.values as PostFormValues | null) ?? {
    slug: post.slug,
    originalLanguage: post.originalLanguage,
    tags: post.tags.join(", "),
    coverAlt: post.cover?.alt ?? "",
    title: original?.title ?? "",
    summary: original?.summary ?? "",
    body: original?.body ?? "",
    removeCover: false,
  };
  const existing = post.versions.find((version) => version.language === language);
  const versionValues: VersionValues = (languageAnswer?.values as VersionValues | null) ?? {
    language,
    title: existing?.title ?? "",
    summary: existing?.summary ?? "",
    body: existing?.body ?? "",
  };
  return (
    <div className="flex flex-col gap-6">
      <Link to="/admin/blog" className="self-start text-sm font-semibold text-primary hover:underline">
        {t("admin.blog.back")}
      </Link>
      <h1 className="text-2xl font-bold">{t("admin.blog.editTitle")}</h1>
      {done && (
        <p
          role="status"
          className="rounded-md bg-emerald-100 p-3 text-sm font-semibold text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
        >
          {t(`admin.blog.${done}`)}
        </p>
      )}
      <PublicationForm
        post={post}
        now={now}
        problems={publicationAnswer?.problems ?? {}}
        publishAt={(publicationAnswer?.values as { publishAt: string } | null)?.publishAt ?? null}
      />
      <section aria-labelledby="post-settings" className="flex flex-col gap-4 rounded-lg border border-border p-4">
        <h2 id="post-settings" className="text-xl font-bold">
          {t("admin.blog.settings")}
        </h2>
        <BlogPostForm
          key={JSON.stringify(postAnswer ?? post.updatedAt)}
          values={postValues}
          problems={postAnswer?.problems ?? {}}
          preview={postAnswer?.preview ?? null}
          cover={post.cover}
          isNew={false}
        />
      </section>
      <VersionForm
        key={`${language}-${JSON.stringify(languageAnswer ?? post.updatedAt)}`}
        postId={post.id}
        originalLanguage={post.originalLanguage}
        written={post.versions.map((version) => version.language)}
        values={versionValues}
        problems={languageAnswer?.problems ?? {}}
        preview={languageAnswer?.preview ?? null}
      />
    </div>
  );
}
