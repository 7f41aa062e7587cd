import {
  PLAN_PHASES,
  type PlanArea,
  type PlanInput,
  type PlanPhase,
  type PlanTask,
  type SiteAction,
  type TaskOwner,
} from "./event-plan-input";
import { eventTypeBySlug, type EventTypeGuide, type PermitTopic, type PlanningItem } from "./event-types";

/**
 * The planning engine of /event-planning (issue 20): from the planner's answers, the tasks of a plan with
 * their phase, owner and due day, counted back from the event day. Data tables first, then the rules.
 * Where each number comes from is written in docs/planning.md: they are planning defaults, to be checked
 * with the venue and the locality, not legal advice.
 *
 * A task's words: a task with a `siteAction` is one of the site's own steps (words by site action); else a
 * task with a `permit` is about that permit (the eventTypes.permits words); else its `item` (the
 * eventTypes.items words).
 */

/** Tasks due this many days before the event or fewer belong to its last week and are never compressed. */
export const FINAL_WEEK_DAYS = 7;

/** Preparation tasks (those timed as a share of the lead time) fall due at least this long before the day. */
const MIN_PREPARATION_DAYS = FINAL_WEEK_DAYS + 1;

/** A task is timed as a share of the plan's lead time (1 = the day planning starts), or a fixed number of days. */
type Timing = { share: number } | { days: number };

interface TaskRule {
  phase: PlanPhase;
  owner: TaskOwner;
  timing: Timing;
}

/**
 * The checklist items planned by the organizer and vendors, with their phase, owner and timing. The items
 * the site does itself (publish-event, set-up-check-in, follow-up) are the site's tasks below, and
 * check-permits becomes one task per permit that applies.
 */
const ITEM_RULES: Readonly<Record<Exclude<PlanningItem, "publish-event" | "set-up-check-in" | "follow-up">, TaskRule>> =
  {
    "define-goals": { phase: "foundations", owner: "organizer", timing: { share: 1 } },
    "set-budget": { phase: "foundations", owner: "organizer", timing: { share: 0.9 } },
    "find-sponsors": { phase: "foundations", owner: "organizer", timing: { share: 0.8 } },
    // About 16 weeks before a conference (26 weeks of lead time), 2–3 weeks before a workshop.
    "book-venue": { phase: "venue-and-permits", owner: "organizer", timing: { share: 0.6 } },
    "check-permits": { phase: "venue-and-permits", owner: "organizer", timing: { share: 0.55 } },
    "get-insurance": { phase: "venue-and-permits", owner: "organizer", timing: { share: 0.5 } },
    "book-talent": { phase: "vendors-and-program", owner: "organizer", timing: { share: 0.5 } },
    "line-up-speakers": { phase: "vendors-and-program", owner: "organizer", timing: { share: 0.5 } },
    "sound-and-stage": { phase: "vendors-and-program", owner: "vendors", timing: { share: 0.35 } },
    "arrange-catering": { phase: "vendors-and-program", owner: "vendors", timing: { share: 0.3 } },
    "safety-plan": { phase: "vendors-and-program", owner: "organizer", timing: { share: 0.3 } },
    "accessibility-plan": { phase: "vendors-and-program", owner: "organizer", timing: { share: 0.3 } },
    "gather-materials": { phase: "vendors-and-program", owner: "organizer", timing: { share: 0.25 } },
    "recruit-staff": { phase: "vendors-and-program", owner: "volunteers", timing: { share: 0.25 } },
    "weather-plan": { phase: "vendors-and-program", owner: "organizer", timing: { share: 0.2 } },
    "set-ticket-tiers": { phase: "tickets-and-promotion", owner: "organizer", timing: { share: 0.5 } },
    "promote-event": { phase: "tickets-and-promotion", owner: "organizer", timing: { share: 0.4 } },
  };

/**
 * The site's own steps, in every plan: each ticks itself once the plan's draft event gets there. Their key is
 * the site action; `item` is the checklist item they stand for. Follow-up is due ON the event day: no task is
 * ever due after the event, so the follow-up task is to have the thank-you message and survey ready; the site
 * sends the follow-up afterwards.
 */
const SITE_TASKS: readonly (TaskRule & { action: SiteAction; item: PlanningItem })[] = [
  {
    action: "create-event",
    item: "publish-event",
    phase: "tickets-and-promotion",
    owner: "organizer",
    timing: { share: 0.55 },
  },
  {
    action: "tickets-on-sale",
    item: "publish-event",
    phase: "tickets-and-promotion",
    owner: "site",
    timing: { share: 0.45 },
  },
  { action: "reminders", item: "promote-event", phase: "final-week", owner: "site", timing: { days: 2 } },
  { action: "check-in", item: "set-up-check-in", phase: "event-day", owner: "volunteers", timing: { days: 0 } },
  { action: "follow-up", item: "follow-up", phase: "follow-up", owner: "organizer", timing: { days: 0 } },
];

/** Weeks before the event to apply for each permit (usual agency lead times, estimates; docs/planning.md). */
export const PERMIT_LEAD_WEEKS: Readonly<Record<PermitTopic, number>> = {
  "public-space": 12,
  "street-closure": 12,
  "temporary-structures": 10,
  alcohol: 8,
  "amplified-sound": 8,
  "charitable-gaming": 8,
  "food-service": 6,
  occupancy: 6,
};

/**
 * In DC a large outdoor event (or any street closure) goes through the Special Events Task Group, which needs
 * the application at least 90 days ahead: the plan allows 15 weeks for its public-space and street permits.
 */
export const DC_LARGE_OUTDOOR = { minAttendance: 1_000, leadWeeks: 15 } as const;
const DC_TASK_GROUP_PERMITS: readonly PermitTopic[] = ["public-space", "street-closure"];

/** Who deals with each permit: the venue holds its occupancy, the caterer its food licence. */
const PERMIT_OWNERS: Readonly<Partial<Record<PermitTopic, TaskOwner>>> = {
  occupancy: "venue",
  "food-service": "vendors",
};

/** The venue is booked at least this long before the first permit is due: permits are asked for a place. */
const VENUE_BEFORE_PERMITS_DAYS = 7;
/** Planning starts at least this long before the first permit is due. */
const START_BEFORE_PERMITS_DAYS = 21;

/**
 * The permits of the event's type that apply to this event. Alcohol, charitable gaming: whenever the type lists
 * them. Public space, street closure, amplified sound, temporary structures: outdoors only (indoors the venue's
 * own licences cover them). Occupancy: indoors only (the room's certificate and capacity). Food service: when
 * the plan has catering.
 */
export function applicablePermits(input: Pick<PlanInput, "eventType" | "setting">): PermitTopic[] {
  const type = eventTypeBySlug(input.eventType);
  if (!type) return [];
  const outdoor = input.setting === "outdoor";
  return type.permits.filter((permit) => {
    switch (permit) {
      case "public-space":
      case "street-closure":
      case "amplified-sound":
      case "temporary-structures":
        return outdoor;
      case "occupancy":
        return !outdoor;
      case "food-service":
        return type.checklist.includes("arrange-catering");
      case "alcohol":
      case "charitable-gaming":
        return true;
    }
  });
}

/** Whether DC's Special Events Task Group reviews this event (its longer lead time then applies). */
export function needsDcTaskGroup(input: Pick<PlanInput, "eventType" | "setting" | "area" | "attendance">): boolean {
  if (input.area !== "dc" || input.setting !== "outdoor") return false;
  const permits = applicablePermits(input);
  return (
    permits.includes("street-closure") ||
    (input.attendance >= DC_LARGE_OUTDOOR.minAttendance && permits.includes("public-space"))
  );
}

/** Days before the event to apply for a permit, in this area. */
export function permitLeadDays(permit: PermitTopic, area: PlanArea, dcTaskGroup: boolean): number {
  const weeks =
    area === "dc" && dcTaskGroup && DC_TASK_GROUP_PERMITS.includes(permit)
      ? DC_LARGE_OUTDOOR.leadWeeks
      : PERMIT_LEAD_WEEKS[permit];
  return weeks * 7;
}

/** The calendar day `days` after `day` (before, when negative); days are YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  const time = Date.parse(`${day}T00:00:00Z`) + days * 86_400_000;
  return new Date(time).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Whether the event day has passed: the pages refuse such a date (a plan needs the day still to come). */
export function isPlanDatePast(date: string, today: string): boolean {
  return daysBetween(today, date) < 0;
}

interface DraftTask {
  key: string;
  phase: PlanPhase;
  item: PlanningItem;
  permit: PermitTopic | null;
  owner: TaskOwner;
  siteAction: SiteAction | null;
  /** Days before the event, before compression. */
  daysBefore: number;
}

function draftTasks(input: PlanInput, type: EventTypeGuide): DraftTask[] {
  const dcTaskGroup = needsDcTaskGroup(input);
  const permits = applicablePermits(input).map((permit) => ({
    permit,
    days: permitLeadDays(permit, input.area, dcTaskGroup),
  }));
  const longestPermitDays = Math.max(0, ...permits.map((permit) => permit.days));
  const leadDays = Math.max(
    type.leadTimeWeeks * 7,
    longestPermitDays > 0 ? longestPermitDays + START_BEFORE_PERMITS_DAYS : 0,
  );
  const daysOf = (timing: Timing, item: PlanningItem | null): number => {
    if ("days" in timing) return timing.days;
    const days = Math.max(MIN_PREPARATION_DAYS, Math.round(timing.share * leadDays));
    return item === "book-venue" && longestPermitDays > 0
      ? Math.max(days, longestPermitDays + VENUE_BEFORE_PERMITS_DAYS)
      : days;
  };

  const tasks: DraftTask[] = [];
  for (const item of type.checklist) {
    if (item === "publish-event" || item === "set-up-check-in" || item === "follow-up") continue;
    const rule = ITEM_RULES[item];
    if (item === "check-permits" && permits.length > 0) continue; // one task per permit, below
    tasks.push({
      key: item,
      phase: rule.phase,
      item,
      permit: null,
      owner: rule.owner,
      siteAction: null,
      daysBefore: daysOf(rule.timing, item),
    });
  }
  for (const { permit, days } of permits) {
    tasks.push({
      key: `permit-${permit}`,
      phase: "venue-and-permits",
      item: "check-permits",
      permit,
      owner: PERMIT_OWNERS[permit] ?? "organizer",
      siteAction: null,
      daysBefore: days,
    });
  }
  for (const site of SITE_TASKS) {
    tasks.push({
      key: site.action,
      phase: site.phase,
      item: site.item,
      permit: null,
      owner: site.owner,
      siteAction: site.action,
      daysBefore: daysOf(site.timing, null),
    });
  }
  return tasks;
}

/**
 * When the event is closer than the plan's lead time, the preparation tasks are squeezed into the days left,
 * keeping their order: the last week keeps its own timing, the rest is scaled between the last week and
 * today. Nothing falls due before today or after the event day.
 */
function compressedDaysBefore(daysBefore: number, daysLeft: number, longest: number): number {
  if (longest <= daysLeft) return daysBefore;
  if (daysBefore <= FINAL_WEEK_DAYS || daysLeft <= FINAL_WEEK_DAYS) return Math.min(daysBefore, daysLeft);
  return (
    FINAL_WEEK_DAYS +
    Math.floor(((daysBefore - FINAL_WEEK_DAYS) * (daysLeft - FINAL_WEEK_DAYS)) / (longest - FINAL_WEEK_DAYS))
  );
}

/**
 * The plan's tasks for the planner's answers, sorted by due day (then in the order they are done). `today` is
 * YYYY-MM-DD in the event's zone. Keys are stable: the same item, permit or site step always has the same key
 * (`book-venue`, `permit-alcohol`, `tickets-on-sale`), so ticks saved by key survive a re-plan. Every task is
 * due between today and the event day, both included; for an event day already past (which the pages refuse,
 * isPlanDatePast), every task is due on the event day.
 */
export function buildPlan(input: PlanInput, today: string): PlanTask[] {
  const type = eventTypeBySlug(input.eventType);
  if (!type) throw new RangeError(`Unknown event type: ${input.eventType}`);
  const drafts = draftTasks(input, type);
  const daysLeft = Math.max(0, daysBetween(today, input.date));
  const longest = Math.max(...drafts.map((task) => task.daysBefore));
  const timed = drafts.map((task, order) => ({
    task,
    order,
    days: compressedDaysBefore(task.daysBefore, daysLeft, longest),
  }));
  timed.sort(
    (a, b) =>
      b.days - a.days ||
      b.task.daysBefore - a.task.daysBefore ||
      PLAN_PHASES.indexOf(a.task.phase) - PLAN_PHASES.indexOf(b.task.phase) ||
      a.order - b.order,
  );
  return timed.map(({ task, days }) => ({
    key: task.key,
    phase: task.phase,
    item: task.item,
    permit: task.permit,
    dueOn: addDays(input.date, -days),
    owner: task.owner,
    siteAction: task.siteAction,
  }));
}

/**
 * The timeline: the tasks grouped by phase, in PLAN_PHASES order, each phase's tasks in the order given
 * (buildPlan's: by due day). Phases without a task are left out (a wellness class has no foundations).
 */
export function planPhases<T extends Pick<PlanTask, "phase">>(tasks: readonly T[]): { phase: PlanPhase; tasks: T[] }[] {
  return PLAN_PHASES.map((phase) => ({ phase, tasks: tasks.filter((task) => task.phase === phase) })).filter(
    (group) => group.tasks.length > 0,
  );
}
