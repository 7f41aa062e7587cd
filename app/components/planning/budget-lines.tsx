import { useTranslation } from "#app/i18n/use-translation";
import type { BudgetCategory } from "#domain/event-plan-input";
import { lineAmountField, linePerAttendeeField, type BudgetLineValues } from "#domain/plan-query";
import { PLAN_INPUT_CLASSES, PROBLEM_CLASSES } from "./plan-form";

/**
 * The budget's lines as fields of the budgeting tool's GET form: per category an amount in dollars and
 * whether it counts in all or per guest. A line's problem shows under it.
 */
export function BudgetLineFields({
  values,
  problems,
}: {
  values: BudgetLineValues[];
  problems: Partial<Record<BudgetCategory, string>>;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 border-t border-border pt-4">
      <legend className="text-lg font-semibold">{t("planning.budget.linesTitle")}</legend>
      <p className="text-sm text-muted-foreground">{t("planning.budget.linesIntro")}</p>
      <ul className="flex flex-col gap-3">
        {values.map((line) => {
          const id = `line-${line.category}`;
          const problem = problems[line.category];
          return (
            <li
              key={line.category}
              className="grid min-w-0 grid-cols-2 items-end gap-2 sm:grid-cols-[minmax(0,12rem)_minmax(0,10rem)_minmax(0,10rem)]"
            >
              <p id={`${id}-name`} className="col-span-2 self-center font-medium sm:col-span-1">
                {t(`planning.categories.${line.category}`)}
              </p>
              <div className="flex min-w-0 flex-col gap-1">
                <label htmlFor={`${id}-amount`} className="text-xs text-muted-foreground">
                  {t("planning.budget.amount")}
                </label>
                <input
                  id={`${id}-amount`}
                  name={lineAmountField(line.category)}
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  defaultValue={line.amount}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={[`${id}-name`, problem ? `${id}-problem` : ""].filter(Boolean).join(" ")}
                  className={PLAN_INPUT_CLASSES}
                />
              </div>
              <div className="flex min-w-0 flex-col gap-1">
                <label htmlFor={`${id}-basis`} className="text-xs text-muted-foreground">
                  {t("planning.budget.basis")}
                </label>
                <select
                  id={`${id}-basis`}
                  name={linePerAttendeeField(line.category)}
                  defaultValue={line.perAttendee ? "person" : "total"}
                  aria-describedby={`${id}-name`}
                  className={PLAN_INPUT_CLASSES}
                >
                  <option value="total">{t("planning.budget.total")}</option>
                  <option value="person">{t("planning.budget.perPerson")}</option>
                </select>
              </div>
              {problem && (
                <p id={`${id}-problem`} className={`col-span-2 sm:col-span-3 ${PROBLEM_CLASSES}`}>
                  {t(`planning.errors.${problem}`)}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
