import { asc, eq, inArray } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { eventPlans, eventPlanTasks, matchmakerAnswers } from "#server/db/schema";

/*
 * The "planning" part of "Download my data" (issue 20): the event plans a person saved, each with its
 * answers, budget and tasks (due day, when ticked, when reminded), and the Event Matchmaker's answers they
 * kept. server/services/account-export.ts puts it in the file.
 */
export async function exportPlanning(db: Database, userId: string) {
  const [plans, [answers]] = await Promise.all([
    db
      .select({
        id: eventPlans.id,
        title: eventPlans.title,
        input: eventPlans.input,
        budgetLines: eventPlans.budgetLines,
        eventId: eventPlans.eventId,
        createdAt: eventPlans.createdAt,
        updatedAt: eventPlans.updatedAt,
      })
      .from(eventPlans)
      .where(eq(eventPlans.ownerId, userId))
      .orderBy(asc(eventPlans.id)),
    db
      .select({ answers: matchmakerAnswers.answers, updatedAt: matchmakerAnswers.updatedAt })
      .from(matchmakerAnswers)
      .where(eq(matchmakerAnswers.userId, userId)),
  ]);
  const tasks =
    plans.length === 0
      ? []
      : await db
          .select()
          .from(eventPlanTasks)
          .where(
            inArray(
              eventPlanTasks.planId,
              plans.map((plan) => plan.id),
            ),
          )
          .orderBy(asc(eventPlanTasks.dueOn), asc(eventPlanTasks.taskKey));
  return {
    plans: plans.map((plan) => ({
      ...plan,
      tasks: tasks
        .filter((task) => task.planId === plan.id)
        .map(({ taskKey, dueOn, doneAt, remindedAt }) => ({ taskKey, dueOn, doneAt, remindedAt })),
    })),
    matchmakerAnswers: answers ?? null,
  };
}

/** Deleting an account, the planning part: their plans (with their tasks) and their matchmaker answers. */
export async function deletePlanningRows(tx: Pick<Database, "delete">, userId: string): Promise<void> {
  await tx.delete(eventPlans).where(eq(eventPlans.ownerId, userId));
  await tx.delete(matchmakerAnswers).where(eq(matchmakerAnswers.userId, userId));
}
