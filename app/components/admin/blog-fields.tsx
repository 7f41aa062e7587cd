import type { ReactNode, TextareaHTMLAttributes } from "react";
import { formatDate, formatTime } from "#app/i18n/format";
import { useTranslation } from "#app/i18n/use-translation";
import { BLOG_TIME_ZONE } from "#domain/blog";
import type { Language } from "#domain/language";

/** "Fri, Dec 4, 2026 09:00 AM": a moment on Washington's clocks, where posts are scheduled. */
export function formatMoment(instant: Date, language: Language): string {
  return `${formatDate(instant, BLOG_TIME_ZONE, language)} ${formatTime(instant, BLOG_TIME_ZONE, language)}`;
}

/** Problems of a console blog form, by field, as the server named them (BLOG_PROBLEMS). */
export type FieldProblems = Record<string, string>;

/** The translated words of a problem, under the field it belongs to. */
export function FieldError({ id, problem }: { id: string; problem: string | undefined }) {
  const { t } = useTranslation();
  if (!problem) return null;
  return (
    <p id={id} className="text-sm font-medium text-red-700 dark:text-red-400">
      {t(`admin.blog.problems.${problem}`)}
    </p>
  );
}

/** A labelled field with an optional hint and its problem, whatever the control inside. */
export function Field({
  id,
  label,
  hint,
  problem,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  problem?: string;
  children: (aria: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = problem ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children({ id, ...(problem ? { "aria-invalid": true as const } : {}), "aria-describedby": describedBy })}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} problem={problem} />
    </div>
  );
}

export const INPUT =
  "h-10 w-full rounded-md border border-border bg-background px-3 text-sm text-foreground aria-invalid:border-red-700 dark:aria-invalid:border-red-400";

export function TextArea(props: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <textarea
      {...props}
      className="w-full rounded-md border border-border bg-background p-3 font-mono text-sm text-foreground aria-invalid:border-red-700 dark:aria-invalid:border-red-400"
    />
  );
}

/** The note at the top of a refused form, read out as soon as it appears. */
export function ErrorSummary({ problems }: { problems: FieldProblems }) {
  const { t } = useTranslation();
  if (Object.keys(problems).length === 0) return null;
  return (
    <p
      role="alert"
      className="rounded-md bg-red-100 p-3 text-sm font-semibold text-red-900 dark:bg-red-950 dark:text-red-100"
    >
      {problems.form ? t(`admin.blog.problems.${problems.form}`) : t("admin.blog.errorSummary")}
    </p>
  );
}

/** The Markdown typed, rendered on the server as the blog will show it. */
export function MarkdownPreview({ html, language }: { html: string | null; language: string }) {
  const { t } = useTranslation();
  if (html === null) return null;
  return (
    <section aria-labelledby="markdown-preview" className="rounded-md border border-dashed border-border p-4">
      <h3 id="markdown-preview" className="mb-2 text-sm font-semibold uppercase tracking-wide text-muted-foreground">
        {t("admin.blog.previewHeading")}
      </h3>
      <div
        lang={language}
        dir="auto"
        className="flex flex-col gap-3 leading-relaxed [&_a]:text-primary [&_a]:underline [&_h2]:text-xl [&_h2]:font-bold [&_h3]:text-lg [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:ps-6 [&_ul]:list-disc [&_ul]:ps-6"
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </section>
  );
}
