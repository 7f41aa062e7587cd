import type { ReactNode } from "react";
import { useTranslation } from "#app/i18n/use-translation";
import type { EventFormProblem, EventFormProblems } from "./parse-event-form";

/** Every field of the form has an id made from its name, so a problem can point to it. */
export function fieldId(field: string): string {
  return `event-${field.replaceAll(".", "-")}`;
}

/** The id of a field's problem message, when it has one (for aria-describedby). */
export function problemId(problems: EventFormProblems, field: string): string | undefined {
  return problems[field] ? `${fieldId(field)}-problem` : undefined;
}

export const INPUT_CLASSES =
  "w-full rounded-md border border-border bg-background px-3 text-sm text-foreground aria-invalid:border-red-700 dark:aria-invalid:border-red-400";
export const LABEL_CLASSES = "text-sm font-medium";
export const HINT_CLASSES = "text-xs text-muted-foreground";
export const SECTION_CLASSES = "flex flex-col gap-4 rounded-xl border border-border bg-card p-5 text-card-foreground";

/**
 * A problem word's message key. Keys are camelCase ("tooMany"): the messages' plural suffixes
 * (_one, _many…) would misread a snake_case word such as "too_many".
 */
export function problemKey(word: EventFormProblem): string {
  return `eventForm.problems.${word.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase())}`;
}

/** The translated sentence for a problem word. */
export function useProblemText(): (word: EventFormProblem) => string {
  const { t } = useTranslation();
  return (word) => t(problemKey(word));
}

/** A field's own problem, under it. */
export function FieldProblem({ problems, field }: { problems: EventFormProblems; field: string }) {
  const text = useProblemText();
  const word = problems[field];
  if (!word) return null;
  return (
    <p id={problemId(problems, field)} className="text-sm font-medium text-red-700 dark:text-red-300">
      {text(word)}
    </p>
  );
}

/** The props that mark a field invalid and tie it to its hint and problem. */
export function describedBy(problems: EventFormProblems, field: string, hintId?: string) {
  const ids = [problemId(problems, field), hintId].filter(Boolean).join(" ");
  return {
    id: fieldId(field),
    "aria-invalid": problems[field] ? true : undefined,
    "aria-describedby": ids || undefined,
  } as const;
}

/** A label, the control, an optional hint, and the field's problem. */
export function Field({
  field,
  label,
  hint,
  problems,
  children,
}: {
  field: string;
  label: string;
  hint?: string;
  problems: EventFormProblems;
  children: (props: ReturnType<typeof describedBy>) => ReactNode;
}) {
  const hintId = hint ? `${fieldId(field)}-hint` : undefined;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={fieldId(field)} className={LABEL_CLASSES}>
        {label}
      </label>
      {children(describedBy(problems, field, hintId))}
      {hint && (
        <p id={hintId} className={HINT_CLASSES}>
          {hint}
        </p>
      )}
      <FieldProblem problems={problems} field={field} />
    </div>
  );
}

/** A titled part of the form. */
export function FormSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={SECTION_CLASSES}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
