import { eq } from "drizzle-orm";
import { defaultBudgetLines } from "#domain/event-budget";
import { addDays, buildPlan } from "#domain/event-plan";
import { planToday } from "#domain/event-plan-draft";
import { planInputSchema } from "#domain/event-plan-input";
import type { Database } from "#server/db/client";
import * as schema from "#server/db/schema";

/** The sample organizer who has a saved event plan on a fresh install (/dashboard/plans). */
export const SAMPLE_PLANNER_EMAIL = "hanna.bekele@example.com";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One saved plan for a sample organizer: a 150-person conference in Arlington three months out, with the
 * engine's tasks and budget, and its first tasks ticked, so the plans pages can be tried at once.
 * Answers how many plans were saved.
 */
export async function seedSampleEventPlans(tx: Pick<Database, "insert" | "select">, now: Date): Promise<number> {
  const [planner] = await tx
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, SAMPLE_PLANNER_EMAIL));
  if (!planner) return 0;
  const today = planToday(now);
  const input = planInputSchema.parse({
    eventType: "conference",
    attendance: 150,
    date: addDays(today, 91),
    budgetCents: 4_000_000,
    setting: "indoor",
    language: "en",
    area: "va",
    title: "DMV Community Tech Summit",
    description: "A day of talks and workshops for the region's developers, designers and founders.",
  });
  const createdAt = new Date(now.getTime() - 5 * DAY_MS);
  const [plan] = await tx
    .insert(schema.eventPlans)
    .values({
      ownerId: planner.id,
      title: input.title,
      input,
      budgetLines: defaultBudgetLines(input),
      createdAt,
      updatedAt: now,
    })
    .returning({ id: schema.eventPlans.id });
  const tasks = buildPlan(input, planToday(createdAt));
  await tx.insert(schema.eventPlanTasks).values(
    tasks.map((task, index) => ({
      planId: plan!.id,
      taskKey: task.key,
      dueOn: task.dueOn,
      // The first three are done: the plan is under way.
      doneAt: index < 3 && task.siteAction === null ? new Date(now.getTime() - (3 - index) * DAY_MS) : null,
    })),
  );
  return 1;
}
