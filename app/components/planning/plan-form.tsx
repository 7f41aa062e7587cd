import type { ReactNode } from "react";
import { Form } from "react-router";
import { SubmitButton } from "#app/components/ui/submit-button";
import { useTranslation } from "#app/i18n/use-translation";
import { EVENT_TYPES } from "#domain/event-types";
import { PLAN_AREAS, PLAN_SETTINGS } from "#domain/event-plan-input";
import { LANGUAGES } from "#domain/language";
import type { PlanField, PlanFormValues, PlanProblems } from "#domain/plan-query";

export const PLAN_INPUT_CLASSES =
  "h-10 w-full min-w-0 rounded-md border border-border bg-background px-3 text-sm text-foreground aria-invalid:border-red-700 dark:aria-invalid:border-red-400";
export const PROBLEM_CLASSES = "text-sm font-medium text-red-700 dark:text-red-300";

const fieldId = (field: string) => `plan-${field.replaceAll(".", "-")}`;
const problemId = (field: string) => `${fieldId(field)}-problem`;

/** A label, its control, an optional hint and the field's problem (tied to the control for screen readers). */
function PlanFieldBox({
  field,
  label,
  hint,
  problem,
  wide = false,
  children,
}: {
  field: PlanField;
  label: string;
  hint?: string;
  problem?: string;
  wide?: boolean;
  children: (props: { id: string; name: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode;
}) {
  const { t } = useTranslation();
  const hintId = hint ? `${fieldId(field)}-hint` : undefined;
  const describedBy = [problem ? problemId(field) : undefined, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${wide ? "sm:col-span-2" : ""}`}>
      <label htmlFor={fieldId(field)} className="text-sm font-medium">
        {label}
      </label>
      {children({
        id: fieldId(field),
        name: field,
        ...(problem ? { "aria-invalid": true as const } : {}),
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
      })}
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {problem && (
        <p id={problemId(field)} className={PROBLEM_CLASSES}>
          {t(`planning.errors.${problem}`)}
        </p>
      )}
    </div>
  );
}

/**
 * The planning tools' questions as a plain GET form: the answers land in the address, so the result can
 * be bookmarked, shared and kept across a sign-in, and it works before (or without) JavaScript.
 * `children` come inside the form after the questions (the budgeting tool's lines).
 */
export function PlanForm({
  action,
  values,
  problems,
  submitLabel,
  children,
}: {
  action: string;
  values: PlanFormValues;
  problems: PlanProblems;
  submitLabel: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const hasProblems = Object.keys(problems).length > 0;
  return (
    <Form
      method="get"
      action={action}
      aria-labelledby="plan-form-title"
      className="flex flex-col gap-5 rounded-xl border border-border bg-card p-5 text-card-foreground"
    >
      <h2 id="plan-form-title" className="text-xl font-semibold">
        {t("planning.form.legend")}
      </h2>
      {hasProblems && (
        <p id="plan-problems" role="alert" className={PROBLEM_CLASSES}>
          {t("planning.errors.summary")}
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <PlanFieldBox field="eventType" label={t("planning.form.eventType")} problem={problems.eventType}>
          {(props) => (
            <select {...props} defaultValue={values.eventType} className={PLAN_INPUT_CLASSES}>
              <option value="">{t("planning.form.chooseType")}</option>
              {EVENT_TYPES.map((type) => (
                <option key={type.slug} value={type.slug}>
                  {t(`eventTypes.types.${type.slug}.name`)}
                </option>
              ))}
            </select>
          )}
        </PlanFieldBox>
        <PlanFieldBox field="attendance" label={t("planning.form.attendance")} problem={problems.attendance}>
          {(props) => (
            <input
              {...props}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              defaultValue={values.attendance}
              className={PLAN_INPUT_CLASSES}
            />
          )}
        </PlanFieldBox>
        <PlanFieldBox field="date" label={t("planning.form.date")} problem={problems.date}>
          {(props) => <input {...props} type="date" defaultValue={values.date} className={PLAN_INPUT_CLASSES} />}
        </PlanFieldBox>
        <PlanFieldBox
          field="budget"
          label={t("planning.form.budget")}
          hint={t("planning.form.budgetHint")}
          problem={problems.budget}
        >
          {(props) => (
            <input
              {...props}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              defaultValue={values.budget}
              className={PLAN_INPUT_CLASSES}
            />
          )}
        </PlanFieldBox>
        <PlanFieldBox field="setting" label={t("planning.form.setting")} problem={problems.setting}>
          {(props) => (
            <select {...props} defaultValue={values.setting} className={PLAN_INPUT_CLASSES}>
              {PLAN_SETTINGS.map((setting) => (
                <option key={setting} value={setting}>
                  {t(`planning.form.${setting}`)}
                </option>
              ))}
            </select>
          )}
        </PlanFieldBox>
        <PlanFieldBox field="area" label={t("planning.form.area")} problem={problems.area}>
          {(props) => (
            <select {...props} defaultValue={values.area} className={PLAN_INPUT_CLASSES}>
              {PLAN_AREAS.map((area) => (
                <option key={area} value={area}>
                  {t(`planning.areas.${area}`)}
                </option>
              ))}
            </select>
          )}
        </PlanFieldBox>
        <PlanFieldBox field="language" label={t("planning.form.language")} problem={problems.language}>
          {(props) => (
            <select {...props} defaultValue={values.language} className={PLAN_INPUT_CLASSES}>
              {LANGUAGES.map((language) => (
                <option key={language} value={language} lang={language}>
                  {t(`language.${language}`)}
                </option>
              ))}
            </select>
          )}
        </PlanFieldBox>
        <PlanFieldBox field="title" label={t("planning.form.title")} problem={problems.title}>
          {(props) => (
            <input {...props} type="text" maxLength={200} defaultValue={values.title} className={PLAN_INPUT_CLASSES} />
          )}
        </PlanFieldBox>
        <PlanFieldBox field="description" label={t("planning.form.description")} problem={problems.description} wide>
          {(props) => (
            <textarea
              {...props}
              rows={3}
              maxLength={2_500}
              defaultValue={values.description}
              className={`${PLAN_INPUT_CLASSES} h-auto py-2`}
            />
          )}
        </PlanFieldBox>
      </div>
      {children}
      <SubmitButton className="self-start">{submitLabel}</SubmitButton>
    </Form>
  );
}
