import { LocateFixed } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Form } from "react-router";
import { buttonClasses } from "#app/components/ui/button";
import { SubmitButton } from "#app/components/ui/submit-button";
import { useIsInteractive } from "#app/components/ui/use-is-interactive";
import { formatCount, formatMoney } from "#app/i18n/format";
import { useTranslation } from "#app/i18n/use-translation";
import { CATEGORIES } from "#domain/catalog";
import { LANGUAGES, type Language } from "#domain/language";
import {
  COMPANY_CHOICES,
  DISTANCE_CHOICES,
  MATCHMAKER_BUDGETS,
  MATCHMAKER_PLACES,
  WHEN_CHOICES,
  type MatchmakerFormErrors,
  type MatchmakerFormValues,
} from "#domain/matchmaker-choices";

type Errors = Partial<Record<keyof MatchmakerFormErrors, string>>;

const CHOICE =
  "flex min-h-11 items-center gap-2 rounded-md border border-border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10";
const INPUT = "h-4 w-4 shrink-0 accent-[var(--primary)]";
const FIELD = "h-11 w-full rounded-md border border-border bg-background px-3 text-sm text-foreground";

/**
 * The quiz: one plain GET form (its answers in the address), so it works before and without scripts.
 * With scripts, "Use my location" fills hidden latitude and longitude fields from the browser.
 */
export function MatchmakerQuizForm({ values, errors }: { values: MatchmakerFormValues; errors: Errors | null }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const budgetLabel = (budget: (typeof MATCHMAKER_BUDGETS)[number]) =>
    budget === "free"
      ? t("matchmaker.budgetFree")
      : budget === "any"
        ? t("matchmaker.budgetAny")
        : t("matchmaker.budgetUnder", { price: formatMoney(Number(budget) * 100, language) });
  return (
    <Form method="get" className="flex flex-col gap-6" aria-labelledby="matchmaker-quiz-title">
      <h2 id="matchmaker-quiz-title" className="text-xl font-semibold">
        {t("matchmaker.quizTitle")}
      </h2>
      {errors && Object.keys(errors).length > 0 && (
        <div role="alert" className="rounded-md border border-red-700 p-4 dark:border-red-400">
          <h3 className="font-semibold">{t("matchmaker.errorsTitle")}</h3>
          <ul className="mt-1 list-disc ps-5 text-sm">
            {Object.entries(errors).map(([field, message]) => (
              <li key={field}>
                <a href={`#matchmaker-${field}`} className="underline underline-offset-4">
                  {t(`matchmaker.errors.${message}`)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <Question
        id="categories"
        legend={t("matchmaker.categories")}
        hint={t("matchmaker.categoriesHint")}
        errors={errors}
      >
        <div className="grid grid-cols-2 gap-2 @xl:grid-cols-3 @4xl:grid-cols-5">
          {CATEGORIES.map((category) => (
            <label key={category.key} className={CHOICE}>
              <input
                type="checkbox"
                name="category"
                value={category.key}
                defaultChecked={values.categories.includes(category.key)}
                className={INPUT}
              />
              <span className="min-w-0 break-words">{t(`category.${category.key}`)}</span>
            </label>
          ))}
        </div>
      </Question>
      <Question id="when" legend={t("matchmaker.when")} errors={errors}>
        <Choices
          name="when"
          choices={WHEN_CHOICES}
          value={values.when}
          label={(when) => t(`matchmaker.whenChoice.${when}`)}
        />
      </Question>
      <Question id="budget" legend={t("matchmaker.budget")} errors={errors}>
        <Choices name="budget" choices={MATCHMAKER_BUDGETS} value={values.budget} label={budgetLabel} />
      </Question>
      <Question id="distance" legend={t("matchmaker.distance")} errors={errors}>
        <Choices
          name="miles"
          choices={[...DISTANCE_CHOICES.map(String), "any"]}
          value={values.miles}
          label={(miles) =>
            miles === "any"
              ? t("matchmaker.distanceAny")
              : t("matchmaker.distanceMiles", { miles: formatCount(Number(miles), language) })
          }
        />
        <Origin values={values} />
      </Question>
      <Question id="languages" legend={t("matchmaker.languages")} hint={t("matchmaker.languagesHint")} errors={errors}>
        <div className="grid grid-cols-2 gap-2 @xl:grid-cols-4">
          {LANGUAGES.map((code) => (
            <label key={code} className={CHOICE}>
              <input
                type="checkbox"
                name="language"
                value={code}
                defaultChecked={values.languages.includes(code)}
                className={INPUT}
              />
              {t(`eventLanguage.${code}`)}
            </label>
          ))}
        </div>
      </Question>
      <Question id="company" legend={t("matchmaker.company")} errors={errors}>
        <Choices
          name="company"
          choices={COMPANY_CHOICES}
          value={values.company}
          label={(company) => t(`matchmaker.companyChoice.${company}`)}
        />
      </Question>
      <SubmitButton className="self-start">{t("matchmaker.submit")}</SubmitButton>
    </Form>
  );
}

/** One question: a fieldset with its legend, an optional hint and its error, which the fields are described by. */
function Question({
  id,
  legend,
  hint,
  errors,
  children,
}: {
  id: keyof MatchmakerFormErrors;
  legend: string;
  hint?: string;
  errors: Errors | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const error = errors?.[id];
  const describedBy = [hint && `matchmaker-${id}-hint`, error && `matchmaker-${id}-error`].filter(Boolean).join(" ");
  return (
    <fieldset
      id={`matchmaker-${id}`}
      aria-describedby={describedBy || undefined}
      className="flex min-w-0 flex-col gap-2"
    >
      <legend className="mb-1 font-semibold">{legend}</legend>
      {hint && (
        <p id={`matchmaker-${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={`matchmaker-${id}-error`} className="text-sm font-medium text-red-700 dark:text-red-300">
          {t(`matchmaker.errors.${error}`)}
        </p>
      )}
      {children}
    </fieldset>
  );
}

/** Radio buttons for one answer, laid out to wrap on a phone. */
function Choices<Choice extends string>({
  name,
  choices,
  value,
  label,
}: {
  name: string;
  choices: readonly Choice[];
  value: string;
  label: (choice: Choice) => string;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {choices.map((choice) => (
        <label key={choice} className={CHOICE}>
          <input type="radio" name={name} value={choice} defaultChecked={value === choice} className={INPUT} />
          {label(choice)}
        </label>
      ))}
    </div>
  );
}

/**
 * Where the distance counts from: a place from the list, or, with scripts, the browser's position in hidden
 * fields (which win over the place). A position that came in the address stays until cleared.
 */
function Origin({ values }: { values: MatchmakerFormValues }) {
  const { t } = useTranslation();
  const interactive = useIsInteractive();
  const [position, setPosition] = useState(values.lat && values.lng ? { lat: values.lat, lng: values.lng } : null);
  const [state, setState] = useState<"idle" | "locating" | "unavailable">("idle");
  const locate = () => {
    setState("locating");
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setPosition({ lat: coords.latitude.toFixed(4), lng: coords.longitude.toFixed(4) });
        setState("idle");
      },
      () => setState("unavailable"),
      { timeout: 10_000, maximumAge: 600_000 },
    );
  };
  return (
    <div className="mt-2 flex flex-col gap-2 @md:max-w-md">
      {position ? (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-muted px-3 py-2 text-sm">
          <input type="hidden" name="lat" value={position.lat} />
          <input type="hidden" name="lng" value={position.lng} />
          <span>{t("matchmaker.usingMyLocation")}</span>
          {interactive && (
            <button type="button" onClick={() => setPosition(null)} className={buttonClasses("ghost", "sm")}>
              {t("matchmaker.clearLocation")}
            </button>
          )}
        </div>
      ) : (
        <>
          <label htmlFor="matchmaker-near" className="text-sm font-medium">
            {t("matchmaker.from")}
          </label>
          <p id="matchmaker-from-hint" className="text-sm text-muted-foreground">
            {t("matchmaker.fromHint")}
          </p>
          <select
            id="matchmaker-near"
            name="near"
            defaultValue={values.near}
            aria-describedby="matchmaker-from-hint"
            className={FIELD}
          >
            <option value="">{t("matchmaker.choosePlace")}</option>
            {MATCHMAKER_PLACES.map((place) => (
              <option key={place} value={place}>
                {t(`matchmaker.places.${place}`)}
              </option>
            ))}
          </select>
          {interactive && "geolocation" in navigator && (
            <button type="button" onClick={locate} className={buttonClasses("outline", "sm", "self-start")}>
              <LocateFixed aria-hidden="true" className="h-4 w-4" />
              {t("matchmaker.useMyLocation")}
            </button>
          )}
          {state === "locating" && (
            <p role="status" className="text-sm">
              {t("matchmaker.locating")}
            </p>
          )}
          {state === "unavailable" && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-300">
              {t("matchmaker.locationUnavailable")}
            </p>
          )}
        </>
      )}
    </div>
  );
}
