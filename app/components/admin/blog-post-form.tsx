import { Form } from "react-router";
import { EventImage } from "#app/components/event-image";
import { SubmitButton } from "#app/components/ui/submit-button";
import { useTranslation } from "#app/i18n/use-translation";
import { isLanguage, LANGUAGES, textDirection } from "#domain/language";
import { ErrorSummary, Field, INPUT, MarkdownPreview, TextArea, type FieldProblems } from "./blog-fields";

export interface PostFormValues {
  slug: string;
  originalLanguage: string;
  tags: string;
  coverAlt: string;
  title: string;
  summary: string;
  body: string;
  removeCover: boolean;
}

/**
 * A post's settings and its original words: address, language, tags, cover picture and its
 * description, title, summary and Markdown text, with a server-rendered preview. Works without
 * JavaScript (a multipart form; the preview is a submit button).
 */
export function BlogPostForm({
  values,
  problems,
  preview,
  cover,
  isNew,
}: {
  values: PostFormValues;
  problems: FieldProblems;
  preview: string | null;
  cover: { storageKey: string; widths: number[]; alt: string } | null;
  isNew: boolean;
}) {
  const { t } = useTranslation();
  // The words are in the post's original language, whatever the console's language.
  const language = isLanguage(values.originalLanguage) ? values.originalLanguage : "en";
  const words = { lang: language, dir: textDirection(language) };
  return (
    <Form method="post" encType="multipart/form-data" className="flex flex-col gap-5" noValidate>
      <ErrorSummary problems={problems} />
      <Field id="title" label={t("admin.blog.postTitle")} problem={problems.title}>
        {(aria) => (
          <input {...aria} {...words} name="title" defaultValue={values.title} className={INPUT} maxLength={140} />
        )}
      </Field>
      <Field id="summary" label={t("admin.blog.summary")} hint={t("admin.blog.summaryHint")} problem={problems.summary}>
        {(aria) => <TextArea {...aria} {...words} name="summary" rows={2} defaultValue={values.summary} />}
      </Field>
      <Field id="body" label={t("admin.blog.body")} hint={t("admin.blog.bodyHint")} problem={problems.body}>
        {(aria) => <TextArea {...aria} {...words} name="body" rows={14} defaultValue={values.body} />}
      </Field>
      <MarkdownPreview html={preview} language={values.originalLanguage} />
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="slug" label={t("admin.blog.slug")} hint={t("admin.blog.slugHint")} problem={problems.slug}>
          {(aria) => <input {...aria} name="slug" dir="ltr" defaultValue={values.slug} className={INPUT} />}
        </Field>
        <Field id="originalLanguage" label={t("admin.blog.originalLanguage")} problem={problems.originalLanguage}>
          {(aria) => (
            <select {...aria} name="originalLanguage" defaultValue={values.originalLanguage} className={INPUT}>
              {LANGUAGES.map((language) => (
                <option key={language} value={language}>
                  {t(`eventLanguage.${language}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <Field id="tags" label={t("admin.blog.tags")} hint={t("admin.blog.tagsHint")} problem={problems.tags}>
        {(aria) => <input {...aria} name="tags" defaultValue={values.tags} className={INPUT} />}
      </Field>
      <fieldset className="flex flex-col gap-4 rounded-md border border-border p-4">
        <legend className="px-1 text-sm font-semibold">{t("admin.blog.cover")}</legend>
        {cover && (
          <div className="flex flex-col gap-2">
            <p className="text-sm text-muted-foreground">{t("admin.blog.coverCurrent")}</p>
            <EventImage image={cover} sizes="320px" className="aspect-video w-80 max-w-full rounded-md object-cover" />
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="removeCover" defaultChecked={values.removeCover} />
              {t("admin.blog.removeCover")}
            </label>
          </div>
        )}
        <Field id="cover" label={t("admin.blog.cover")} hint={t("admin.blog.coverHint")} problem={problems.cover}>
          {(aria) => (
            <input
              {...aria}
              type="file"
              name="cover"
              accept="image/jpeg,image/png,image/webp,image/gif,image/avif"
              className="text-sm"
            />
          )}
        </Field>
        <Field
          id="coverAlt"
          label={t("admin.blog.coverAlt")}
          hint={t("admin.blog.coverAltHint")}
          problem={problems.coverAlt}
        >
          {(aria) => (
            <input
              {...aria}
              {...words}
              name="coverAlt"
              defaultValue={values.coverAlt}
              className={INPUT}
              maxLength={200}
            />
          )}
        </Field>
      </fieldset>
      <div className="flex flex-wrap gap-3">
        <SubmitButton name="intent" value="save" pendingLabel={t("admin.blog.saving")}>
          {isNew ? t("admin.blog.create") : t("admin.blog.save")}
        </SubmitButton>
        <SubmitButton name="intent" value="preview" variant="outline">
          {t("admin.blog.preview")}
        </SubmitButton>
      </div>
    </Form>
  );
}
