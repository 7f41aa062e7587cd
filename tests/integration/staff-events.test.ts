import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { describe, expect, it } from "vitest";
import * as adminEventsPage from "#app/routes/admin-events";
import * as adminOverviewPage from "#app/routes/admin-overview";
import { events, majorEventTeasers, staffActions } from "#server/db/schema";
import type { Viewer } from "#server/http/app-env";
import { searchEvents } from "#server/services/event-search";
import { getHomePage } from "#server/services/home-page";
import { listMajorEvents } from "#server/services/major-events";
import { getMajorEventChoices, listStaffEvents, setEventFeatured, setMajorEvents } from "#server/services/staff-events";
import { createTestSession, type TestSession } from "#tests/support/auth-session";
import { setUpSeededApp } from "#tests/support/seeded-app";
import { makeStaff } from "#tests/support/staff";
import { insertEventWithTicketTypes, insertUser } from "#tests/support/ticket-factories";

/**
 * The console's events (issue 18): featuring, the Major Events, their audit lines, what the home page
 * and Featured Events then show, the /admin pages' door and forms, and the staff API's operations.
 */
const seeded = setUpSeededApp();
const BASE = "/api/v1/staff";
const DAY_MS = 24 * 60 * 60 * 1000;

async function staffMember() {
  const person = await insertUser(seeded.handle.db, { name: "Staff Member" });
  await makeStaff(seeded.handle.db, person.userId);
  return person;
}

/** A published upcoming event that is not featured, starting `days` from now. */
async function upcomingEvent(days = 1, title = `Staff test ${randomUUID().slice(0, 6)}`) {
  const made = await insertEventWithTicketTypes(seeded.handle.db, {
    title,
    startsAt: new Date(Date.now() + days * DAY_MS),
    ticketTypes: [{ name: "General", priceCents: 1000, quantity: 50 }],
  });
  return { ...made, title };
}

async function auditLines(subjectType: string, subjectId: string | number) {
  return seeded.handle.db
    .select({
      actorId: staffActions.actorId,
      action: staffActions.action,
      before: staffActions.before,
      after: staffActions.after,
    })
    .from(staffActions)
    .where(and(eq(staffActions.subjectType, subjectType), eq(staffActions.subjectId, String(subjectId))))
    .orderBy(desc(staffActions.id));
}

const featuredTitles = async (now: Date) =>
  (await searchEvents(seeded.handle.db, { featured: true, sort: "date", limit: 100 }, now)).events.map((e) => e.title);

describe("featuring an event", () => {
  it("puts it in Featured Events and on the home page at once, and back out, each change audited", async () => {
    const staff = await staffMember();
    // Sooner than every sample event: first among the home page's featured ones (no promotion meanwhile).
    const soon = await upcomingEvent(0.02);
    const now = new Date();
    // The home page is made and kept before the change: the change must not wait for it to expire.
    expect((await getHomePage(seeded.handle.db, now)).featured.map((e) => e.title)).not.toContain(soon.title);

    await setEventFeatured(seeded.handle.db, staff, soon.eventId, true, now);
    expect(await featuredTitles(now)).toContain(soon.title);
    expect((await getHomePage(seeded.handle.db, now)).featured.map((e) => e.title)).toContain(soon.title);

    // Again: nothing changes, nothing more is logged.
    await setEventFeatured(seeded.handle.db, staff, soon.eventId, true, now);
    await setEventFeatured(seeded.handle.db, staff, soon.eventId, false, now);
    expect(await featuredTitles(now)).not.toContain(soon.title);
    expect((await getHomePage(seeded.handle.db, now)).featured.map((e) => e.title)).not.toContain(soon.title);

    expect(await auditLines("event", soon.eventId)).toEqual([
      { actorId: staff.userId, action: "event.unfeature", before: { isFeatured: true }, after: { isFeatured: false } },
      { actorId: staff.userId, action: "event.feature", before: { isFeatured: false }, after: { isFeatured: true } },
    ]);
  });

  it("is refused for drafts, hidden and unknown events, and for anyone not staff, changing nothing", async () => {
    const staff = await staffMember();
    const member = await insertUser(seeded.handle.db);
    const draft = await insertEventWithTicketTypes(seeded.handle.db, { status: "draft", ticketTypes: [] });
    const hidden = await upcomingEvent(3);
    await seeded.handle.db
      .update(events)
      .set({ hiddenAt: new Date(), hiddenReason: "Spam" })
      .where(eq(events.id, hidden.eventId));
    const open = await upcomingEvent(4);
    const now = new Date();

    for (const eventId of [draft.eventId, hidden.eventId]) {
      await expect(setEventFeatured(seeded.handle.db, staff, eventId, true, now)).rejects.toMatchObject({
        code: "invalid",
        fields: { eventId: "not_published" },
      });
    }
    await expect(setEventFeatured(seeded.handle.db, staff, 2_000_000_000, true, now)).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(setEventFeatured(seeded.handle.db, member, open.eventId, true, now)).rejects.toMatchObject({
      code: "forbidden",
    });
    const rows = await seeded.handle.db
      .select({ isFeatured: events.isFeatured })
      .from(events)
      .where(eq(events.id, open.eventId));
    expect(rows).toEqual([{ isFeatured: false }]);
    expect(await auditLines("event", open.eventId)).toEqual([]);
  });
});

describe("choosing the Major Events", () => {
  it("changes the home page's three and their order at once, keeps taglines with their events, and is audited", async () => {
    const staff = await staffMember();
    const now = new Date();
    const before = await listMajorEvents(seeded.handle.db, now);
    expect(before).toHaveLength(3);
    const [first, second, third] = before.map((major) => major.event.id) as [number, number, number];
    const newcomer = await upcomingEvent(10);
    await getHomePage(seeded.handle.db, now); // kept: the change must show at once all the same

    // Reordered, the second replaced by a newcomer with its tagline; the others keep theirs.
    await setMajorEvents(
      seeded.handle.db,
      staff,
      { eventIds: [third, first, newcomer.eventId], taglines: ["", null, "  A newcomer worth the trip  "] },
      now,
    );
    const home = await getHomePage(seeded.handle.db, now);
    expect(home.majorEvents.map((major) => [major.event.id, major.tagline])).toEqual([
      [third, before[2]!.tagline],
      [first, before[0]!.tagline],
      [newcomer.eventId, "A newcomer worth the trip"],
    ]);
    expect(home.majorEvents[0]!.videoUrl).toBe(before[2]!.videoUrl);
    const choices = await getMajorEventChoices(seeded.handle.db, now);
    expect(choices.current.map((major) => major.eventId)).toEqual([third, first, newcomer.eventId]);
    expect(choices.candidates.map((event) => event.id)).toContain(newcomer.eventId);

    const [line] = await auditLines("major_events", "home");
    expect(line).toEqual({
      actorId: staff.userId,
      action: "major_events.set",
      before: before.map((major) => ({ eventId: major.event.id, tagline: major.tagline })),
      after: [
        { eventId: third, tagline: before[2]!.tagline },
        { eventId: first, tagline: before[0]!.tagline },
        { eventId: newcomer.eventId, tagline: "A newcomer worth the trip" },
      ],
    });

    // Back as they were, for the other tests.
    // The second left the three, so its tagline went with it: it needs one again.
    await expect(
      setMajorEvents(seeded.handle.db, staff, { eventIds: [first, second, third] }, now),
    ).rejects.toMatchObject({ fields: { "taglines.1": "required" } });
    await setMajorEvents(
      seeded.handle.db,
      staff,
      { eventIds: [first, second, third], taglines: [null, before[1]!.tagline, null] },
      now,
    );
    expect((await listMajorEvents(seeded.handle.db, now)).map((major) => major.event.id)).toEqual([
      first,
      second,
      third,
    ]);
  });

  it("refuses anything but three different published, not hidden, upcoming events with taglines, changing nothing", async () => {
    const staff = await staffMember();
    const now = new Date();
    const current = (await listMajorEvents(seeded.handle.db, now)).map((major) => major.event.id);
    const [a, b] = current as [number, number, number];
    const ended = await insertEventWithTicketTypes(seeded.handle.db, {
      startsAt: new Date(Date.now() - 2 * DAY_MS),
      ticketTypes: [],
    });
    const draft = await insertEventWithTicketTypes(seeded.handle.db, { status: "draft", ticketTypes: [] });
    const fresh = await upcomingEvent(12);
    const set = (eventIds: number[], taglines?: string[]) =>
      setMajorEvents(seeded.handle.db, staff, { eventIds, taglines }, now);

    await expect(set([a, b])).rejects.toMatchObject({ code: "invalid", fields: { eventIds: "three_required" } });
    await expect(set([a, b, a])).rejects.toMatchObject({ code: "invalid", fields: { eventIds: "duplicate" } });
    await expect(set([a, ended.eventId, 2_000_000_000], ["", "Old", "Gone"])).rejects.toMatchObject({
      code: "invalid",
      fields: { "eventIds.1": "not_published_upcoming", "eventIds.2": "not_found" },
    });
    await expect(set([draft.eventId, a, b], ["Draft", "", ""])).rejects.toMatchObject({
      fields: { "eventIds.0": "not_published_upcoming" },
    });
    // A newcomer needs a tagline; a tagline has at most 160 characters.
    await expect(set([a, b, fresh.eventId])).rejects.toMatchObject({ fields: { "taglines.2": "required" } });
    await expect(set([a, b, fresh.eventId], ["", "", "x".repeat(161)])).rejects.toMatchObject({
      fields: { "taglines.2": "too_long" },
    });
    await expect(set([a, b, fresh.eventId], ["", "", "Jazz \uFFFD"])).rejects.toMatchObject({
      fields: { "taglines.2": "tagline_invalid" },
    });
    await expect(
      setMajorEvents(seeded.handle.db, await insertUser(seeded.handle.db), { eventIds: current }, now),
    ).rejects.toMatchObject({ code: "forbidden" });

    expect((await listMajorEvents(seeded.handle.db, now)).map((major) => major.event.id)).toEqual(current);
    const teasers = await seeded.handle.db.select().from(majorEventTeasers);
    expect(teasers).toHaveLength(3);
  });
});

describe("the console's events list", () => {
  it("finds events by title, organizer or number, and filters by status", async () => {
    const unique = `Quetzal ${randomUUID().slice(0, 6)}`;
    const made = await upcomingEvent(20, `${unique} night market`);
    const draft = await insertEventWithTicketTypes(seeded.handle.db, {
      status: "draft",
      title: `${unique} draft`,
      ticketTypes: [],
    });
    const titles = async (query: string, filter?: "draft" | "published" | "hidden") =>
      (await listStaffEvents(seeded.handle.db, { query, filter })).events.map((event) => event.title);

    expect((await titles(unique.toUpperCase())).sort()).toEqual([`${unique} draft`, `${unique} night market`]);
    expect(await titles(unique, "draft")).toEqual([`${unique} draft`]);
    expect(await titles(unique, "published")).toEqual([`${unique} night market`]);
    expect(await titles(unique, "hidden")).toEqual([]);
    expect(await titles(`#${draft.eventId}`)).toContain(`${unique} draft`);
    // LIKE's wildcards are searched for as themselves: no title holds them.
    expect((await listStaffEvents(seeded.handle.db, { query: "%_%" })).events).toEqual([]);
    const organizer = await insertUser(seeded.handle.db, { name: `Organizer ${unique}`, role: "organizer" });
    await insertEventWithTicketTypes(seeded.handle.db, {
      organizerId: organizer.userId,
      title: "Untitled gathering",
      ticketTypes: [],
    });
    expect(await titles(`organizer ${unique}`)).toEqual(["Untitled gathering"]);
    expect(await titles(organizer.email.toUpperCase())).toEqual(["Untitled gathering"]);
    const [row] = (await listStaffEvents(seeded.handle.db, { query: String(made.eventId) })).events.filter(
      (event) => event.id === made.eventId,
    );
    expect(row).toMatchObject({ status: "published", hidden: false, isFeatured: false, majorPosition: null });
  });
});

describe("the console's pages (/admin, /admin/events)", () => {
  function viewerOf(person: { userId: string; email: string }, isStaff: boolean): Viewer {
    return {
      userId: person.userId,
      sessionId: randomUUID(),
      email: person.email,
      name: "X",
      profileImage: null,
      isStaff,
    };
  }
  const context = (viewer: Viewer | null) =>
    ({ db: seeded.handle.db, config: seeded.config, viewer }) as unknown as AppLoadContext;
  const post = (fields: Record<string, string | string[]>) => {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one);
    return new Request(`${seeded.config.publicUrl}/admin/events`, { method: "POST", body });
  };
  const statusOf = (thrown: unknown) => (thrown as { init?: { status: number } }).init?.status;
  type Answer = { data: Record<string, unknown>; init: { status?: number } | null };

  it("answer 404 to visitors and to signed-in people who are not staff, loaders and actions alike, changing nothing", async () => {
    const member = await insertUser(seeded.handle.db);
    const target = await upcomingEvent(6);
    for (const viewer of [null, viewerOf(member, false)]) {
      const attempts = [
        adminOverviewPage.loader({
          request: new Request(`${seeded.config.publicUrl}/admin`),
          params: {},
          context: context(viewer),
        } as never),
        adminEventsPage.loader({
          request: new Request(`${seeded.config.publicUrl}/admin/events`),
          params: {},
          context: context(viewer),
        } as never),
        adminEventsPage.action({
          request: post({ intent: "feature", eventId: String(target.eventId) }),
          params: {},
          context: context(viewer),
        } as never),
      ];
      for (const attempt of attempts)
        expect(
          statusOf(
            await attempt.then(
              () => null,
              (error: unknown) => error,
            ),
          ),
        ).toBe(404);
    }
    const [row] = await seeded.handle.db
      .select({ isFeatured: events.isFeatured })
      .from(events)
      .where(eq(events.id, target.eventId));
    expect(row).toEqual({ isFeatured: false });
  });

  it("show staff the figures and the events, and take the Feature and Major Events forms with translated problems", async () => {
    const staff = await staffMember();
    const viewer = viewerOf(staff, true);
    const overview = (await adminOverviewPage.loader({
      request: new Request(`${seeded.config.publicUrl}/admin`),
      params: {},
      context: context(viewer),
    } as never)) as unknown as Answer;
    const figures = overview.data.figures as { weeks: string[]; figures: { key: string; total: number }[] };
    expect(figures.weeks).toHaveLength(12);
    expect(figures.figures.find((figure) => figure.key === "publishedEvents")!.total).toBeGreaterThanOrEqual(34);

    const target = await upcomingEvent(7, `Console feature ${randomUUID().slice(0, 6)}`);
    const listed = (await adminEventsPage.loader({
      request: new Request(
        `${seeded.config.publicUrl}/admin/events?q=${encodeURIComponent(target.title)}&status=published`,
      ),
      params: {},
      context: context(viewer),
    } as never)) as unknown as Answer;
    expect((listed.data.events as { id: number }[]).map((event) => event.id)).toEqual([target.eventId]);
    // A NUL typed into the address (the database cannot compare it) is left out, not a 500.
    const withNul = (await adminEventsPage.loader({
      request: new Request(`${seeded.config.publicUrl}/admin/events?q=${encodeURIComponent(`\u0000${target.title}`)}`),
      params: {},
      context: context(viewer),
    } as never)) as unknown as Answer;
    expect((withNul.data.events as { id: number }[]).map((event) => event.id)).toEqual([target.eventId]);

    const act = async (fields: Record<string, string | string[]>) =>
      (await adminEventsPage.action({
        request: post(fields),
        params: {},
        context: context(viewer),
      } as never)) as unknown as Answer;
    const featured = await act({ intent: "feature", eventId: String(target.eventId) });
    expect(featured.data).toEqual({ done: { kind: "featured", title: target.title } });
    expect(await featuredTitles(new Date())).toContain(target.title);
    const unfeatured = await act({ intent: "unfeature", eventId: String(target.eventId) });
    expect(unfeatured.data).toEqual({ done: { kind: "unfeatured", title: target.title } });

    expect(await act({ intent: "feature", eventId: "abc" })).toMatchObject({
      init: { status: 422 },
      data: { problem: "not_found" },
    });
    expect(await act({ intent: "launch" })).toMatchObject({ init: { status: 400 }, data: { problem: "bad_form" } });

    const current = (await listMajorEvents(seeded.handle.db, new Date())).map((major) => String(major.event.id));
    const refused = await act({
      intent: "major",
      eventId: [current[0]!, current[0]!, current[2]!],
      tagline: ["", "", ""],
    });
    expect(refused).toMatchObject({
      init: { status: 422 },
      data: {
        majorProblems: { eventIds: "duplicate" },
        majorValues: { eventIds: [current[0], current[0], current[2]] },
      },
    });
    const missing = await act({ intent: "major", eventId: [current[0]!, ""], tagline: [] });
    expect(missing).toMatchObject({ init: { status: 422 }, data: { majorProblems: { eventIds: "three_required" } } });
    const swapped = [current[1]!, current[0]!, current[2]!];
    expect((await act({ intent: "major", eventId: swapped, tagline: ["", "", ""] })).data).toEqual({
      done: { kind: "major" },
    });
    expect((await listMajorEvents(seeded.handle.db, new Date())).map((major) => String(major.event.id))).toEqual(
      swapped,
    );
    await act({ intent: "major", eventId: current, tagline: ["", "", ""] });
  });
});

describe("the staff API", () => {
  let sessions: { member: TestSession; staff: TestSession } | null = null;
  async function people() {
    if (!sessions) {
      const [member, staff] = await Promise.all([
        createTestSession(seeded.handle.db, seeded.config),
        createTestSession(seeded.handle.db, seeded.config),
      ]);
      await makeStaff(seeded.handle.db, staff.userId);
      sessions = { member, staff };
    }
    return sessions;
  }
  const call = (method: string, path: string, as: TestSession | null, body?: unknown) =>
    seeded.app.request(`${BASE}${path}`, {
      method,
      headers: {
        ...(as ? { Authorization: `Bearer ${as.session.access_token}` } : {}),
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  it("answers 401 to visitors and 403 to people who are not staff, for every operation, changing nothing", async () => {
    const { member } = await people();
    const target = await upcomingEvent(8);
    const current = (await listMajorEvents(seeded.handle.db, new Date())).map((major) => major.event.id);
    const operations: [string, string, unknown?][] = [
      ["GET", "/figures"],
      ["PUT", `/events/${target.eventId}/featured`],
      ["DELETE", `/events/${target.eventId}/featured`],
      ["PUT", "/major-events", { eventIds: [current[2], current[1], current[0]] }],
    ];
    for (const [method, path, body] of operations) {
      const visitor = await call(method, path, null, body);
      expect(visitor.status, `${method} ${path}`).toBe(401);
      expect(visitor.headers.get("Cache-Control")).toBe("private, no-store");
      const refused = await call(method, path, member, body);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect((await refused.json()).error.code).toBe("forbidden");
    }
    expect((await listMajorEvents(seeded.handle.db, new Date())).map((major) => major.event.id)).toEqual(current);
    expect(await featuredTitles(new Date())).not.toContain(target.title);
  });

  it("gives staff the figures, features and unfeatures, and sets the Major Events", async () => {
    const { staff } = await people();
    const figures = await call("GET", "/figures", staff);
    expect(figures.status).toBe(200);
    expect(figures.headers.get("Cache-Control")).toBe("private, no-store");
    const { data } = (await figures.json()) as {
      data: { weeks: string[]; figures: { key: string; byWeek: number[] }[] };
    };
    expect(data.weeks).toHaveLength(12);
    expect(data.figures.map((figure) => figure.key)).toEqual([
      "people",
      "organizers",
      "publishedEvents",
      "orders",
      "ticketsSold",
      "revenueCents",
      "promotionIncomeCents",
    ]);

    const target = await upcomingEvent(9);
    const put = await call("PUT", `/events/${target.eventId}/featured`, staff);
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ data: { id: target.eventId, title: target.title, isFeatured: true } });
    expect(await featuredTitles(new Date())).toContain(target.title);
    const removed = await call("DELETE", `/events/${target.eventId}/featured`, staff);
    expect((await removed.json()).data.isFeatured).toBe(false);
    expect((await call("PUT", "/events/2000000000/featured", staff)).status).toBe(404);
    expect((await call("PUT", "/events/x1/featured", staff)).status).toBe(404);

    const current = (await listMajorEvents(seeded.handle.db, new Date())).map((major) => major.event.id);
    const reversed = [...current].reverse();
    const set = await call("PUT", "/major-events", staff, { eventIds: reversed, taglines: [null, "", null] });
    expect(set.status).toBe(200);
    expect(((await set.json()) as { data: { eventId: number }[] }).data.map((major) => major.eventId)).toEqual(
      reversed,
    );
    expect((await listMajorEvents(seeded.handle.db, new Date())).map((major) => major.event.id)).toEqual(reversed);
    await call("PUT", "/major-events", staff, { eventIds: current });
  });

  it("refuses bad bodies from staff with the fields named, changing nothing", async () => {
    const { staff } = await people();
    const current = (await listMajorEvents(seeded.handle.db, new Date())).map((major) => major.event.id);
    const bad: [unknown, string][] = [
      [{ eventIds: current.slice(0, 2) }, "eventIds"],
      [{ eventIds: [...current, 1] }, "eventIds"],
      [{ eventIds: ["1", "2", "3"] }, "eventIds.0"],
      [{ eventIds: current, taglines: ["a"] }, "taglines"],
      [{ eventIds: current, extra: true }, "extra"],
      [{ eventIds: [current[0], current[0], current[1]] }, "eventIds"],
      [{ eventIds: [current[0], current[1], 2_000_000_000] }, "eventIds.2"],
    ];
    for (const [body, field] of bad) {
      const answer = await call("PUT", "/major-events", staff, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      const { error } = (await answer.json()) as { error: { code: string; fields: Record<string, string> } };
      expect(error.code).toBe("invalid");
      expect(Object.keys(error.fields), JSON.stringify(body)).toContain(field);
    }
    const notJson = await seeded.app.request(`${BASE}/major-events`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${staff.session.access_token}`, "Content-Type": "application/json" },
      body: "{",
    });
    expect(notJson.status).toBe(400);
    expect((await listMajorEvents(seeded.handle.db, new Date())).map((major) => major.event.id)).toEqual(current);
  });
});
