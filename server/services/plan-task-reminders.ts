import { and, eq, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import { z } from "zod";
import { addDays, buildPlan } from "#domain/event-plan";
import { planToday } from "#domain/event-plan-draft";
import type { PlanInput, PlanTask } from "#domain/event-plan-input";
import type { Language } from "#domain/language";
import type { Database } from "#server/db/client";
import { eventPlans, eventPlanTasks } from "#server/db/schema";
import { emailRecipients } from "./email-preferences";
import { isDoneBySite, planSiteTicks } from "./event-plans";
import { enqueueJobs } from "./enqueue-job";

/** The daily job (scheduled-tasks.ts) that finds the saved plans' tasks due soon. */
export const PLAN_TASK_REMINDERS_JOB = "plan_task_reminders";
/** The job that e-mails one person the tasks of their plans that fall due soon. */
export const SEND_PLAN_TASK_REMINDER_EMAIL_JOB = "send_plan_task_reminder_email";
/** How far ahead "due soon" looks: tasks due today or in the next 3 days. */
export const PLAN_TASK_LOOKAHEAD_DAYS = 3;

/**
 * The PLAN_TASK_REMINDERS_JOB: every task of a saved plan that is not done, not yet reminded of, and due
 * from today to PLAN_TASK_LOOKAHEAD_DAYS ahead (days on Washington's clocks) is marked reminded, and one
 * e-mail per person is queued for those who keep the "planning" e-mails on, in one transaction: a task is
 * reminded of once, however often the job runs. Done means ticked by the person or by the site (the plan
 * page's rule, isDoneBySite): a site task its event already did is left unmarked, so it is reminded of
 * should the event go back (unpublished, deleted) before its day. Those who turned the e-mails off are
 * marked too, so turning them on later does not bring back old tasks. Answers how many e-mails were queued.
 */
export async function queuePlanTaskReminders(db: Database, now: Date): Promise<number> {
  const today = planToday(now);
  return db.transaction(async (tx) => {
    const dueSoon = and(
      isNull(eventPlanTasks.doneAt),
      isNull(eventPlanTasks.remindedAt),
      gte(eventPlanTasks.dueOn, today),
      lte(eventPlanTasks.dueOn, addDays(today, PLAN_TASK_LOOKAHEAD_DAYS)),
    );
    const candidates = await tx
      .select({
        planId: eventPlanTasks.planId,
        taskKey: eventPlanTasks.taskKey,
        input: eventPlans.input,
        eventId: eventPlans.eventId,
      })
      .from(eventPlanTasks)
      .innerJoin(eventPlans, eq(eventPlans.id, eventPlanTasks.planId))
      .where(dueSoon);
    const marked: { planId: number }[] = [];
    for (const [planId, tasks] of byPlan(candidates)) {
      const keys = await notDoneBySite(tx, tasks[0]!, tasks, today, now);
      if (keys.length === 0) continue;
      marked.push(
        ...(await tx
          .update(eventPlanTasks)
          .set({ remindedAt: now })
          .where(and(dueSoon, eq(eventPlanTasks.planId, planId), inArray(eventPlanTasks.taskKey, keys)))
          .returning({ planId: eventPlanTasks.planId })),
      );
    }
    if (marked.length === 0) return 0;
    const owners = await tx
      .selectDistinct({ ownerId: eventPlans.ownerId })
      .from(eventPlans)
      .where(inArray(eventPlans.id, [...new Set(marked.map((task) => task.planId))]));
    const recipients = await emailRecipients(
      tx,
      owners.map((owner) => owner.ownerId),
      "planning",
    );
    const payloads = recipients.map((recipient) => ({ userId: recipient.userId, remindedAt: now.toISOString() }));
    await enqueueJobs(tx, SEND_PLAN_TASK_REMINDER_EMAIL_JOB, payloads);
    return payloads.length;
  });
}

/** Rows grouped by their plan, in the order met. */
function byPlan<T extends { planId: number }>(rows: readonly T[]): Map<number, T[]> {
  const plans = new Map<number, T[]>();
  for (const row of rows) {
    const tasks = plans.get(row.planId);
    if (tasks) tasks.push(row);
    else plans.set(row.planId, [row]);
  }
  return plans;
}

/** The keys of a plan's `tasks` that the site does not count as done from the plan's event (isDoneBySite). */
async function notDoneBySite(
  db: Pick<Database, "select">,
  plan: { input: PlanInput; eventId: number | null },
  tasks: readonly { taskKey: string }[],
  today: string,
  now: Date,
): Promise<string[]> {
  if (plan.eventId === null) return tasks.map((task) => task.taskKey);
  const ticks = await planSiteTicks(db, plan.eventId, now);
  const planned = new Map(buildPlan(plan.input, today).map((task) => [task.key, task]));
  return tasks.flatMap((task) => {
    const rule = planned.get(task.taskKey);
    return rule && isDoneBySite(rule, ticks) ? [] : [task.taskKey];
  });
}

const sendJobSchema = z.object({ userId: z.uuid(), remindedAt: z.iso.datetime() });

export interface PlanTaskReminder {
  to: string;
  language: Language;
  name: string;
  plans: { id: number; title: string; tasks: (Pick<PlanTask, "key" | "item" | "permit"> & { dueOn: string })[] }[];
}

/**
 * A SEND_PLAN_TASK_REMINDER_EMAIL_JOB's e-mail: the person's tasks reminded of in that run and still not
 * done, by plan; null when there is nothing left to send (all done, plans deleted, e-mails turned off).
 */
export async function loadPlanTaskReminder(
  db: Database,
  payload: unknown,
  now: Date,
): Promise<PlanTaskReminder | null> {
  const job = sendJobSchema.parse(payload);
  const [recipient] = await emailRecipients(db, [job.userId], "planning");
  if (!recipient) return null;
  const rows = await db
    .select({
      planId: eventPlans.id,
      title: eventPlans.title,
      input: eventPlans.input,
      eventId: eventPlans.eventId,
      taskKey: eventPlanTasks.taskKey,
      dueOn: eventPlanTasks.dueOn,
    })
    .from(eventPlanTasks)
    .innerJoin(eventPlans, eq(eventPlans.id, eventPlanTasks.planId))
    .where(
      and(
        eq(eventPlans.ownerId, job.userId),
        isNull(eventPlanTasks.doneAt),
        sql`${eventPlanTasks.remindedAt} = ${job.remindedAt}::timestamptz`,
      ),
    )
    .orderBy(eventPlanTasks.dueOn, eventPlans.id);
  const plans = new Map<number, PlanTaskReminder["plans"][number]>();
  const today = planToday(now);
  // Tasks the site did since the reminder was queued (the event was published meanwhile) are left out.
  const stillToDo = new Set<string>();
  for (const [planId, tasks] of byPlan(rows)) {
    for (const key of await notDoneBySite(db, tasks[0]!, tasks, today, now)) stillToDo.add(`${planId}:${key}`);
  }
  for (const row of rows) {
    const task = buildPlan(row.input, today).find((candidate) => candidate.key === row.taskKey);
    if (!task || !stillToDo.has(`${row.planId}:${row.taskKey}`)) continue;
    const plan = plans.get(row.planId) ?? { id: row.planId, title: row.title, tasks: [] };
    plan.tasks.push({ key: task.key, item: task.item, permit: task.permit, dueOn: row.dueOn });
    plans.set(row.planId, plan);
  }
  if (plans.size === 0) return null;
  return { to: recipient.email, language: recipient.language, name: recipient.name, plans: [...plans.values()] };
}
