import { data, Link } from "react-router";
import { AssistantSlot } from "#app/components/planning/assistant-slot";
import { PlanForm } from "#app/components/planning/plan-form";
import { PlanView } from "#app/components/planning/plan-view";
import { SavePlan } from "#app/components/planning/save-plan";
import { useAssistedPlan } from "#app/components/planning/use-assisted-plan";
import { metaTranslator } from "#app/i18n/meta";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { useTranslation } from "#app/i18n/use-translation";
import { pageMeta } from "#app/seo";
import { planQueryOf } from "#domain/plan-address";
import { PLAN_CHOICES, PLANNING_HEADERS, planOf, planQueryOfRequest, savePlanAction } from "./event-planning.server";
import type { Route } from "./+types/event-planner";

/**
 * /event-planning/planner: the questions come in the address (a GET form); with good answers the page
 * shows the plan, with bad ones the fields' problems and nothing worked out (still a 200: the page is
 * the form). Unknown parameters are ignored.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const language = negotiateLanguage(request);
  const { now, today, query } = planQueryOfRequest(request, language);
  const plan = query.input ? await planOf(context.db, query.input, today, now) : null;
  const url = new URL(request.url);
  return data(
    {
      values: query.values,
      choices: PLAN_CHOICES,
      problems: query.problems,
      input: query.input,
      plan,
      here: `${url.pathname}${url.search}`,
      isSignedIn: context.viewer !== null,
      today,
      isAssistantOn: context.config.assistant !== null,
      pageMessages: await pageMessages(language, ["planning", "eventTypes", "assistant"]),
    },
    { headers: PLANNING_HEADERS },
  );
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

/** "Save this plan" (signed in; a visitor is sent to sign in and back). */
export async function action({ request, context }: Route.ActionArgs) {
  return savePlanAction(request, context, negotiateLanguage(request), false);
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return pageMeta(matches, {
    title: `${t("planning.plannerMetaTitle")} | ${t("app.name")}`,
    description: t("planning.plannerMetaDescription"),
    path: "/event-planning/planner",
  });
}

export default function EventPlannerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { values, choices, problems, input, plan, here, isSignedIn, today, isAssistantOn } = loaderData;
  const assisted = useAssistedPlan(input, plan, today);
  const query = input ? planQueryOf(input) : null;
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-4 py-8">
      <div className="flex flex-col gap-2">
        <Link to="/event-planning" className="self-start text-sm text-primary underline-offset-4 hover:underline">
          {t("planning.backToTools")}
        </Link>
        <h1 className="text-3xl font-bold">{t("planning.plannerTitle")}</h1>
        <p className="max-w-3xl text-muted-foreground">{t("planning.plannerIntro")}</p>
      </div>
      <PlanForm
        action="/event-planning/planner"
        values={values}
        choices={choices}
        problems={problems}
        submitLabel={t("planning.form.submitPlan")}
      />
      {input && plan && query && (
        <>
          <PlanView
            input={input}
            phases={assisted.phases}
            venues={plan.venues}
            budget={assisted.budget ?? plan.budget}
            budgetHref={`/event-planning/budget?${query.toString()}`}
          />
          <SavePlan
            isSignedIn={isSignedIn}
            fields={[...query.entries()]}
            here={here}
            ctaKey="cta"
            saveError={actionData?.saveError ?? null}
          />
          <AssistantSlot
            isAssistantOn={isAssistantOn}
            plan={input}
            budgetLines={assisted.budgetLines}
            onApplySuggestion={assisted.apply}
          />
        </>
      )}
    </div>
  );
}
