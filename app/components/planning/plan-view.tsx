import { Building2, CalendarCheck, CheckCircle2, FileCheck, Wallet } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { formatLongDate } from "#app/components/info/info-page";
import { buttonClasses } from "#app/components/ui/button";
import { formatCount, formatMoney } from "#app/i18n/format";
import { useTranslation } from "#app/i18n/use-translation";
import type { BudgetSummary } from "#domain/event-budget";
import type { PlanInput, PlanPhase, PlanTask } from "#domain/event-plan-input";
import type { Language } from "#domain/language";
import type { VenueCandidate } from "#domain/venue-suggestions";

export interface PlanViewProps {
  input: PlanInput;
  phases: { phase: PlanPhase; tasks: PlanTask[] }[];
  venues: { venue: VenueCandidate; reasons: string[] }[];
  budget: BudgetSummary;
  /** The budgeting tool with the same answers. */
  budgetHref: string;
}

export function PlanSection({
  id,
  title,
  icon,
  children,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className="flex min-w-0 flex-col gap-4 rounded-xl border border-border bg-card p-5 text-card-foreground"
    >
      <h3 id={id} className="flex items-center gap-2 text-xl font-semibold">
        {icon}
        {title}
      </h3>
      {children}
    </section>
  );
}

/** One task of the timeline: what, by when, who, and what the site does about it. */
function TaskItem({ task, area }: { task: PlanTask; area: PlanInput["area"] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const agency =
    task.permit === null
      ? null
      : area === "elsewhere"
        ? t("planning.agencies.elsewhere")
        : t(`planning.agencies.${area}.${task.permit}`);
  return (
    <li className="flex flex-col gap-1 border-s-2 border-primary/60 ps-3">
      <p className="font-medium">
        {task.permit
          ? t("planning.plan.permitTask", { permit: t(`planning.permitNames.${task.permit}`) })
          : t(`eventTypes.checklist.${task.item}`)}
      </p>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
        <span>
          <time dateTime={task.dueOn}>{t("planning.plan.dueOn", { date: formatLongDate(task.dueOn, language) })}</time>
        </span>
        <span>
          {t("planning.plan.ownerTerm")}: {t(`planning.owners.${task.owner}`)}
        </span>
      </p>
      {agency && (
        <p className="text-sm">
          <span className="font-medium">{t("planning.plan.agencyTerm")}:</span> {agency}
        </p>
      )}
      {task.siteAction && (
        <p className="flex items-start gap-2 text-sm text-emerald-800 dark:text-emerald-300">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          <span>
            <span className="font-medium">{t("planning.plan.byTheSite")}.</span>{" "}
            {t(`planning.siteActions.${task.siteAction}`)}
          </span>
        </p>
      )}
    </li>
  );
}

/** The budget's figures, shared by the planner's summary and the budgeting tool. */
export function BudgetFigures({ summary, attendance }: { summary: BudgetSummary; attendance: number }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const money = (cents: number) => formatMoney(cents, language);
  const rows: [string, string, string?][] = [
    [t("planning.budget.totalCost"), money(summary.totalCents)],
    [t("planning.budget.perAttendee"), money(summary.perAttendeeCents)],
    [
      t("planning.budget.breakEven"),
      money(summary.breakEvenPriceCents),
      t("planning.budget.breakEvenNote", { attendance: formatCount(attendance, language) }),
    ],
    [
      t("planning.budget.fewer"),
      t("planning.budget.fewerValue", {
        price: money(summary.fewerBreakEvenPriceCents),
        attendance: formatCount(summary.fewerAttendance, language),
      }),
    ],
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      {rows.map(([term, value, note]) => (
        <div key={term} className="flex flex-col gap-1 rounded-lg bg-muted/60 p-3">
          <dt className="text-sm text-muted-foreground">{term}</dt>
          <dd className="text-lg font-semibold">{value}</dd>
          {note && <dd className="text-xs text-muted-foreground">{note}</dd>}
        </div>
      ))}
    </dl>
  );
}

/**
 * The plan: the timeline by phase (tasks with due dates, owners, permits with the area's authority, and
 * what this site does itself), venue suggestions, and the default budget's summary.
 */
export function PlanView({ input, phases, venues, budget, budgetHref }: PlanViewProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const hasPermits = phases.some((phase) => phase.tasks.some((task) => task.permit !== null));
  const budgetGap = input.budgetCents === null ? null : input.budgetCents - budget.totalCents;
  return (
    <section aria-labelledby="plan-title" className="flex min-w-0 flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h2 id="plan-title" className="text-2xl font-bold">
          {input.title ? <bdi>{input.title}</bdi> : t("planning.plan.title")}
        </h2>
        <p className="text-muted-foreground">
          {t("planning.plan.summary", {
            type: t(`eventTypes.types.${input.eventType}.name`),
            attendance: formatCount(input.attendance, language),
            date: formatLongDate(input.date, language),
            area: t(`planning.areas.${input.area}`),
          })}
        </p>
      </div>

      <PlanSection
        id="plan-timeline"
        title={t("planning.plan.timelineTitle")}
        icon={<CalendarCheck aria-hidden="true" className="h-5 w-5 text-primary" />}
      >
        <ol className="flex flex-col gap-6">
          {phases.map(({ phase, tasks }) => (
            <li key={phase} className="flex flex-col gap-3">
              <h4 className="text-base font-semibold">{t(`planning.phases.${phase}`)}</h4>
              <ul className="flex flex-col gap-4">
                {tasks.map((task) => (
                  <TaskItem key={task.key} task={task} area={input.area} />
                ))}
              </ul>
            </li>
          ))}
        </ol>
        {hasPermits && (
          <p className="flex items-start gap-2 text-sm text-muted-foreground">
            <FileCheck aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            {t("planning.plan.permitsNote")}
          </p>
        )}
      </PlanSection>

      <PlanSection
        id="plan-venues"
        title={t("planning.plan.venuesTitle")}
        icon={<Building2 aria-hidden="true" className="h-5 w-5 text-primary" />}
      >
        {venues.length > 0 ? (
          <>
            <p className="text-sm text-muted-foreground">{t("planning.plan.venuesIntro")}</p>
            <ul className="grid gap-3 md:grid-cols-3">
              {venues.map(({ venue, reasons }) => (
                <li key={venue.id} className="flex min-w-0 flex-col gap-2 rounded-lg border border-border p-4">
                  <p className="font-semibold">
                    <bdi>{venue.name}</bdi>
                  </p>
                  <p className="text-sm text-muted-foreground">
                    <bdi>{[venue.city, venue.state].filter(Boolean).join(", ")}</bdi>
                  </p>
                  <ul className="flex flex-wrap gap-2">
                    {reasons.map((reason) => (
                      <li key={reason} className="rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium">
                        {t(`planning.venueReasons.${reason}`)}
                      </li>
                    ))}
                  </ul>
                  <p className="text-sm">
                    {t("planning.plan.venueEvents", { count: formatCount(venue.events, language) })}
                    {venue.capacity !== null && (
                      <>
                        <br />
                        {t("planning.plan.venueCapacity", { count: formatCount(venue.capacity, language) })}
                      </>
                    )}
                  </p>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p>
            {t("planning.plan.noVenues")}{" "}
            <Link to={`/event-types/${input.eventType}`} className="text-primary underline underline-offset-4">
              {t(`eventTypes.types.${input.eventType}.name`)}
            </Link>
          </p>
        )}
      </PlanSection>

      <PlanSection
        id="plan-budget"
        title={t("planning.plan.budgetTitle")}
        icon={<Wallet aria-hidden="true" className="h-5 w-5 text-primary" />}
      >
        <p className="text-sm text-muted-foreground">{t("planning.plan.budgetIntro")}</p>
        <BudgetFigures summary={budget} attendance={input.attendance} />
        {budgetGap !== null && (
          <p className={budgetGap < 0 ? "font-medium text-red-700 dark:text-red-300" : "font-medium"}>
            {budgetGap < 0
              ? t("planning.plan.overBudget", { amount: formatMoney(-budgetGap, language) })
              : t("planning.plan.withinBudget", { amount: formatMoney(budgetGap, language) })}
          </p>
        )}
        <Link to={budgetHref} className={buttonClasses("outline", "md", "self-start")}>
          {t("planning.plan.openBudget")}
        </Link>
      </PlanSection>
    </section>
  );
}
