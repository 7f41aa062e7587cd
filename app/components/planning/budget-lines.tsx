import { formatMoney } from "#app/i18n/format";
import { useTranslation } from "#app/i18n/use-translation";
import type { BudgetCategory, BudgetLine } from "#domain/event-plan-input";
import type { Language } from "#domain/language";
import { lineAmountField, linePerAttendeeField, type BudgetLineValues } from "#domain/plan-address";
import { PLAN_INPUT_CLASSES, PROBLEM_CLASSES } from "./plan-form";

/**
 * The budget's lines as fields of the budgeting tool's GET form: per category an amount in dollars and
 * whether it counts in all or per guest. A line's problem shows under it.
 */
export function BudgetLineFields({
  values,
  problems,
  lines,
}: {
  values: BudgetLineValues[];
  problems: Partial<Record<BudgetCategory, string>>;
  /** The lines as counted: a per-guest line shows its total beside it. */
  lines: readonly BudgetLine[];
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const counted: Partial<Record<BudgetCategory, number>> = Object.fromEntries(
    lines.map((entry) => [entry.category, entry.amountCents]),
  );
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
              {!problem && line.perAttendee && counted[line.category] !== undefined && (
                <p className="col-span-2 text-sm text-muted-foreground sm:col-span-3">
                  {t("planning.budget.lineTotal", { amount: formatMoney(counted[line.category]!, language) })}
                </p>
              )}
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
