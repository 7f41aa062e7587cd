import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultBudgetLines } from "#domain/event-budget";
import { buildPlan } from "#domain/event-plan";
import { planInputSchema, type PlanInput } from "#domain/event-plan-input";
import type { DatabaseHandle } from "#server/db/client";
import { categories, eventPlans, eventPlanTasks, events, ticketTypes } from "#server/db/schema";
import { seedSampleData } from "#server/db/seed/seed";
import { AppError } from "#server/errors";
import { getEventForEditing, publishEvent } from "#server/services/event-authoring";
import {
  createDraftEventFromPlan,
  createEventPlan,
  deleteEventPlan,
  getMyEventPlan,
  listMyEventPlans,
  setPlanTaskDone,
  updatePlanBudget,
  updatePlanInput,
} from "#server/services/event-plans";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { insertUser } from "#tests/support/ticket-factories";

// Saved event plans (issue 20, "Plans are kept"): saving, ticking, re-planning, the draft event made from a
// plan, and that nobody but the owner reaches a plan.

const NOW = new Date("2026-11-22T15:00:00Z");
let handle: DatabaseHandle;
let owner: { userId: string };
let stranger: { userId: string };

const conference = (overrides: Partial<PlanInput> = {}): PlanInput =>
  planInputSchema.parse({
    eventType: "conference",
    attendance: 150,
    date: "2027-02-22",
    budgetCents: null,
    setting: "indoor",
    language: "en",
    area: "va",
    ...overrides,
  });

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

async function savePlan(input = conference()) {
  return createEventPlan(handle.db, owner, { input, budgetLines: defaultBudgetLines(input) }, NOW);
}

async function snapshot() {
  return {
    plans: await handle.db.select().from(eventPlans).orderBy(eventPlans.id),
    tasks: await handle.db.select().from(eventPlanTasks).orderBy(eventPlanTasks.planId, eventPlanTasks.taskKey),
  };
}

beforeAll(async () => {
  handle = await openTestDatabase();
  await seedSampleData(handle.db, { now: NOW });
  owner = await insertUser(handle.db, { name: "Paula Planner" });
  stranger = await insertUser(handle.db, { name: "Sam Stranger" });
});
afterAll(async () => {
  await handle?.close();
});

describe(`saved event plans on the ${testDatabaseKind()} database`, () => {
  it("saves a plan titled after its type, with the engine's tasks and their due days", async () => {
    const { id } = await savePlan();
    const plan = await getMyEventPlan(handle.db, owner, id, NOW);
    const expected = buildPlan(conference(), "2026-11-22");
    expect(plan.title).toBe("Conference");
    expect(plan.tasks.map((task) => [task.key, task.dueOn, task.done])).toEqual(
      expected.map((task) => [task.key, task.dueOn, false]).sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
    );
    const rows = await handle.db.select().from(eventPlanTasks).where(eq(eventPlanTasks.planId, id));
    expect(rows).toHaveLength(expected.length);
    expect(plan.budget.totalCents).toBe(plan.budgetLines.reduce((sum, line) => sum + line.amountCents, 0));
    const titled = await savePlan(conference({ title: "Arlington Data Summit", language: "fr" }));
    expect((await getMyEventPlan(handle.db, owner, titled.id, NOW)).title).toBe("Arlington Data Summit");
    const french = await savePlan(conference({ language: "fr" }));
    expect((await getMyEventPlan(handle.db, owner, french.id, NOW)).title).toBe("Conférence");
  });

  it("refuses bad answers and bad budget lines with the field's word, and saves nothing", async () => {
    const before = await snapshot();
    const badAttendance = await failure(
      createEventPlan(handle.db, owner, { input: { ...conference(), attendance: 0 }, budgetLines: [] }, NOW),
    );
    expect(badAttendance).toMatchObject({ code: "invalid", fields: { "input.attendance": "attendance_invalid" } });
    const badLines = await failure(
      createEventPlan(
        handle.db,
        owner,
        { input: conference(), budgetLines: [{ category: "yachts", perAttendeeCents: null, amountCents: 5 }] },
        NOW,
      ),
    );
    expect(badLines).toMatchObject({ code: "invalid", fields: { "budgetLines.0.category": "budget_line_invalid" } });
    const { id } = await savePlan();
    const afterSave = await snapshot();
    expect(
      await failure(updatePlanInput(handle.db, owner, id, { ...conference(), date: "2027-02-30" }, NOW)),
    ).toMatchObject({ code: "invalid", fields: { "input.date": "date_invalid" } });
    expect(await failure(updatePlanBudget(handle.db, owner, id, "lots", NOW))).toMatchObject({ code: "invalid" });
    expect(await snapshot()).toEqual(afterSave);
    expect(afterSave.plans).toHaveLength(before.plans.length + 1);
  });

  it("lets only the owner read, tick, change, turn into an event or delete a plan", async () => {
    const { id } = await savePlan();
    const before = await snapshot();
    const [task] = (await getMyEventPlan(handle.db, owner, id, NOW)).tasks;
    // Each started only when awaited: a rejection waiting unheard would be reported as unhandled.
    const attempts = [
      () => getMyEventPlan(handle.db, stranger, id, NOW),
      () => setPlanTaskDone(handle.db, stranger, id, task!.key, true, NOW),
      () => updatePlanBudget(handle.db, stranger, id, [], NOW),
      () => updatePlanInput(handle.db, stranger, id, conference({ attendance: 20 }), NOW),
      () => createDraftEventFromPlan(handle.db, stranger, id, NOW),
      () => deleteEventPlan(handle.db, stranger, id),
      () => getMyEventPlan(handle.db, owner, 999_999, NOW),
    ];
    for (const attempt of attempts) expect((await failure(attempt())).code).toBe("not_found");
    expect(await snapshot()).toEqual(before);
    expect((await listMyEventPlans(handle.db, stranger)).map((plan) => plan.id)).toEqual([]);
    expect((await listMyEventPlans(handle.db, owner)).map((plan) => plan.id)).toContain(id);
  });

  it("ticks and unticks a task, refuses a task the plan does not have, and counts ticks in the list", async () => {
    const { id } = await savePlan();
    const [first, second] = (await getMyEventPlan(handle.db, owner, id, NOW)).tasks;
    await setPlanTaskDone(handle.db, owner, id, first!.key, true, NOW);
    await setPlanTaskDone(handle.db, owner, id, second!.key, true, NOW);
    await setPlanTaskDone(handle.db, owner, id, second!.key, false, NOW);
    const plan = await getMyEventPlan(handle.db, owner, id, NOW);
    expect(plan.tasks.find((task) => task.key === first!.key)).toMatchObject({ done: true, doneAt: NOW });
    expect(plan.tasks.find((task) => task.key === second!.key)).toMatchObject({ done: false, doneAt: null });
    expect((await failure(setPlanTaskDone(handle.db, owner, id, "no-such-task", true, NOW))).code).toBe("not_found");
    const listed = (await listMyEventPlans(handle.db, owner)).find((item) => item.id === id);
    expect(listed).toMatchObject({ tasksDone: 1, tasksTotal: plan.tasks.length, eventType: "conference" });
  });

  it("plans again from new answers and keeps the ticks of the tasks that remain", async () => {
    const { id } = await savePlan();
    const { tasks } = await getMyEventPlan(handle.db, owner, id, NOW);
    await setPlanTaskDone(handle.db, owner, id, tasks[0]!.key, true, NOW);
    const moved = conference({ attendance: 300, date: "2027-03-15", area: "dc" });
    await updatePlanInput(handle.db, owner, id, moved, NOW);
    const plan = await getMyEventPlan(handle.db, owner, id, NOW);
    const expected = buildPlan(moved, "2026-11-22");
    expect(plan.input).toMatchObject({ attendance: 300, date: "2027-03-15", area: "dc" });
    expect(plan.tasks.map((task) => task.key).sort()).toEqual(expected.map((task) => task.key).sort());
    const kept = plan.tasks.find((task) => task.key === tasks[0]!.key);
    if (kept) expect(kept.done).toBe(true);
    expect(plan.tasks.filter((task) => task.done && task.key !== tasks[0]!.key)).toEqual([]);
    const rows = await handle.db.select().from(eventPlanTasks).where(eq(eventPlanTasks.planId, id));
    expect(rows.map((row) => row.taskKey).sort()).toEqual(expected.map((task) => task.key).sort());
    const perHead = plan.budgetLines.find((line) => line.perAttendeeCents !== null);
    if (perHead) expect(perHead.amountCents).toBe(perHead.perAttendeeCents! * 300);
  });

  it("turns a plan into a filled draft event once, and the site ticks its own tasks from that event", async () => {
    const { id } = await savePlan(conference({ title: "Arlington Data Summit" }));
    const made = await createDraftEventFromPlan(handle.db, owner, id, NOW);
    expect(made.created).toBe(true);
    const event = await getEventForEditing(handle.db, owner, made.id);
    const [category] = await handle.db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.key, "conference"));
    expect(event).toMatchObject({ status: "draft", title: "Arlington Data Summit", categoryId: category!.id });
    expect(event.startsAt.toISOString()).toBe("2027-02-22T14:00:00.000Z");
    const types = await handle.db.select().from(ticketTypes).where(eq(ticketTypes.eventId, made.id));
    expect(types.reduce((sum, type) => sum + type.quantity, 0)).toBe(150);
    expect(types.every((type) => type.priceCents >= 0 && type.name.length > 0)).toBe(true);
    expect(await createDraftEventFromPlan(handle.db, owner, id, NOW)).toEqual({ id: made.id, created: false });
    let plan = await getMyEventPlan(handle.db, owner, id, NOW);
    expect(plan.event).toEqual({ id: made.id, title: "Arlington Data Summit", status: "draft" });
    const bySite = (action: string) => plan.tasks.filter((task) => task.siteAction === action);
    expect(bySite("create-event").every((task) => task.done && task.doneBySite)).toBe(true);
    expect(bySite("tickets-on-sale").every((task) => !task.done)).toBe(true);
    await publishEvent(handle.db, owner, made.id, NOW);
    plan = await getMyEventPlan(handle.db, owner, id, NOW);
    expect(bySite("tickets-on-sale").every((task) => task.done && task.doneBySite)).toBe(true);
    await handle.db.delete(events).where(eq(events.id, made.id));
    plan = await getMyEventPlan(handle.db, owner, id, NOW);
    expect(plan.event).toBeNull();
    expect(plan.tasks.some((task) => task.doneBySite)).toBe(false);
  });

  it("deletes a plan with its tasks", async () => {
    const { id } = await savePlan();
    await deleteEventPlan(handle.db, owner, id);
    expect(await handle.db.select().from(eventPlanTasks).where(eq(eventPlanTasks.planId, id))).toEqual([]);
    expect((await failure(getMyEventPlan(handle.db, owner, id, NOW))).code).toBe("not_found");
  });
});
