import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays } from "#domain/event-plan";
import { planInputSchema } from "#domain/event-plan-input";
import type { DatabaseHandle } from "#server/db/client";
import { eventPlans, eventPlanTasks, events, jobs, profiles } from "#server/db/schema";
import { SCHEDULED_TASKS } from "#server/jobs/scheduled-tasks";
import type { RenderedEmail } from "#server/mail/render-email";
import { sendPlanTaskReminderEmail } from "#server/mail/plan-task-reminder-email";
import { createEventPlan, getMyEventPlan, setPlanTaskDone } from "#server/services/event-plans";
import {
  loadPlanTaskReminder,
  PLAN_TASK_REMINDERS_JOB,
  queuePlanTaskReminders,
  SEND_PLAN_TASK_REMINDER_EMAIL_JOB,
} from "#server/services/plan-task-reminders";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { insertEventWithTicketTypes, insertUser } from "#tests/support/ticket-factories";

// The daily e-mail of saved plans' tasks due soon: who gets it, which tasks, once, and the opt-out.

const NOW = new Date("2026-11-27T13:00:00Z");
const TODAY = "2026-11-27";
const SITE = "http://localhost:3000";
let handle: DatabaseHandle;
const people: Record<"ada" | "bob" | "optedOut", { userId: string; email: string }> = {} as never;
const planIds: Record<string, number> = {};

/** A plan whose event is `days` away, so its last tasks fall due within the next days. */
const inputIn = (days: number, language: "en" | "fr" = "en") =>
  planInputSchema.parse({
    eventType: "meetup",
    attendance: 40,
    date: addDays(TODAY, days),
    budgetCents: null,
    setting: "indoor",
    language,
    area: "dc",
    title: "Ada's meetup",
  });

const sent: RenderedEmail[] = [];
const mailer = { deliver: async (email: RenderedEmail) => void sent.push(email), close: () => {} };

beforeAll(async () => {
  handle = await openTestDatabase();
  const db = handle.db;
  people.ada = await insertUser(db, { name: "Ada Lovelace" });
  people.bob = await insertUser(db, { name: "Bob Berhane" });
  people.optedOut = await insertUser(db, { name: "Olga Optout" });
  await db.update(profiles).set({ preferredLanguage: "fr" }).where(eq(profiles.userId, people.bob.userId));
  await db.update(profiles).set({ emailPlanning: false }).where(eq(profiles.userId, people.optedOut.userId));
  for (const [name, days] of [
    ["ada", 2],
    ["bob", 3],
    ["optedOut", 2],
  ] as const) {
    const { id } = await createEventPlan(db, people[name], { input: inputIn(days), budgetLines: [] }, NOW);
    planIds[name] = id;
  }
  // A plan whose tasks are all far away: nothing of it is due soon.
  await createEventPlan(handle.db, people.ada, { input: inputIn(200), budgetLines: [] }, NOW);
});
afterAll(async () => {
  await handle?.close();
});

const dueSoon = async (planId: number) =>
  (await getMyEventPlan(handle.db, people.ada, planId, NOW)).tasks.filter(
    (task) => task.dueOn >= TODAY && task.dueOn <= addDays(TODAY, 3) && !task.done,
  );

describe(`plan task reminders on the ${testDatabaseKind()} database`, () => {
  it("runs daily as a scheduled task", () => {
    const task = SCHEDULED_TASKS.find((candidate) => candidate.name === "plan_task_reminders");
    expect(task?.nextRunAfter(new Date("2026-11-27T13:30:00Z"))).toEqual(new Date("2026-11-28T13:00:00Z"));
    expect(PLAN_TASK_REMINDERS_JOB).toBe("plan_task_reminders");
  });

  it("queues one e-mail per person with tasks due within three days, not for those who opted out, and only once", async () => {
    const soon = await dueSoon(planIds.ada!);
    expect(soon.length).toBeGreaterThan(1);
    await setPlanTaskDone(handle.db, people.ada, planIds.ada!, soon[0]!.key, true, NOW);
    expect(await queuePlanTaskReminders(handle.db, NOW)).toBe(2);
    const queued = await handle.db.select().from(jobs).where(eq(jobs.kind, SEND_PLAN_TASK_REMINDER_EMAIL_JOB));
    expect(queued.map((job) => job.payload.userId).sort()).toEqual([people.ada.userId, people.bob.userId].sort());
    // The opted-out person's tasks are marked all the same: turning e-mails on later brings no old ones.
    const optedOutTasks = await handle.db
      .select()
      .from(eventPlanTasks)
      .where(eq(eventPlanTasks.planId, planIds.optedOut!));
    expect(optedOutTasks.filter((task) => task.remindedAt !== null).length).toBeGreaterThan(0);
    const ticked = await handle.db.select().from(eventPlanTasks).where(eq(eventPlanTasks.taskKey, soon[0]!.key));
    expect(ticked.find((task) => task.planId === planIds.ada)?.remindedAt).toBeNull();
    expect(await queuePlanTaskReminders(handle.db, NOW)).toBe(0);
    expect(await queuePlanTaskReminders(handle.db, new Date(NOW.getTime() + 60 * 60_000))).toBe(0);

    for (const job of queued) {
      await sendPlanTaskReminderEmail(handle.db, mailer, job.payload, { siteUrl: SITE, now: NOW });
    }
    const ada = sent.find((email) => email.to === people.ada.email)!;
    expect(ada.subject).toBe("Tasks of your event plan due soon");
    expect(ada.text).toContain(`${SITE}/dashboard/plans/${planIds.ada}`);
    expect(ada.text).toContain(`${SITE}/dashboard/settings/emails`);
    const listed = ada.text.split("\n").filter((line) => line.startsWith("- "));
    expect(listed).toHaveLength(soon.length - 1);
    const bob = sent.find((email) => email.to === people.bob.email)!;
    expect(bob.subject).toBe("Des tâches de votre plan d’événement arrivent à échéance");
    expect(sent.some((email) => email.to === people.optedOut.email)).toBe(false);
  });

  it("sends nothing when the person turned the e-mails off before the job ran", async () => {
    const [job] = await handle.db.select().from(jobs).where(eq(jobs.kind, SEND_PLAN_TASK_REMINDER_EMAIL_JOB));
    await handle.db
      .update(profiles)
      .set({ emailPlanning: false })
      .where(eq(profiles.userId, job!.payload.userId as string));
    const before = sent.length;
    await sendPlanTaskReminderEmail(handle.db, mailer, job!.payload, { siteUrl: SITE, now: NOW });
    expect(sent.length).toBe(before);
  });

  it("leaves out the tasks the site ticked from the plan's event, as the plan page does, when queuing and when sending", async () => {
    const db = handle.db;
    const eve = await insertUser(db, { name: "Eve Tesfaye" });
    // Two plans of events two days away, each with its event made: one on sale, one still a draft.
    const planWithEvent = async (status: "published" | "draft") => {
      const { id } = await createEventPlan(db, eve, { input: inputIn(2), budgetLines: [] }, NOW);
      const event = await insertEventWithTicketTypes(db, {
        organizerId: eve.userId,
        startsAt: new Date(NOW.getTime() + 2 * 24 * 60 * 60_000),
        status,
        ticketTypes: [{ name: "General admission", priceCents: 0, quantity: 40 }],
      });
      await db.update(eventPlans).set({ eventId: event.eventId }).where(eq(eventPlans.id, id));
      return { id, eventId: event.eventId };
    };
    const onSale = await planWithEvent("published");
    const draft = await planWithEvent("draft");
    const page = async (planId: number) => {
      const tasks = (await getMyEventPlan(db, eve, planId, NOW)).tasks.filter(
        (task) => task.dueOn >= TODAY && task.dueOn <= addDays(TODAY, 3),
      );
      return {
        toDo: tasks.filter((task) => !task.done).map((task) => task.key),
        tickedBySite: tasks.filter((task) => task.doneBySite).map((task) => task.key),
      };
    };
    const onSalePage = await page(onSale.id);
    // The event on sale ticks the reminders and the check-in, both due within the three days; the draft
    // ticks only its making.
    expect(onSalePage.tickedBySite).toEqual(expect.arrayContaining(["create-event", "reminders", "check-in"]));
    const draftBefore = await page(draft.id);
    expect(draftBefore.tickedBySite).toEqual(["create-event"]);

    await queuePlanTaskReminders(db, NOW);
    const reminded = async (planId: number) =>
      (await db.select().from(eventPlanTasks).where(eq(eventPlanTasks.planId, planId)))
        .filter((task) => task.remindedAt !== null)
        .map((task) => task.taskKey);
    expect((await reminded(onSale.id)).toSorted()).toEqual(onSalePage.toDo.toSorted());
    expect((await reminded(draft.id)).toSorted()).toEqual(draftBefore.toDo.toSorted());

    // The draft goes on sale before the e-mail is sent: its site tasks are done by then, and left out.
    await db.update(events).set({ status: "published" }).where(eq(events.id, draft.eventId));
    const draftAfter = await page(draft.id);
    expect(draftAfter.tickedBySite).toEqual(onSalePage.tickedBySite);
    const [job] = (await db.select().from(jobs).where(eq(jobs.kind, SEND_PLAN_TASK_REMINDER_EMAIL_JOB))).filter(
      (candidate) => candidate.payload.userId === eve.userId,
    );
    const reminder = await loadPlanTaskReminder(db, job!.payload, NOW);
    const keysOf = (planId: number) =>
      reminder!.plans
        .find((plan) => plan.id === planId)!
        .tasks.map((task) => task.key)
        .toSorted();
    expect(keysOf(onSale.id)).toEqual(onSalePage.toDo.toSorted());
    expect(keysOf(draft.id)).toEqual(draftAfter.toDo.toSorted());
  });
});
