import { Form, Link } from "react-router";
import { SubmitButton } from "#app/components/ui/submit-button";
import { useTranslation } from "#app/i18n/use-translation";
import { postState, toLocalInput } from "#domain/blog";
import { LANGUAGES, textDirection, type Language } from "#domain/language";
import {
  ErrorSummary,
  Field,
  FieldError,
  formatMoment,
  INPUT,
  MarkdownPreview,
  TextArea,
  type FieldProblems,
} from "./blog-fields";

/** Publish now, schedule for a time (Washington's clocks), or take a live or scheduled post down. */
export function PublicationForm({
  post,
  now,
  problems,
  publishAt,
}: {
  post: { status: "draft" | "published"; publishAt: Date | null; slug: string };
  now: Date;
  problems: FieldProblems;
  publishAt: string | null;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const state = postState(post, now);
  const scheduledValue = publishAt ?? (state === "scheduled" && post.publishAt ? toLocalInput(post.publishAt) : "");
  return (
    <section aria-labelledby="publication" className="flex flex-col gap-4 rounded-lg border border-border p-4">
      <h2 id="publication" className="text-xl font-bold">
        {t("admin.blog.publication")}
      </h2>
      <p role="status" className="text-sm">
        {state === "draft"
          ? t("admin.blog.stateDraft")
          : state === "scheduled"
            ? t("admin.blog.stateScheduled", { date: formatMoment(post.publishAt!, language) })
            : t("admin.blog.statePublished", { date: formatMoment(post.publishAt!, language) })}
        {state === "published" && (
          <>
            {" "}
            <Link to={`/blog/${post.slug}`} className="font-semibold text-primary underline">
              {t("admin.blog.view")}
            </Link>
          </>
        )}
      </p>
      <Form method="post" className="flex flex-col gap-4" noValidate>
        <div className="flex flex-wrap items-end gap-3">
          {state !== "published" && (
            <SubmitButton name="intent" value="publish">
              {t("admin.blog.publishNow")}
            </SubmitButton>
          )}
          <div className="flex flex-col gap-1">
            <label htmlFor="publishAt" className="text-sm font-medium">
              {t("admin.blog.scheduleAt")}
            </label>
            <input
              id="publishAt"
              name="publishAt"
              type="datetime-local"
              defaultValue={scheduledValue}
              aria-invalid={problems.publishAt ? true : undefined}
              aria-describedby={problems.publishAt ? "publishAt-error" : undefined}
              className={`${INPUT} w-auto`}
            />
          </div>
          <SubmitButton name="intent" value="schedule" variant="outline">
            {t("admin.blog.schedule")}
          </SubmitButton>
          {state !== "draft" && (
            <SubmitButton name="intent" value="unpublish" variant="outline">
              {t("admin.blog.unpublish")}
            </SubmitButton>
          )}
        </div>
        <FieldError id="publishAt-error" problem={problems.publishAt} />
      </Form>
    </section>
  );
}

export interface VersionValues {
  language: string;
  title: string;
  summary: string;
  body: string;
}

/**
 * The post's words in another language: which languages have them, and a form for the one chosen
 * (`?language=`), with its own preview.
 */
export function VersionForm({
  postId,
  originalLanguage,
  written,
  values,
  problems,
  preview,
}: {
  postId: number;
  originalLanguage: Language;
  written: Language[];
  values: VersionValues;
  problems: FieldProblems;
  preview: string | null;
}) {
  const { t } = useTranslation();
  const others = LANGUAGES.filter((language) => language !== originalLanguage);
  const language = (LANGUAGES as readonly string[]).includes(values.language) ? (values.language as Language) : "en";
  // The fields hold words in the language being written, whatever the console's language.
  const words = { lang: language, dir: textDirection(language) };
  return (
    <section aria-labelledby="languages" className="flex flex-col gap-4 rounded-lg border border-border p-4">
      <h2 id="languages" className="text-xl font-bold">
        {t("admin.blog.languages")}
      </h2>
      <p className="text-sm text-muted-foreground">{t("admin.blog.languagesIntro")}</p>
      <ul className="flex flex-wrap gap-2">
        {others.map((language) => (
          <li key={language}>
            <Link
              to={`/admin/blog/${postId}?language=${language}#languages`}
              aria-current={values.language === language ? "true" : undefined}
              className={`inline-block rounded-full border px-3 py-1 text-sm ${
                values.language === language
                  ? "border-primary bg-primary text-primary-foreground"
                  : "border-border hover:bg-muted"
              }`}
            >
              {t(`eventLanguage.${language}`)} ·{" "}
              {written.includes(language) ? t("admin.blog.hasVersion") : t("admin.blog.noVersion")}
            </Link>
          </li>
        ))}
      </ul>
      <Form method="post" className="flex flex-col gap-4" noValidate>
        <ErrorSummary problems={problems} />
        <input type="hidden" name="language" value={values.language} />
        <Field
          id="version-title"
          label={`${t("admin.blog.postTitle")} (${t(`eventLanguage.${values.language}`)})`}
          problem={problems.title}
        >
          {(aria) => (
            <input {...aria} {...words} name="title" defaultValue={values.title} className={INPUT} maxLength={140} />
          )}
        </Field>
        <Field id="version-summary" label={t("admin.blog.summary")} problem={problems.summary}>
          {(aria) => <TextArea {...aria} {...words} name="summary" rows={2} defaultValue={values.summary} />}
        </Field>
        <Field id="version-body" label={t("admin.blog.body")} hint={t("admin.blog.bodyHint")} problem={problems.body}>
          {(aria) => <TextArea {...aria} {...words} name="body" rows={10} defaultValue={values.body} />}
        </Field>
        <MarkdownPreview html={preview} language={values.language} />
        <div className="flex flex-wrap gap-3">
          <SubmitButton name="intent" value="saveLanguage" pendingLabel={t("admin.blog.saving")}>
            {t("admin.blog.saveLanguage")}
          </SubmitButton>
          <SubmitButton name="intent" value="previewLanguage" variant="outline">
            {t("admin.blog.preview")}
          </SubmitButton>
        </div>
      </Form>
      {values.language !== originalLanguage && written.includes(language) && (
        <details className="rounded-md border border-border p-4">
          <summary className="cursor-pointer font-semibold">{t("admin.blog.removeLanguage")}</summary>
          <Form method="post" className="mt-3 flex flex-col items-start gap-3">
            <input type="hidden" name="language" value={language} />
            <p className="text-sm">
              {t("admin.blog.removeLanguageNote", { language: t(`eventLanguage.${language}`) })}
            </p>
            <SubmitButton
              name="intent"
              value="removeLanguage"
              className="bg-red-700 text-white hover:bg-red-800"
              pendingLabel={t("admin.blog.removing")}
            >
              {t("admin.blog.removeLanguageConfirm", { language: t(`eventLanguage.${language}`) })}
            </SubmitButton>
          </Form>
        </details>
      )}
    </section>
  );
}
