import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as createPage from "#app/routes/create-event";
import * as budgetPage from "#app/routes/event-budget";
import * as plannerPage from "#app/routes/event-planner";
import * as planningPage from "#app/routes/event-planning";
import { planToday } from "#domain/event-plan-draft";
import { LANGUAGES } from "#domain/language";
import type { DatabaseHandle } from "#server/db/client";
import { categories, eventPlans } from "#server/db/schema";
import { seedSampleData } from "#server/db/seed/seed";
import type { Viewer } from "#server/http/app-env";
import { createSandboxProvider } from "#server/payments/sandbox-provider";
import { listSiteEntries } from "#server/services/sitemap";
import {
  expectNoMissingMessages,
  linksOf,
  ORIGIN,
  renderPage,
  runLoader,
  TEST_CONFIG,
  textOf,
} from "#tests/support/page-render";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { insertUser } from "#tests/support/ticket-factories";

/**
 * The planning tools' pages (/event-planning, its planner and budgeting tool) and /create's prefill, their
 * loaders and actions called as React Router calls them: a plan from good answers, errors and no plan from
 * bad ones (a 200, never a 500), saving only once signed in.
 */
let handle: DatabaseHandle;
const DAY_MS = 24 * 60 * 60 * 1000;
const today = planToday(new Date());
const inDays = (days: number) => new Date(Date.parse(`${today}T12:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const EVENT_DAY = inDays(90);
const CONFERENCE = `eventType=conference&attendance=150&date=${EVENT_DAY}&budget=&setting=indoor&language=en&area=va&title=DMV+Data+Summit&description=`;

beforeAll(async () => {
  handle = await openTestDatabase();
  await seedSampleData(handle.db, { now: new Date() });
});
afterAll(() => handle?.close());

function contextFor(viewer: Viewer | null): AppLoadContext {
  return {
    db: handle.db,
    config: TEST_CONFIG,
    payments: createSandboxProvider(),
    cspNonce: "",
    requestId: randomUUID(),
    viewer,
    clientAddress: "10.0.0.1",
  } as unknown as AppLoadContext;
}

async function viewerFor(name = "Paula Planner"): Promise<Viewer> {
  const user = await insertUser(handle.db, { name });
  return { userId: user.userId, sessionId: randomUUID(), email: user.email, name, profileImage: null, isStaff: false };
}

/** What a loader or action answered or threw: React Router's data() object or a Response (redirects). */
async function answerOf(run: () => unknown): Promise<{ status: number; data: unknown; headers: Headers }> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) return { status: result.status, data: null, headers: result.headers };
  const withInit = result as { type?: string; data?: unknown; init?: ResponseInit | null };
  if (withInit?.type === "DataWithResponseInit") {
    return { status: withInit.init?.status ?? 200, data: withInit.data, headers: new Headers(withInit.init?.headers) };
  }
  if (result instanceof Error) throw result;
  return { status: 200, data: result, headers: new Headers() };
}

type PlannerData = Awaited<ReturnType<typeof plannerPage.loader>>["data"];
type BudgetData = Awaited<ReturnType<typeof budgetPage.loader>>["data"];

const planner = async (query: string, language: (typeof LANGUAGES)[number] = "en") =>
  (await runLoader(plannerPage, handle.db, `/event-planning/planner?${query}`, language)).data as PlannerData;
const budget = async (query: string) =>
  (await runLoader(budgetPage, handle.db, `/event-planning/budget?${query}`, "en")).data as BudgetData;

function post(path: string, fields: string): Request {
  return new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
    body: fields,
  });
}

describe(`the planning pages on the ${testDatabaseKind()} database`, () => {
  it.each(LANGUAGES)("/event-planning leads to both tools, the matchmaker and the guides, in %s", async (language) => {
    const data = await runLoader(planningPage, handle.db, "/event-planning", language);
    const html = await renderPage(planningPage, "/event-planning", language, data);
    expectNoMissingMessages(html);
    expect(linksOf(html)).toEqual(
      expect.arrayContaining([
        "/event-planning/planner",
        "/event-planning/budget",
        "/event-matchmaker",
        "/event-types",
      ]),
    );
    const paths = (await listSiteEntries(handle.db)).map((entry) => entry.path);
    expect(paths).toEqual(expect.arrayContaining(["/event-planning", "/event-planning/planner"]));
  });

  it("plans a 150-person conference in Virginia: tasks with due dates from today to the day, venues, the budget", async () => {
    const data = await planner(CONFERENCE);
    expect(data.problems).toEqual({});
    expect(data.plan).not.toBeNull();
    const tasks = data.plan!.phases.flatMap((phase) => phase.tasks);
    expect(tasks.length).toBeGreaterThan(5);
    for (const task of tasks) {
      expect(task.dueOn >= today && task.dueOn <= EVENT_DAY, task.key).toBe(true);
    }
    expect(data.plan!.venues.length).toBeGreaterThan(0);
    expect(data.plan!.budget.totalCents).toBeGreaterThan(0);

    const html = await renderPage(plannerPage, `/event-planning/planner?${CONFERENCE}`, "en", data);
    const text = textOf(html);
    expectNoMissingMessages(html);
    expect(text).toContain("DMV Data Summit");
    // Due dates written out in the page's language, and the permits with Virginia's authorities.
    const firstDue = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(
      new Date(`${tasks[0]!.dueOn}T00:00:00Z`),
    );
    expect(text).toContain(`Due ${firstDue}`);
    expect(text).toContain("Virginia ABC");
    expect(text).toContain(data.plan!.venues[0]!.venue.name);
    // The budgeting tool with the same answers, and (signed out) sign-in that comes back to this address.
    const links = linksOf(html);
    expect(links).toContain(`/event-planning/budget?${CONFERENCE}`);
    expect(links).toContain(`/signin?next=${encodeURIComponent(`/event-planning/planner?${CONFERENCE}&lang=en`)}`);

    // In Arabic the due dates are Arabic dates.
    const arabic = await renderPage(plannerPage, "/event-planning/planner", "ar", await planner(CONFERENCE, "ar"));
    expectNoMissingMessages(arabic);
    expect(textOf(arabic)).toContain(
      new Intl.DateTimeFormat("ar", { dateStyle: "long", timeZone: "UTC" }).format(
        new Date(`${tasks[0]!.dueOn}T00:00:00Z`),
      ),
    );
  });

  it("ignores parameters it does not know", async () => {
    const plain = await planner(CONFERENCE);
    const noisy = await planner(`utm_source=mail&${CONFERENCE}&foo=bar&eventType2=concert`);
    expect(noisy.plan).toEqual(plain.plan);
  });

  it.each(LANGUAGES)("answers bad input in %s with errors next to the fields, a 200 and no plan", async (language) => {
    const query = "eventType=rodeo&attendance=lots&date=2020-01-01&budget=a+lot&setting=indoor&language=en&area=va";
    const answer = await answerOf(() =>
      runLoader(plannerPage, handle.db, `/event-planning/planner?${query}`, language),
    );
    expect(answer.status).toBe(200);
    const data = answer.data as PlannerData;
    expect(data.plan).toBeNull();
    expect(data.problems).toEqual({
      eventType: "event_type_invalid",
      attendance: "attendance_invalid",
      date: "date_past",
      budget: "budget_invalid",
    });
    const html = await renderPage(plannerPage, `/event-planning/planner?${query}`, language, data);
    expectNoMissingMessages(html);
    if (language === "en") {
      const text = textOf(html);
      expect(text).toContain("Choose a type of event.");
      expect(text).toContain("Enter a whole number of guests, from 1 to 100,000.");
      expect(text).toContain("Choose a date from today onwards.");
      expect(text).not.toContain("Your plan");
      // Each field points to its own error.
      expect(html).toMatch(/id="plan-attendance"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="plan-attendance"/);
    }
  });

  it.each([
    "attendance=1e9&eventType=conference&date=2027-01-01&setting=indoor&language=en&area=va",
    `eventType=conference&attendance=150&date=${inDays(30).slice(0, 8)}31&setting=roof&language=xx&area=mars`,
    `eventType=conference&eventType=concert&attendance=-3&date=${"9".repeat(60)}`,
    `eventType=conference&attendance=150&date=${EVENT_DAY}&setting=indoor&language=en&area=va&title=${"x".repeat(130)}`,
    "attendance=%00%FF&date=%E0%A4%A",
  ])("never fails on %s", async (query) => {
    const answer = await answerOf(() => runLoader(plannerPage, handle.db, `/event-planning/planner?${query}`, "en"));
    expect(answer.status).toBe(200);
    expect((answer.data as PlannerData).plan).toBeNull();
    const budgetAnswer = await answerOf(() =>
      runLoader(budgetPage, handle.db, `/event-planning/budget?${query}`, "en"),
    );
    expect(budgetAnswer.status).toBe(200);
  });

  it("saves a plan only for a signed-in person, and bad answers save nothing", async () => {
    const signedOut = await answerOf(() =>
      plannerPage.action({
        request: post("/event-planning/planner", CONFERENCE),
        params: {},
        context: contextFor(null),
      } as never),
    );
    expect(signedOut.status).toBe(302);
    const next = new URL(signedOut.headers.get("Location")!, ORIGIN);
    expect(next.pathname).toBe("/signin");
    expect(next.searchParams.get("next")).toBe(`/event-planning/planner?${new URLSearchParams(CONFERENCE)}`);

    const viewer = await viewerFor();
    const bad = await answerOf(() =>
      plannerPage.action({
        request: post("/event-planning/planner", CONFERENCE.replace("attendance=150", "attendance=0")),
        params: {},
        context: contextFor(viewer),
      } as never),
    );
    expect(bad.status).toBe(422);
    expect(bad.data).toEqual({ saveError: "save_invalid" });
    expect(await handle.db.select().from(eventPlans).where(eq(eventPlans.ownerId, viewer.userId))).toEqual([]);

    const saved = await answerOf(() =>
      plannerPage.action({
        request: post("/event-planning/planner", CONFERENCE),
        params: {},
        context: contextFor(viewer),
      } as never),
    );
    expect(saved.status).toBe(302);
    const [plan] = await handle.db.select().from(eventPlans).where(eq(eventPlans.ownerId, viewer.userId));
    expect(saved.headers.get("Location")).toBe(`/dashboard/plans/${plan!.id}`);
    expect(plan!.input).toMatchObject({ eventType: "conference", attendance: 150, date: EVENT_DAY, area: "va" });
  });
});

describe(`the budgeting tool on the ${testDatabaseKind()} database`, () => {
  const lines = (overrides: Record<string, string>) =>
    new URLSearchParams({
      "venue.amount": "4000",
      "venue.per": "total",
      "catering.amount": "30",
      "catering.per": "person",
      "av.amount": "1,500",
      "av.per": "total",
      ...overrides,
    }).toString();

  it("totals the lines as edited, per-guest lines by the attendance, with a break-even price and ticket types", async () => {
    const data = await budget(`${CONFERENCE}&${lines({})}`);
    expect(data.budget!.lineProblems).toEqual({});
    // 4,000 + 30 × 150 + 1,500 dollars.
    expect(data.budget!.summary!.totalCents).toBe(400_000 + 3_000 * 150 + 150_000);
    expect(data.budget!.summary!.breakEvenPriceCents).toBeGreaterThanOrEqual(data.budget!.summary!.perAttendeeCents);
    expect(data.ticketTypes.reduce((sum, type) => sum + type.quantity, 0)).toBe(150);

    const html = await renderPage(budgetPage, `/event-planning/budget?${CONFERENCE}`, "en", data);
    expectNoMissingMessages(html);
    const create = linksOf(html).find((link) => link.startsWith("/create?"));
    const params = new URL(create!, ORIGIN).searchParams;
    expect(params.get("title")).toBe("DMV Data Summit");
    expect(params.get("ticketTypes.0.name")).toBe("Early bird");
    expect(params.get("ticketTypes.1.name")).toBe("General admission");
  });

  it("shows a bad line's error and no totals, and saves the edited lines once signed in", async () => {
    const bad = await budget(`${CONFERENCE}&${lines({ "catering.amount": "thirty" })}`);
    expect(bad.budget!.lineProblems).toEqual({ catering: "budget_line_invalid" });
    expect(bad.budget!.summary).toBeNull();
    const html = await renderPage(budgetPage, "/event-planning/budget", "en", bad);
    expect(textOf(html)).toContain("Enter an amount in dollars, such as 800 or 12.50.");
    expect(textOf(html)).not.toContain("Break-even ticket price");

    const viewer = await viewerFor("Bea Budget");
    const saved = await answerOf(() =>
      budgetPage.action({
        request: post("/event-planning/budget", `${CONFERENCE}&${lines({})}`),
        params: {},
        context: contextFor(viewer),
      } as never),
    );
    expect(saved.status).toBe(302);
    const [plan] = await handle.db.select().from(eventPlans).where(eq(eventPlans.ownerId, viewer.userId));
    expect(plan!.budgetLines).toEqual(
      expect.arrayContaining([{ category: "catering", perAttendeeCents: 3_000, amountCents: 3_000 * 150 }]),
    );
  });
});

describe(`/create's prefill on the ${testDatabaseKind()} database`, () => {
  const open = async (query: string) => {
    const viewer = await viewerFor("Olu Organizer");
    const answer = await answerOf(() =>
      createPage.loader({
        request: new Request(`${ORIGIN}/create?${query}`),
        params: {},
        context: contextFor(viewer),
      } as never),
    );
    expect(answer.status).toBe(200);
    return (answer.data as { prefill: import("#app/components/event-form/event-form-values").EventFormValues | null })
      .prefill;
  };

  it("fills the title, the type's category, the day and the ticket types", async () => {
    const prefill = await open(
      `title=DMV+Data+Summit&eventType=conference&date=${EVENT_DAY}` +
        "&ticketTypes.0.name=Early+bird&ticketTypes.0.price=42.50&ticketTypes.0.quantity=45" +
        "&ticketTypes.1.name=General+admission&ticketTypes.1.price=50&ticketTypes.1.quantity=105",
    );
    const [conference] = await handle.db.select().from(categories).where(eq(categories.key, "conference"));
    expect(prefill).toMatchObject({
      title: "DMV Data Summit",
      categoryId: String(conference!.id),
      startsAt: `${EVENT_DAY}T09:00`,
      ticketTypes: [
        expect.objectContaining({ name: "Early bird", price: "42.50", quantity: "45" }),
        expect.objectContaining({ name: "General admission", price: "50", quantity: "105" }),
      ],
    });
  });

  it("leaves out each bad part, and never fails", async () => {
    const prefill = await open(
      "eventType=rodeo&date=2027-02-30&title=" +
        "x".repeat(500) +
        "&ticketTypes.0.name=Free&ticketTypes.0.price=abc&ticketTypes.0.quantity=10" +
        "&ticketTypes.1.name=VIP&ticketTypes.1.price=99&ticketTypes.1.quantity=0" +
        "&ticketTypes.2.name=Good&ticketTypes.2.price=10&ticketTypes.2.quantity=5",
    );
    expect(prefill).toMatchObject({ title: "", categoryId: "", startsAt: "" });
    expect(prefill!.ticketTypes.map((type) => type.name)).toEqual(["Good"]);
    expect(await open("ticketTypes.0.name=&ticketTypes.0.price=-1")).toMatchObject({
      ticketTypes: [expect.objectContaining({ name: "" })],
    });
  });
});
