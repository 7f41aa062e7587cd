import { and, asc, count, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { budgetForAttendance, summarizeBudget, ticketTypesForBudget, type BudgetSummary } from "#domain/event-budget";
import { buildPlan } from "#domain/event-plan";
import { eventTypeName, plannedEventTimes, plannedTicketName, planToday } from "#domain/event-plan-draft";
import {
  budgetLinesSchema,
  planInputSchema,
  type BudgetLine,
  type PlanInput,
  type PlanTask,
  type SiteAction,
} from "#domain/event-plan-input";
import { eventInputSchema } from "#domain/event-input";
import { eventTypeBySlug } from "#domain/event-types";
import { rankVenues } from "#domain/venue-suggestions";
import type { Database } from "#server/db/client";
import { categories, eventPlans, eventPlanTasks, events, ticketTypes, venues } from "#server/db/schema";
import { AppError } from "#server/errors";
import type { Actor } from "./actor";
import { createEvent } from "./event-authoring";
import { listVenueCandidates } from "./venue-candidates";

/*
 * Saved event plans (issue 20, "Plans are kept"): a signed-in person keeps the planner's answers and the
 * budget as they edited it; the engine's tasks are stored with their due days so ticks and "due soon"
 * e-mails have rows to live on. Another person's plan does not exist for the actor (not_found). Input is
 * read again with the foundation's schemas (domain/event-plan-input.ts) whatever the caller did; refused
 * input changes nothing.
 */

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** What a plan is saved from: the planner's answers and the budget lines (both unknown until parsed). */
export interface EventPlanDraft {
  input: unknown;
  budgetLines: unknown;
}

export interface EventPlanListItem {
  id: number;
  title: string;
  eventType: string;
  date: string;
  attendance: number;
  eventId: number | null;
  tasksTotal: number;
  tasksDone: number;
  updatedAt: Date;
}

/** A task of a saved plan: the engine's task with its saved due day and whether (and how) it is done. */
export interface SavedPlanTask extends PlanTask {
  done: boolean;
  /** The person ticked it. */
  doneAt: Date | null;
  /** The site ticked it from the plan's event (see siteTicks). */
  doneBySite: boolean;
}

export interface EventPlanDetail {
  id: number;
  title: string;
  input: PlanInput;
  budgetLines: BudgetLine[];
  budget: BudgetSummary;
  /** The draft event made from the plan, while it exists. */
  event: { id: number; title: string; status: "draft" | "published" | "cancelled" } | null;
  tasks: SavedPlanTask[];
  createdAt: Date;
  updatedAt: Date;
}

function invalid(error: z.ZodError, prefix: string): AppError {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    fields[[prefix, ...issue.path.map(String)].join(".")] ??= issue.message;
  }
  return new AppError("invalid", "The plan is not valid.", fields);
}

function parsePlanInput(input: unknown): PlanInput {
  const parsed = planInputSchema.safeParse(input);
  if (!parsed.success) throw invalid(parsed.error, "input");
  return parsed.data;
}

function parseBudgetLines(lines: unknown): BudgetLine[] {
  const parsed = budgetLinesSchema.safeParse(lines);
  if (!parsed.success) throw invalid(parsed.error, "budgetLines");
  return parsed.data;
}

function titleOf(input: PlanInput): string {
  return input.title || eventTypeName(input.eventType, input.language);
}

const notFound = () => new AppError("not_found", "No such plan.");

async function findOwnPlan(db: Pick<Database, "select">, actor: Actor, planId: number) {
  if (!Number.isSafeInteger(planId) || planId < 1 || planId > 2_147_483_647) throw notFound();
  const [plan] = await db
    .select()
    .from(eventPlans)
    .where(and(eq(eventPlans.id, planId), eq(eventPlans.ownerId, actor.userId)));
  if (!plan) throw notFound();
  return plan;
}

/** Stores the engine's tasks of `input` for the plan: new keys added, due days updated, keys gone removed. */
async function storeTasks(tx: Tx, planId: number, input: PlanInput, now: Date): Promise<void> {
  const tasks = buildPlan(input, planToday(now));
  const keys = tasks.map((task) => task.key);
  await tx
    .delete(eventPlanTasks)
    .where(
      keys.length > 0
        ? and(eq(eventPlanTasks.planId, planId), notInArray(eventPlanTasks.taskKey, keys))
        : eq(eventPlanTasks.planId, planId),
    );
  if (tasks.length === 0) return;
  await tx
    .insert(eventPlanTasks)
    .values(tasks.map((task) => ({ planId, taskKey: task.key, dueOn: task.dueOn })))
    .onConflictDoUpdate({
      target: [eventPlanTasks.planId, eventPlanTasks.taskKey],
      set: {
        dueOn: sql`excluded.due_on`,
        // A task whose day moved is reminded of again before its new day.
        remindedAt: sql`case when ${eventPlanTasks.dueOn} = excluded.due_on then ${eventPlanTasks.remindedAt} end`,
      },
    });
}

/** Saves a plan for the actor; its title defaults to the event type's name. Answers its id. */
export async function createEventPlan(
  db: Database,
  actor: Actor,
  draft: EventPlanDraft,
  now: Date,
): Promise<{ id: number }> {
  const input = parsePlanInput(draft.input);
  const budgetLines = parseBudgetLines(draft.budgetLines);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(eventPlans)
      .values({ ownerId: actor.userId, title: titleOf(input), input, budgetLines, createdAt: now, updatedAt: now })
      .returning({ id: eventPlans.id });
    await storeTasks(tx, row!.id, input, now);
    return { id: row!.id };
  });
}

/** The actor's plans, the latest changed first, with how many of their tasks they ticked. */
export async function listMyEventPlans(db: Database, actor: Actor): Promise<EventPlanListItem[]> {
  const rows = await db
    .select({
      id: eventPlans.id,
      title: eventPlans.title,
      input: eventPlans.input,
      eventId: eventPlans.eventId,
      updatedAt: eventPlans.updatedAt,
      tasksTotal: count(eventPlanTasks.taskKey),
      tasksDone: sql<number>`(count(${eventPlanTasks.doneAt}))::int`,
    })
    .from(eventPlans)
    .leftJoin(eventPlanTasks, eq(eventPlanTasks.planId, eventPlans.id))
    .where(eq(eventPlans.ownerId, actor.userId))
    .groupBy(eventPlans.id)
    .orderBy(desc(eventPlans.updatedAt), desc(eventPlans.id));
  return rows.map(({ input, ...row }) => ({
    ...row,
    tasksDone: Number(row.tasksDone),
    eventType: input.eventType,
    date: input.date,
    attendance: input.attendance,
  }));
}

interface LinkedEvent {
  id: number;
  title: string;
  status: "draft" | "published" | "cancelled";
  endsAt: Date;
  ticketTypes: number;
}

/**
 * Which of the site's own tasks the plan's event has done: creating it (it exists), putting tickets on sale
 * (published with ticket types), reminders (published: the site reminds those who saved it or hold a
 * ticket), check-in (on sale: every ticket carries its QR code for the door) and follow-up (over).
 */
export function siteTicks(event: LinkedEvent | null, now: Date): Set<SiteAction> {
  const ticks = new Set<SiteAction>();
  if (!event) return ticks;
  ticks.add("create-event");
  const onSale = event.status === "published" && event.ticketTypes > 0;
  if (onSale) ticks.add("tickets-on-sale").add("check-in");
  if (event.status === "published") ticks.add("reminders");
  if (event.status === "published" && event.endsAt.getTime() <= now.getTime()) ticks.add("follow-up");
  return ticks;
}

/**
 * Whether the site counts the task as done because of the plan's event (the ticks of siteTicks): the plan
 * page shows it ticked, and the due-soon reminders (plan-task-reminders.ts) leave it out.
 */
export function isDoneBySite(task: Pick<PlanTask, "siteAction">, ticks: ReadonlySet<SiteAction>): boolean {
  return task.siteAction !== null && ticks.has(task.siteAction);
}

/** The site's ticks (siteTicks) of a plan from the state of its event, `eventId`, now. */
export async function planSiteTicks(
  db: Pick<Database, "select">,
  eventId: number | null,
  now: Date,
): Promise<Set<SiteAction>> {
  return siteTicks(await linkedEvent(db, eventId), now);
}

async function linkedEvent(db: Pick<Database, "select">, eventId: number | null): Promise<LinkedEvent | null> {
  if (eventId === null) return null;
  const [row] = await db
    .select({
      id: events.id,
      title: events.title,
      status: events.status,
      endsAt: events.endsAt,
      ticketTypes: sql<number>`(select count(*)::int from ${ticketTypes} where ${ticketTypes.eventId} = ${events.id})`,
    })
    .from(events)
    .where(eq(events.id, eventId));
  return row ? { ...row, ticketTypes: Number(row.ticketTypes) } : null;
}

/** One of the actor's plans with its tasks (the engine's, with saved due days and ticks) and budget. */
export async function getMyEventPlan(db: Database, actor: Actor, planId: number, now: Date): Promise<EventPlanDetail> {
  const plan = await findOwnPlan(db, actor, planId);
  const saved = await db
    .select()
    .from(eventPlanTasks)
    .where(eq(eventPlanTasks.planId, plan.id))
    .orderBy(asc(eventPlanTasks.dueOn));
  const byKey = new Map(saved.map((row) => [row.taskKey, row]));
  const event = await linkedEvent(db, plan.eventId);
  const ticks = siteTicks(event, now);
  const tasks = buildPlan(plan.input, planToday(now))
    .map((task): SavedPlanTask => {
      const row = byKey.get(task.key);
      const doneBySite = isDoneBySite(task, ticks);
      const doneAt = row?.doneAt ?? null;
      return { ...task, dueOn: row?.dueOn ?? task.dueOn, doneAt, doneBySite, done: doneAt !== null || doneBySite };
    })
    .sort((a, b) => a.dueOn.localeCompare(b.dueOn));
  const budgetLines = budgetForAttendance(plan.budgetLines, plan.input.attendance);
  return {
    id: plan.id,
    title: plan.title,
    input: plan.input,
    budgetLines,
    budget: summarizeBudget(budgetLines, plan.input.attendance),
    event: event && { id: event.id, title: event.title, status: event.status },
    tasks,
    createdAt: plan.createdAt,
    updatedAt: plan.updatedAt,
  };
}

/** Ticks (or unticks) one task of the actor's plan. An unknown task key is not_found. */
export async function setPlanTaskDone(
  db: Database,
  actor: Actor,
  planId: number,
  taskKey: string,
  done: boolean,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const plan = await findOwnPlan(tx, actor, planId);
    const task = buildPlan(plan.input, planToday(now)).find((candidate) => candidate.key === taskKey);
    if (!task) throw new AppError("not_found", "No such task.");
    await tx
      .insert(eventPlanTasks)
      .values({ planId: plan.id, taskKey, dueOn: task.dueOn, doneAt: done ? now : null })
      .onConflictDoUpdate({
        target: [eventPlanTasks.planId, eventPlanTasks.taskKey],
        set: { doneAt: done ? sql`coalesce(${eventPlanTasks.doneAt}, ${now.toISOString()}::timestamptz)` : null },
      });
    await tx.update(eventPlans).set({ updatedAt: now }).where(eq(eventPlans.id, plan.id));
  });
}

/** Replaces the budget lines of the actor's plan. */
export async function updatePlanBudget(
  db: Database,
  actor: Actor,
  planId: number,
  lines: unknown,
  now: Date,
): Promise<void> {
  const budgetLines = parseBudgetLines(lines);
  const plan = await findOwnPlan(db, actor, planId);
  await db.update(eventPlans).set({ budgetLines, updatedAt: now }).where(eq(eventPlans.id, plan.id));
}

/**
 * Plans again from new answers: tasks whose keys remain keep their ticks (and take the new due day),
 * others go, new ones come; per-attendee budget lines follow the new attendance.
 */
export async function updatePlanInput(
  db: Database,
  actor: Actor,
  planId: number,
  rawInput: unknown,
  now: Date,
): Promise<void> {
  const input = parsePlanInput(rawInput);
  await db.transaction(async (tx) => {
    const plan = await findOwnPlan(tx, actor, planId);
    await tx
      .update(eventPlans)
      .set({
        input,
        title: titleOf(input),
        budgetLines: budgetForAttendance(plan.budgetLines, input.attendance),
        updatedAt: now,
      })
      .where(eq(eventPlans.id, plan.id));
    await storeTasks(tx, plan.id, input, now);
  });
}

/** Deletes the actor's plan and its tasks (a draft event made from it stays). */
export async function deleteEventPlan(db: Database, actor: Actor, planId: number): Promise<void> {
  const plan = await findOwnPlan(db, actor, planId);
  await db.delete(eventPlans).where(eq(eventPlans.id, plan.id));
}

/**
 * Turns the actor's plan into a draft event through the event authoring service (as /create does): its
 * title, the type's first category, the plan's day at the type's usual hour in Washington, the best venue
 * suggestion (or the site's first venue) and the ticket types the budget priced. The plan then points to
 * it; asked again while that event exists, answers the same event. Answers the event's id.
 */
export async function createDraftEventFromPlan(
  db: Database,
  actor: Actor,
  planId: number,
  now: Date,
): Promise<{ id: number; created: boolean }> {
  const plan = await findOwnPlan(db, actor, planId);
  const existing = await linkedEvent(db, plan.eventId);
  if (existing) return { id: existing.id, created: false };
  const { input } = plan;
  const type = eventTypeBySlug(input.eventType);
  const categoryKeys = [...(type?.categories ?? [])];
  const categoryRows =
    categoryKeys.length > 0
      ? await db
          .select({ id: categories.id, key: categories.key })
          .from(categories)
          .where(inArray(categories.key, categoryKeys))
      : [];
  const category =
    categoryKeys.map((key) => categoryRows.find((row) => row.key === key)).find(Boolean) ??
    (await db.select({ id: categories.id }).from(categories).orderBy(asc(categories.position)).limit(1))[0];
  const [best] = rankVenues(await listVenueCandidates(db, input, now), input, 1);
  const venueId =
    best?.venue.id ?? (await db.select({ id: venues.id }).from(venues).orderBy(asc(venues.id)).limit(1))[0]?.id;
  if (!category || venueId === undefined) throw new AppError("conflict", "The site has no category or venue yet.");
  const budgetLines = budgetForAttendance(plan.budgetLines, input.attendance);
  const priced = ticketTypesForBudget(summarizeBudget(budgetLines, input.attendance), input.attendance).filter(
    (ticket) => ticket.quantity > 0,
  );
  const tickets =
    priced.length > 0 ? priced : [{ kind: "general" as const, priceCents: 0, quantity: input.attendance }];
  const { startsAt, endsAt } = plannedEventTimes(input.eventType, input.date);
  const event = eventInputSchema.parse({
    title: plan.title,
    description: input.description || plan.title,
    categoryId: category.id,
    language: input.language,
    timeZone: "America/New_York",
    startsAt,
    endsAt,
    venue: { id: venueId },
    ticketTypes: tickets.map((ticket) => ({
      name: plannedTicketName(ticket.kind, input.language),
      priceCents: ticket.priceCents,
      quantity: ticket.quantity,
    })),
  });
  // No pictures and no co-organizers: the uploads folder and the invitation links are not used.
  const { id } = await createEvent(db, actor, event, [], { now, uploadsDir: "", siteUrl: "", publish: false });
  await db
    .update(eventPlans)
    .set({ eventId: id, updatedAt: now })
    .where(and(eq(eventPlans.id, plan.id), eq(eventPlans.ownerId, actor.userId)));
  return { id, created: true };
}
