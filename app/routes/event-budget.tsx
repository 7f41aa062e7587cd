import { Ticket, Wallet } from "lucide-react";
import { data, Link } from "react-router";
import { createEventHref } from "#app/components/event-form/event-form-prefill";
import { BudgetLineFields } from "#app/components/planning/budget-lines";
import { PlanForm } from "#app/components/planning/plan-form";
import { BudgetFigures, PlanSection } from "#app/components/planning/plan-view";
import { SavePlan } from "#app/components/planning/save-plan";
import { buttonClasses } from "#app/components/ui/button";
import { formatCount, formatMoney } from "#app/i18n/format";
import { metaTranslator } from "#app/i18n/meta";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { useTranslation } from "#app/i18n/use-translation";
import { pageMeta } from "#app/seo";
import { ticketTypesForBudget } from "#domain/event-budget";
import type { Language } from "#domain/language";
import { appendBudgetLines, budgetLineValuesOf, planQueryOf } from "#domain/plan-query";
import { budgetOf, PLANNING_HEADERS, planQueryOfRequest, savePlanAction } from "./event-planning.server";
import type { Route } from "./+types/event-budget";

/**
 * /event-planning/budget: the planner's questions and the budget's lines, all in the address (a GET form
 * that saves nothing): lines by category with suggested amounts, each editable, the totals, the break-even
 * ticket price with the site's fees, and the ticket types that price gives for a new event.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const language = negotiateLanguage(request);
  const { query } = planQueryOfRequest(request, language);
  const budget = query.input ? budgetOf(request, query.input) : null;
  const url = new URL(request.url);
  return data(
    {
      values: query.values,
      problems: query.problems,
      input: query.input,
      budget: budget && {
        ...budget,
        ticketTypes: budget.summary && ticketTypesForBudget(budget.summary, query.input!.attendance),
      },
      here: `${url.pathname}${url.search}`,
      isSignedIn: context.viewer !== null,
      pageMessages: await pageMessages(language, ["planning", "eventTypes"]),
    },
    { headers: PLANNING_HEADERS },
  );
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

/** "Save with this budget" (signed in; a visitor is sent to sign in and back). */
export async function action({ request, context }: Route.ActionArgs) {
  return savePlanAction(request, context, negotiateLanguage(request), true);
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return pageMeta(matches, {
    title: `${t("planning.budgetMetaTitle")} | ${t("app.name")}`,
    description: t("planning.budgetMetaDescription"),
    path: "/event-planning/budget",
  });
}

export default function EventBudgetPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const { values, problems, input, budget, here, isSignedIn } = loaderData;
  const planQuery = input ? planQueryOf(input) : null;
  const ticketTypes = (budget?.ticketTypes ?? []).map((type) => ({
    name: t(`planning.budget.ticketNames.${type.kind}`),
    priceCents: type.priceCents,
    quantity: type.quantity,
  }));
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-4 py-8">
      <div className="flex flex-col gap-2">
        <Link to="/event-planning" className="self-start text-sm text-primary underline-offset-4 hover:underline">
          {t("planning.backToTools")}
        </Link>
        <h1 className="text-3xl font-bold">{t("planning.budgetTitle")}</h1>
        <p className="max-w-3xl text-muted-foreground">{t("planning.budgetIntro")}</p>
      </div>
      <PlanForm
        action="/event-planning/budget"
        values={values}
        problems={problems}
        submitLabel={t(budget ? "planning.budget.update" : "planning.form.submitBudget")}
      >
        {budget && (
          <BudgetLineFields
            values={budget.lineValues ?? budgetLineValuesOf(budget.lines)}
            problems={budget.lineProblems}
          />
        )}
      </PlanForm>
      {input && budget && planQuery && (
        <>
          <Link
            to={`/event-planning/budget?${planQuery.toString()}`}
            className="self-start text-sm text-primary underline underline-offset-4"
          >
            {t("planning.budget.reset")}
          </Link>
          {budget.summary && (
            <PlanSection
              id="budget-totals"
              title={t("planning.budget.totalsTitle")}
              icon={<Wallet aria-hidden="true" className="h-5 w-5 text-primary" />}
            >
              <BudgetFigures summary={budget.summary} attendance={input.attendance} />
            </PlanSection>
          )}
          {budget.summary && ticketTypes.length > 0 && (
            <PlanSection
              id="budget-price"
              title={t("planning.budget.priceTitle")}
              icon={<Ticket aria-hidden="true" className="h-5 w-5 text-primary" />}
            >
              <p>{t("planning.budget.priceBody")}</p>
              <ul aria-label={t("planning.budget.ticketTypesTitle")} className="flex flex-col gap-1">
                {ticketTypes.map((type) => (
                  <li key={type.name} className="font-medium">
                    {t("planning.budget.ticketLine", {
                      name: type.name,
                      price: formatMoney(type.priceCents, language),
                      quantity: formatCount(type.quantity, language),
                    })}
                  </li>
                ))}
              </ul>
              <Link
                to={createEventHref({
                  title: input.title,
                  eventType: input.eventType,
                  date: input.date,
                  ticketTypes,
                })}
                className={buttonClasses("primary", "md", "self-start")}
              >
                {t("planning.budget.priceCta")}
              </Link>
            </PlanSection>
          )}
          {budget.summary && (
            <SavePlan
              isSignedIn={isSignedIn}
              fields={[...appendBudgetLines(planQueryOf(input), budget.lines).entries()]}
              here={here}
              ctaKey="ctaWithBudget"
              saveError={actionData?.saveError ?? null}
            />
          )}
        </>
      )}
    </div>
  );
}
