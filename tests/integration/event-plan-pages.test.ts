import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as planCsv from "#app/routes/dashboard-plan-csv";
import * as planIcs from "#app/routes/dashboard-plan-ics";
import * as planPage from "#app/routes/dashboard-plan";
import * as plansPage from "#app/routes/dashboard-plans";
import { defaultBudgetLines } from "#domain/event-budget";
import { planInputSchema } from "#domain/event-plan-input";
import type { DatabaseHandle } from "#server/db/client";
import { eventPlans, eventPlanTasks, events } from "#server/db/schema";
import { seedSampleData } from "#server/db/seed/seed";
import type { Viewer } from "#server/http/app-env";
import { createEventPlan, getMyEventPlan } from "#server/services/event-plans";
import { ORIGIN, TEST_CONFIG } from "#tests/support/page-render";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { insertUser } from "#tests/support/ticket-factories";

// The saved plan pages (/dashboard/plans, /dashboard/plans/:id and its .ics and .csv), called as React
// Router calls them: who may see and change a plan, and what the exports hold.

let handle: DatabaseHandle;
let owner: Viewer;
let stranger: Viewer;
let planId: number;
const input = planInputSchema.parse({
  eventType: "conference",
  attendance: 150,
  date: "2027-02-22",
  budgetCents: null,
  setting: "indoor",
  language: "en",
  area: "va",
  title: "Arlington; Data, Summit",
});

const viewerOf = async (name: string): Promise<Viewer> => {
  const { userId, email } = await insertUser(handle.db, { name });
  return { userId, email, name, sessionId: randomUUID(), profileImage: null, isStaff: false };
};

function contextFor(viewer: Viewer | null): AppLoadContext {
  return { db: handle.db, config: TEST_CONFIG, cspNonce: "", requestId: randomUUID(), viewer } as never;
}

/** A loader's or action's answer or what it threw, as { status, body, location }. */
async function call(run: () => Promise<unknown>) {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    return { status: result.status, location: result.headers.get("Location"), body: await result.text(), data: null };
  }
  const answer = result as { type?: string; data?: unknown; init?: { status?: number } | null };
  if (answer?.type === "DataWithResponseInit") {
    return { status: answer.init?.status ?? 200, location: null, body: "", data: answer.data };
  }
  return { status: 200, location: null, body: "", data: result };
}

const get = (module: { loader: (args: never) => unknown }, path: string, viewer: Viewer | null, id = planId) =>
  call(async () =>
    module.loader({
      request: new Request(`${ORIGIN}${path}`),
      params: { id: String(id) },
      context: contextFor(viewer),
    } as never),
  );

const post = (viewer: Viewer | null, fields: Record<string, string>, id = planId) =>
  call(async () =>
    planPage.action({
      request: new Request(`${ORIGIN}/dashboard/plans/${id}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
        body: new URLSearchParams(fields),
      }),
      params: { id: String(id) },
      context: contextFor(viewer),
    } as never),
  );

const rows = async () => ({
  plans: await handle.db.select().from(eventPlans).orderBy(eventPlans.id),
  tasks: await handle.db.select().from(eventPlanTasks).orderBy(eventPlanTasks.taskKey),
});

beforeAll(async () => {
  handle = await openTestDatabase();
  await seedSampleData(handle.db, { now: new Date() });
  owner = await viewerOf("Paula Planner");
  stranger = await viewerOf("Sam Stranger");
  ({ id: planId } = await createEventPlan(
    handle.db,
    owner,
    { input, budgetLines: defaultBudgetLines(input) },
    new Date(),
  ));
});
afterAll(async () => {
  await handle?.close();
});

describe(`saved plan pages on the ${testDatabaseKind()} database`, () => {
  it("sends visitors to sign in and answers 404 for another person's plan, changing nothing", async () => {
    const paths = ["/dashboard/plans", `/dashboard/plans/${planId}`];
    for (const [module, path] of [
      [plansPage, paths[0]],
      [planPage, paths[1]],
      [planIcs, `${paths[1]}/timeline.ics`],
      [planCsv, `${paths[1]}/budget.csv`],
    ] as const) {
      const answer = await get(module, path!, null);
      expect(answer.status).toBe(302);
      expect(answer.location).toBe(`/signin?next=${encodeURIComponent(path!)}`);
    }
    const before = await rows();
    const [task] = (await getMyEventPlan(handle.db, owner, planId, new Date())).tasks;
    expect((await post(null, { intent: "task", key: task!.key, done: "1" })).status).toBe(302);
    for (const module of [planPage, planIcs, planCsv]) expect((await get(module, "/", stranger)).status).toBe(404);
    for (const fields of [
      { intent: "task", key: task!.key, done: "1" },
      { intent: "delete" },
      { intent: "create-event" },
      { intent: "budget", "budget.venue": "1" },
    ] as Record<string, string>[]) {
      expect((await post(stranger, fields)).status).toBe(404);
    }
    expect(await rows()).toEqual(before);
    expect((await get(planPage, "/", owner, 987_654)).status).toBe(404);
    expect((await get(planPage, "/", owner, "abc" as never)).status).toBe(404);
    const list = await get(plansPage, "/dashboard/plans", stranger);
    expect((list.data as { plans: unknown[] }).plans).toEqual([]);
  });

  it("ticks and unticks a task with a plain form, and refuses a bad budget without changing it", async () => {
    const [task] = (await getMyEventPlan(handle.db, owner, planId, new Date())).tasks;
    expect(await post(owner, { intent: "task", key: task!.key, done: "1" })).toMatchObject({
      status: 200,
      data: { ok: true, message: "ticked" },
    });
    const page = await get(planPage, "/", owner);
    const shown = (page.data as { plan: { tasks: { key: string; done: boolean }[] } }).plan.tasks;
    expect(shown.find((item) => item.key === task!.key)?.done).toBe(true);
    expect((await post(owner, { intent: "task", key: task!.key, done: "0" })).data).toEqual({
      ok: true,
      message: "unticked",
    });
    expect((await post(owner, { intent: "task", key: "not-a-task", done: "1" })).status).toBe(422);
    const before = await rows();
    const refused = await post(owner, { intent: "budget", "budget.venue": "lots" });
    expect(refused).toMatchObject({ status: 422, data: { ok: false, message: "budgetInvalid" } });
    expect(await rows()).toEqual(before);
  });

  it("exports the timeline as iCalendar: one all-day entry per task, stable UIDs, escaped text, folded lines", async () => {
    const plan = await getMyEventPlan(handle.db, owner, planId, new Date());
    const first = await get(planIcs, "/", owner);
    const second = await get(planIcs, "/", owner);
    expect(first.status).toBe(200);
    const body = first.body;
    expect(body.endsWith("\r\n")).toBe(true);
    const physical = body.slice(0, -2).split("\r\n");
    for (const line of physical) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    // Unfold (RFC 5545 §3.1) and read the content lines.
    const lines = body
      .replace(/\r\n[ \t]/g, "")
      .slice(0, -2)
      .split("\r\n");
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines.at(-1)).toBe("END:VCALENDAR");
    expect(lines).toContain("VERSION:2.0");
    expect(lines.find((line) => line.startsWith("X-WR-CALNAME:"))).toBe(
      "X-WR-CALNAME:Plan: Arlington\\; Data\\, Summit",
    );
    const begins = lines.filter((line) => line === "BEGIN:VEVENT").length;
    expect(begins).toBe(plan.tasks.length);
    expect(lines.filter((line) => line === "END:VEVENT").length).toBe(plan.tasks.length);
    const starts = lines.filter((line) => line.startsWith("DTSTART;VALUE=DATE:"));
    const ends = lines.filter((line) => line.startsWith("DTEND;VALUE=DATE:"));
    expect(starts.map((line) => line.slice(-8))).toEqual(plan.tasks.map((task) => task.dueOn.replaceAll("-", "")));
    const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(ends.map((line) => line.slice(-8))).toEqual(
      plan.tasks.map((task) => dayAfter(task.dueOn).replaceAll("-", "")),
    );
    const uids = (text: string) =>
      text
        .replace(/\r\n[ \t]/g, "")
        .split("\r\n")
        .filter((line) => line.startsWith("UID:"));
    expect(new Set(uids(body)).size).toBe(plan.tasks.length);
    expect(uids(second.body)).toEqual(uids(body));
    for (const line of lines) expect(line).toMatch(/^[A-Z-]+[;:]/);
  });

  it("exports the budget as CSV: a row per line, then the total, per attendee, break-even and 30 % fewer", async () => {
    const plan = await getMyEventPlan(handle.db, owner, planId, new Date());
    const answer = await get(planCsv, "/", owner);
    expect(answer.status).toBe(200);
    const lines = answer.body
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("Line,Per attendee (USD),Amount (USD)");
    expect(lines).toHaveLength(1 + plan.budgetLines.length + 4);
    const dollars = (cents: number) => (cents / 100).toFixed(2);
    expect(lines.at(-4)).toBe(`Total,,${dollars(plan.budget.totalCents)}`);
    expect(lines.at(-3)).toBe(`Cost per attendee,,${dollars(plan.budget.perAttendeeCents)}`);
    expect(lines.at(-2)).toBe(`Break-even ticket price,,${dollars(plan.budget.breakEvenPriceCents)}`);
    expect(lines.at(-1)).toBe(
      `Break-even ticket price if 30 % fewer come,,${dollars(plan.budget.fewerBreakEvenPriceCents)}`,
    );
  });

  it("makes the draft event from the plan and sends the owner to its edit page, then deletes the plan", async () => {
    const made = await post(owner, { intent: "create-event" });
    expect(made.status).toBe(302);
    const eventId = Number(/^\/events\/(\d+)\/edit$/.exec(made.location ?? "")?.[1]);
    const [event] = await handle.db.select().from(events).where(eq(events.id, eventId));
    expect(event).toMatchObject({ status: "draft", title: "Arlington; Data, Summit", organizerId: owner.userId });
    expect((await post(owner, { intent: "create-event" })).location).toBe(`/events/${eventId}/edit`);
    const deleted = await post(owner, { intent: "delete" });
    expect(deleted).toMatchObject({ status: 302, location: "/dashboard/plans?deleted" });
    expect(await handle.db.select().from(eventPlans).where(eq(eventPlans.id, planId))).toEqual([]);
  });
});
