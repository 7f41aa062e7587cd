import { data, Form, Link } from "react-router";
import { dayAsDate, taskTitle } from "#app/components/event-plans/plan-words";
import { SubmitButton } from "#app/components/ui/submit-button";
import { TEXT_LINK } from "#app/components/ui/text-link";
import { formatCount, formatDate, formatMoney, isolateUserText } from "#app/i18n/format";
import { metaTranslator } from "#app/i18n/meta";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { useTranslation } from "#app/i18n/use-translation";
import { requireViewer } from "#app/require-viewer";
import { privatePageMeta } from "#app/seo";
import { PLAN_PHASES } from "#domain/event-plan-input";
import type { Language } from "#domain/language";
import { readSmallForm } from "#server/http/read-form";
import type { EventPlanDetail, SavedPlanTask } from "#server/services/event-plans";
import { loadOwnPlan, planFormAction, planIdOf } from "./dashboard-plan.server";
import type { Route } from "./+types/dashboard-plan";

const PRIVATE = { "Cache-Control": "private, no-store" };

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  const title = loaderData?.plan.title ?? t("eventPlans.metaTitle");
  return privatePageMeta(matches, `${title} | ${t("app.name")}`);
}

/** /dashboard/plans/:id: one saved plan, its tasks by phase, its budget, its event and its exports. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const plan = await loadOwnPlan(context.db, viewer, planIdOf(params.id));
  return data(
    { plan, pageMessages: await pageMessages(negotiateLanguage(request), ["eventPlans", "eventTypes"]) },
    { headers: PRIVATE },
  );
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const planId = planIdOf(params.id);
  const form = await readSmallForm(request);
  if (form === "too_large" || !form)
    return data({ ok: false, message: "error" } as const, { status: 400, headers: PRIVATE });
  return planFormAction(context.db, viewer, planId, form);
}

export default function DashboardPlan({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const { plan } = loaderData;
  const done = plan.tasks.filter((task) => task.done).length;
  const messages = {
    ticked: "eventPlans.tasks.ticked",
    unticked: "eventPlans.tasks.unticked",
    budgetSaved: "eventPlans.budget.saved",
    missing: "eventPlans.tasks.missing",
    budgetInvalid: "eventPlans.budget.invalid",
    error: "eventPlans.error",
  } as const;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-10 px-4 py-8">
      <header className="flex flex-col gap-2">
        <p>
          <Link to="/dashboard/plans" className={TEXT_LINK}>
            {t("eventPlans.backToPlans")}
          </Link>
        </p>
        <h1 className="text-3xl font-bold">{isolateUserText(plan.title)}</h1>
        <p className="text-muted-foreground">
          {t("eventPlans.summary", {
            type: t(`eventTypes.types.${plan.input.eventType}.name`),
            date: formatDate(dayAsDate(plan.input.date), "UTC", language),
            attendance: formatCount(plan.input.attendance, language),
          })}
        </p>
        <p className="text-sm">
          {t("eventPlans.progress", {
            done: formatCount(done, language),
            total: formatCount(plan.tasks.length, language),
          })}
        </p>
      </header>
      <p
        role={actionData && !actionData.ok ? "alert" : "status"}
        className={`empty:hidden font-medium ${actionData && !actionData.ok ? "text-destructive" : ""}`}
      >
        {actionData ? t(messages[actionData.message]) : ""}
      </p>
      <EventSection plan={plan} />
      <TasksSection plan={plan} />
      <BudgetSection plan={plan} />
      <section aria-labelledby="plan-exports-title" className="flex flex-col gap-3">
        <h2 id="plan-exports-title" className="text-2xl font-bold">
          {t("eventPlans.exports.title")}
        </h2>
        <p className="text-muted-foreground">{t("eventPlans.exports.intro")}</p>
        <ul className="flex flex-col gap-2">
          <li>
            <a href={`/dashboard/plans/${plan.id}/timeline.ics`} download className={TEXT_LINK}>
              {t("eventPlans.exports.ics")}
            </a>
          </li>
          <li>
            <a href={`/dashboard/plans/${plan.id}/budget.csv`} download className={TEXT_LINK}>
              {t("eventPlans.exports.csv")}
            </a>
          </li>
        </ul>
      </section>
      <section aria-labelledby="plan-delete-title" className="flex flex-col gap-3">
        <h2 id="plan-delete-title" className="text-2xl font-bold">
          {t("eventPlans.delete.title")}
        </h2>
        <details className="rounded-xl border border-border p-4">
          <summary className="min-h-11 cursor-pointer py-2 font-medium">{t("eventPlans.delete.open")}</summary>
          <Form method="post" className="flex flex-col items-start gap-3 pt-2">
            <input type="hidden" name="intent" value="delete" />
            <p id="plan-delete-warning" className="text-muted-foreground">
              {t("eventPlans.delete.warning")}
            </p>
            <SubmitButton variant="secondary" aria-describedby="plan-delete-warning">
              {t("eventPlans.delete.confirm")}
            </SubmitButton>
          </Form>
        </details>
      </section>
    </div>
  );
}

function EventSection({ plan }: { plan: EventPlanDetail }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="plan-event-title" className="flex flex-col items-start gap-3">
      <h2 id="plan-event-title" className="text-2xl font-bold">
        {t("eventPlans.event.title")}
      </h2>
      {plan.event ? (
        <>
          <p>
            {t("eventPlans.event.made", {
              title: isolateUserText(plan.event.title),
              status: t(`eventPlans.event.status.${plan.event.status}`),
            })}
          </p>
          <Link to={`/events/${plan.event.id}/edit`} className={`${TEXT_LINK} min-h-11 inline-flex items-center`}>
            {t("eventPlans.event.open")}
          </Link>
        </>
      ) : (
        <Form method="post" className="flex flex-col items-start gap-3">
          <input type="hidden" name="intent" value="create-event" />
          <p id="plan-event-intro" className="text-muted-foreground">
            {t("eventPlans.event.intro")}
          </p>
          <SubmitButton aria-describedby="plan-event-intro">{t("eventPlans.event.create")}</SubmitButton>
        </Form>
      )}
    </section>
  );
}

function TasksSection({ plan }: { plan: EventPlanDetail }) {
  const { t } = useTranslation();
  const phases = PLAN_PHASES.map((phase) => ({
    phase,
    tasks: plan.tasks.filter((task) => task.phase === phase),
  })).filter((group) => group.tasks.length > 0);
  return (
    <section aria-labelledby="plan-tasks-title" className="flex flex-col gap-4">
      <h2 id="plan-tasks-title" className="text-2xl font-bold">
        {t("eventPlans.tasks.title")}
      </h2>
      <p className="text-muted-foreground">{t("eventPlans.tasks.intro")}</p>
      {phases.map(({ phase, tasks }) => (
        <section key={phase} aria-labelledby={`phase-${phase}`} className="flex flex-col gap-2">
          <h3 id={`phase-${phase}`} className="text-lg font-semibold">
            {t(`eventPlans.phases.${phase}`)}
          </h3>
          <ul className="flex flex-col divide-y divide-border rounded-xl border border-border">
            {tasks.map((task) => (
              <TaskRow key={task.key} task={task} planId={plan.id} eventId={plan.event?.id ?? null} />
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

function TaskRow({ task, planId, eventId }: { task: SavedPlanTask; planId: number; eventId: number | null }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const id = `task-${task.key}`;
  return (
    <li className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between" data-task={task.key}>
      <div className="flex flex-col gap-1">
        <p id={id} className={`font-medium ${task.done ? "text-muted-foreground line-through" : ""}`}>
          {taskTitle(t, task)}
        </p>
        <p className="text-sm text-muted-foreground">
          {t("eventPlans.tasks.due", { date: formatDate(dayAsDate(task.dueOn), "UTC", language) })} ·{" "}
          {t("eventPlans.tasks.owner", { owner: t(`eventPlans.owners.${task.owner}`) })}
          {task.done ? ` · ${t("eventPlans.tasks.done")}` : ""}
        </p>
      </div>
      {task.doneBySite ? (
        <p className="text-sm font-medium">
          {t("eventPlans.tasks.doneBySite")}
          {eventId !== null ? (
            <>
              {" · "}
              <Link to={`/events/${eventId}/edit`} className={TEXT_LINK} aria-describedby={id}>
                {t("eventPlans.tasks.seeEvent")}
              </Link>
            </>
          ) : null}
        </p>
      ) : (
        <Form method="post" action={`/dashboard/plans/${planId}`} preventScrollReset>
          <input type="hidden" name="intent" value="task" />
          <input type="hidden" name="key" value={task.key} />
          <input type="hidden" name="done" value={task.doneAt ? "0" : "1"} />
          <SubmitButton variant="outline" size="sm" aria-describedby={id} className="shrink-0">
            {task.doneAt ? t("eventPlans.tasks.markNotDone") : t("eventPlans.tasks.markDone")}
          </SubmitButton>
        </Form>
      )}
    </li>
  );
}

function BudgetSection({ plan }: { plan: EventPlanDetail }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const money = (cents: number) => formatMoney(cents, language);
  const figures = [
    ["total", plan.budget.totalCents],
    ["perAttendee", plan.budget.perAttendeeCents],
    ["breakEven", plan.budget.breakEvenPriceCents],
  ] as const;
  return (
    <section aria-labelledby="plan-budget-title" className="flex flex-col gap-4">
      <h2 id="plan-budget-title" className="text-2xl font-bold">
        {t("eventPlans.budget.title")}
      </h2>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {figures.map(([key, cents]) => (
          <div key={key} className="flex flex-col gap-1 rounded-xl border border-border p-4">
            <dt className="text-sm text-muted-foreground">{t(`eventPlans.budget.${key}`)}</dt>
            <dd className="text-2xl font-bold tabular-nums" data-testid={`budget-${key}`}>
              {money(cents)}
            </dd>
          </div>
        ))}
      </dl>
      <p>
        {t("eventPlans.budget.fewer", {
          attendance: formatCount(plan.budget.fewerAttendance, language),
          price: money(plan.budget.fewerBreakEvenPriceCents),
        })}
      </p>
      <ul className="flex flex-col gap-1">
        {plan.budgetLines.map((line) => (
          <li key={line.category} className="flex justify-between gap-4 border-b border-border py-1">
            <span>{t(`eventPlans.budget.categories.${line.category}`)}</span>
            <span className="tabular-nums">
              {line.perAttendeeCents === null
                ? money(line.amountCents)
                : t("eventPlans.budget.linePerAttendee", {
                    amount: money(line.amountCents),
                    price: money(line.perAttendeeCents),
                  })}
            </span>
          </li>
        ))}
      </ul>
      <details id="budget-edit" className="rounded-xl border border-border p-4">
        <summary className="min-h-11 cursor-pointer py-2 font-medium">{t("eventPlans.budget.edit")}</summary>
        <Form method="post" className="flex flex-col gap-3 pt-2" preventScrollReset>
          <input type="hidden" name="intent" value="budget" />
          <p className="text-sm text-muted-foreground">{t("eventPlans.budget.editIntro")}</p>
          {plan.budgetLines.map((line) => {
            const category = t(`eventPlans.budget.categories.${line.category}`);
            const cents = line.perAttendeeCents ?? line.amountCents;
            return (
              <label key={line.category} className="flex flex-col gap-1 text-sm font-medium">
                {line.perAttendeeCents === null
                  ? t("eventPlans.budget.amount", { category })
                  : t("eventPlans.budget.amountPerAttendee", { category })}
                <input
                  name={`budget.${line.category}`}
                  inputMode="decimal"
                  required
                  defaultValue={(cents / 100).toFixed(2)}
                  className="min-h-11 rounded-md border border-input bg-background px-3 text-base"
                  dir="ltr"
                />
              </label>
            );
          })}
          <div>
            <SubmitButton>{t("eventPlans.budget.save")}</SubmitButton>
          </div>
        </Form>
      </details>
    </section>
  );
}
