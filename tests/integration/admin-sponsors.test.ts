import { randomUUID } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import * as sponsorRoute from "#app/routes/admin-sponsor";
import * as newSponsorRoute from "#app/routes/admin-sponsor-new";
import * as sponsorsRoute from "#app/routes/admin-sponsors";
import * as dashboardRoute from "#app/routes/dashboard";
import { selectRows } from "#server/db/client";
import { SAMPLE_EVENTS } from "#server/db/seed/sample-data";
import { eventSponsors, sponsors, staffActions } from "#server/db/schema";
import { readConfig } from "#server/env";
import type { Viewer } from "#server/http/app-env";
import { createEvent, updateEvent } from "#server/services/event-authoring";
import { getEventForEditing } from "#server/services/event-authoring-reads";
import { getEventDetail } from "#server/services/event-detail";
import { getSponsorPage } from "#server/services/profiles";
import { decideAppearance, listSponsorshipRequests } from "#server/services/sponsor-appearances";
import { failure, NOW, setUpEventAuthoring } from "#tests/support/event-authoring";
import { makeStaff } from "#tests/support/staff";
import { insertUser } from "#tests/support/ticket-factories";

/*
 * /admin/sponsors: staff create and edit sponsors (logo re-encoded, account linked, every change
 * audited), and a sponsor appears on an event only once staff or the sponsor's own account approve it.
 */

const world = setUpEventAuthoring();
const config = readConfig({ NODE_ENV: "test" });

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

function contextOf(viewer: Viewer | null) {
  const { handle, uploadsDir } = world.current();
  return { db: handle.db, config: { ...config, uploadsDir }, viewer } as unknown as AppLoadContext;
}

async function staffViewer() {
  const person = await insertUser(world.current().handle.db, { name: "Stella Staff" });
  await makeStaff(world.current().handle.db, person.userId);
  return viewerOf(person, true);
}

/** A wide PNG logo with a comment in its metadata, which must not survive re-encoding. */
function pngLogo() {
  return sharp({ create: { width: 600, height: 200, channels: 4, background: { r: 200, g: 30, b: 60, alpha: 1 } } })
    .withMetadata({ exif: { IFD0: { Make: "SecretCamera" } } })
    .png()
    .toBuffer();
}

function sponsorForm(fields: Record<string, string>, logo?: { bytes: Uint8Array | string; type: string }) {
  const form = new FormData();
  form.set("intent", "save");
  const values = {
    name: "Potomac Credit Union",
    description: "A member-owned credit union serving the capital region.",
    website: "https://potomac-cu.example.org",
    tier: "silver",
    industry: "Financial services",
    contactEmail: "events@potomac-cu.example.org",
    accountEmail: "",
    ...fields,
  };
  for (const [name, value] of Object.entries(values)) form.set(name, value);
  if (logo) form.set("logo", new Blob([logo.bytes as BlobPart], { type: logo.type }), "logo");
  return form;
}

function post(url: string, body: FormData | URLSearchParams) {
  return new Request(`${config.publicUrl}${url}`, { method: "POST", body });
}

/** What a route answers: its data and status, whether it returned or threw a data() answer or a redirect. */
async function answer(work: () => Promise<unknown>) {
  const result: unknown = await work().catch((thrown: unknown) => thrown);
  if (result instanceof Response)
    return { status: result.status, location: result.headers.get("Location"), data: null };
  const withInit = result as { type?: string; data?: unknown; init?: { status?: number } | null };
  if (withInit?.type === "DataWithResponseInit") return { status: withInit.init?.status ?? 200, data: withInit.data };
  return { status: 200, data: result };
}

async function sponsorCount() {
  const [row] = await selectRows<{ n: number }>(
    world.current().handle.db,
    sql`select count(*)::int as n from sponsors`,
  );
  return row!.n;
}

async function logoFiles() {
  return (await readdir(path.join(world.current().uploadsDir, "sponsors")).catch(() => [] as string[])).sort();
}

async function createThroughConsole(staff: Viewer, fields: Record<string, string> = {}) {
  const result = await answer(() =>
    newSponsorRoute.action({
      request: post("/admin/sponsors/new", sponsorForm(fields, { bytes: new Uint8Array(0), type: "x" })),
      params: {},
      context: contextOf(staff),
    } as never),
  );
  expect(result.status).toBe(422); // no logo: refused, nothing stored
  const created = await answer(async () =>
    newSponsorRoute.action({
      request: post("/admin/sponsors/new", sponsorForm(fields, { bytes: await pngLogo(), type: "image/png" })),
      params: {},
      context: contextOf(staff),
    } as never),
  );
  expect(created.status).toBe(302);
  return Number(/\/admin\/sponsors\/(\d+)/.exec(created.location ?? "")![1]);
}

describe("creating and editing sponsors in the console", () => {
  it("creates a sponsor with its logo re-encoded as 2:1 WebP without metadata, audited", async () => {
    const staff = await staffViewer();
    const id = await createThroughConsole(staff, { name: "Anacostia Bikes" });
    const [row] = await world.current().handle.db.select().from(sponsors).where(eq(sponsors.id, id));
    expect(row).toMatchObject({ name: "Anacostia Bikes", tier: "silver", industry: "Financial services" });
    expect(row!.logo).toMatch(/^\/uploads\/sponsors\/[0-9a-f]{24}-320\.webp$/);

    const stored = path.join(world.current().uploadsDir, row!.logo.slice("/uploads/".length));
    const metadata = await sharp(stored).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 320, height: 160 });
    expect(metadata.exif).toBeUndefined();

    const audit = await world
      .current()
      .handle.db.select()
      .from(staffActions)
      .where(eq(staffActions.subjectId, String(id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: staff.userId,
      action: "sponsor.create",
      subjectType: "sponsor",
      before: null,
    });
    expect(audit[0]!.after).toMatchObject({ name: "Anacostia Bikes", logo: row!.logo });
  });

  it("refuses bad fields, an unknown account, SVG and oversized logos with their reasons, changing nothing", async () => {
    const staff = await staffViewer();
    const before = { count: await sponsorCount(), files: await logoFiles() };
    const cases: [Record<string, string>, { bytes: Uint8Array | string; type: string }, Record<string, string>][] = [
      [
        { name: " ", website: "javascript:alert(1)", tier: "platinum", contactEmail: "nope" },
        { bytes: await pngLogo(), type: "image/png" },
        { name: "required", website: "invalid_url", tier: "invalid_tier", contactEmail: "invalid_email" },
      ],
      [
        { accountEmail: "nobody-at-all@example.com" },
        { bytes: await pngLogo(), type: "image/png" },
        { accountEmail: "no_account" },
      ],
      [
        {},
        { bytes: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', type: "image/svg+xml" },
        { logo: "logo_type" },
      ],
      [{}, { bytes: new Uint8Array(2 * 1024 * 1024 + 1), type: "image/png" }, { logo: "logo_too_large" }],
    ];
    for (const [fields, logo, problems] of cases) {
      const result = await answer(() =>
        newSponsorRoute.action({
          request: post("/admin/sponsors/new", sponsorForm(fields, logo)),
          params: {},
          context: contextOf(staff),
        } as never),
      );
      expect(result.status).toBe(422);
      expect(result.data).toMatchObject({ ok: false, problems });
    }
    expect({ count: await sponsorCount(), files: await logoFiles() }).toEqual(before);
  });

  it("edits a sponsor and links its account, logging the sponsor before and after", async () => {
    const staff = await staffViewer();
    const id = await createThroughConsole(staff, { name: "Rock Creek Coffee" });
    const owner = await insertUser(world.current().handle.db, {
      email: `owner-${randomUUID().slice(0, 6)}@example.com`,
    });
    const [stored] = await world.current().handle.db.select().from(sponsors).where(eq(sponsors.id, id));
    const oldLogo = stored!.logo;

    const saved = await answer(() =>
      sponsorRoute.action({
        request: post(
          `/admin/sponsors/${id}`,
          sponsorForm({ name: "Rock Creek Roasters", tier: "gold", accountEmail: owner.email.toUpperCase() }),
        ),
        params: { id: String(id) },
        context: contextOf(staff),
      } as never),
    );
    expect(saved).toMatchObject({ status: 200, data: { ok: true } });
    const page = await sponsorRoute.loader({
      request: new Request(`${config.publicUrl}/admin/sponsors/${id}`),
      params: { id: String(id) },
      context: contextOf(staff),
    } as never);
    expect(page.sponsor).toMatchObject({
      name: "Rock Creek Roasters",
      tier: "gold",
      accountEmail: owner.email,
      logo: oldLogo,
    });

    const [update] = await world
      .current()
      .handle.db.select()
      .from(staffActions)
      .where(and(eq(staffActions.subjectId, String(id)), eq(staffActions.action, "sponsor.update")));
    expect(update!.before).toMatchObject({ name: "Rock Creek Coffee", tier: "silver", accountEmail: null });
    expect(update!.after).toMatchObject({ name: "Rock Creek Roasters", tier: "gold", accountEmail: owner.email });

    const list = await sponsorsRoute.loader({
      request: new Request(`${config.publicUrl}/admin/sponsors?q=roasters&tier=gold`),
      params: {},
      context: contextOf(staff),
    } as never);
    expect(list.sponsors.map((sponsor) => sponsor.name)).toEqual(["Rock Creek Roasters"]);
    const silver = await sponsorsRoute.loader({
      request: new Request(`${config.publicUrl}/admin/sponsors?q=roasters&tier=silver`),
      params: {},
      context: contextOf(staff),
    } as never);
    expect(silver.sponsors).toEqual([]);
    // A NUL typed into the address (the database cannot compare it) is left out, not a 500.
    const withNul = await sponsorsRoute.loader({
      request: new Request(`${config.publicUrl}/admin/sponsors?q=roast%00ers`),
      params: {},
      context: contextOf(staff),
    } as never);
    expect(withNul.sponsors.map((sponsor) => sponsor.name)).toEqual(["Rock Creek Roasters"]);
  });

  it("answers 404 to visitors and non-staff on every loader and action, changing nothing", async () => {
    const member = viewerOf(await insertUser(world.current().handle.db), false);
    const [sponsor] = await world.current().handle.db.select().from(sponsors).limit(1);
    const before = { count: await sponsorCount(), row: sponsor };
    for (const viewer of [null, member]) {
      const calls = [
        () =>
          sponsorsRoute.loader({
            request: new Request(`${config.publicUrl}/admin/sponsors`),
            params: {},
            context: contextOf(viewer),
          } as never),
        () =>
          newSponsorRoute.loader({
            request: new Request(`${config.publicUrl}/admin/sponsors/new`),
            params: {},
            context: contextOf(viewer),
          } as never),
        () =>
          newSponsorRoute.action({
            request: post("/admin/sponsors/new", sponsorForm({})),
            params: {},
            context: contextOf(viewer),
          } as never),
        () =>
          sponsorRoute.loader({
            request: new Request(`${config.publicUrl}/admin/sponsors/${sponsor!.id}`),
            params: { id: String(sponsor!.id) },
            context: contextOf(viewer),
          } as never),
        () =>
          sponsorRoute.action({
            request: post(`/admin/sponsors/${sponsor!.id}`, sponsorForm({ name: "Taken over" })),
            params: { id: String(sponsor!.id) },
            context: contextOf(viewer),
          } as never),
      ];
      for (const call of calls) expect((await answer(call)).status).toBe(404);
    }
    const [after] = await world.current().handle.db.select().from(sponsors).where(eq(sponsors.id, sponsor!.id));
    expect({ count: await sponsorCount(), row: after }).toEqual(before);
  });
});

describe("a sponsor's appearance on an event", () => {
  async function publishedEventWithSponsor(sponsorId: number) {
    const { handle, organizer } = world.current();
    const { id } = await createEvent(
      handle.db,
      organizer,
      world.input({ sponsorIds: [sponsorId], coOrganizerEmails: [] }),
      [],
      world.context(true),
    );
    return id;
  }
  const shownOnEvent = async (eventId: number) =>
    (await getEventDetail(world.current().handle.db, eventId, NOW))!.sponsors.map((sponsor) => sponsor.id);
  const shownOnSponsorPage = async (sponsorId: number) =>
    (await getSponsorPage(world.current().handle.db, sponsorId, NOW))!.events.map((event) => event.id);

  it("waits for approval: not shown until the sponsor's own account approves, and no one else may answer", async () => {
    const { handle, organizer, stranger } = world.current();
    const staff = await staffViewer();
    const owner = await insertUser(handle.db, { email: `sponsor-owner-${randomUUID().slice(0, 6)}@example.com` });
    const sponsorId = await createThroughConsole(staff, {
      name: "Capital Bikeshare Friends",
      accountEmail: owner.email,
    });
    const eventId = await publishedEventWithSponsor(sponsorId);

    expect((await getEventForEditing(handle.db, organizer, eventId, NOW)).sponsorApprovals).toEqual({
      [sponsorId]: "pending",
    });
    expect(await shownOnEvent(eventId)).toEqual([]);
    expect(await shownOnSponsorPage(sponsorId)).not.toContain(eventId);

    // The organizer, a stranger: refused, and nothing changes.
    for (const someone of [organizer, stranger]) {
      const refusal = await failure(
        decideAppearance(handle.db, someone, { sponsorId, eventId, decision: "approve" }, NOW),
      );
      expect(refusal.code).toBe("forbidden");
      const dashboard = await answer(() =>
        dashboardRoute.action({
          request: post(
            "/dashboard",
            new URLSearchParams({
              intent: "decide",
              sponsorId: String(sponsorId),
              eventId: String(eventId),
              decision: "approve",
            }),
          ),
          params: {},
          context: contextOf(viewerOf(someone, false)),
        } as never),
      );
      expect(dashboard).toMatchObject({ status: 403, data: { decided: null, problem: "forbidden" } });
    }
    expect(await shownOnEvent(eventId)).toEqual([]);

    // The sponsor's own account sees the request in its dashboard and approves it there.
    const requests = await listSponsorshipRequests(handle.db, owner);
    expect(requests.map((request) => [request.sponsorId, request.eventId, request.status])).toEqual([
      [sponsorId, eventId, "pending"],
    ]);
    const approved = await answer(() =>
      dashboardRoute.action({
        request: post(
          "/dashboard",
          new URLSearchParams({
            intent: "decide",
            sponsorId: String(sponsorId),
            eventId: String(eventId),
            decision: "approve",
          }),
        ),
        params: {},
        context: contextOf(viewerOf(owner, false)),
      } as never),
    );
    expect(approved).toMatchObject({ status: 200, data: { decided: { status: "approved" } } });
    expect(await shownOnEvent(eventId)).toEqual([sponsorId]);
    expect(await shownOnSponsorPage(sponsorId)).toContain(eventId);
    expect(await listSponsorshipRequests(handle.db, owner)).toEqual([]);

    const [link] = await handle.db.select().from(eventSponsors).where(eq(eventSponsors.eventId, eventId));
    expect(link).toMatchObject({ status: "approved", decidedBy: owner.userId });
    // The organizer saving the event again keeps the approval.
    await updateEvent(
      handle.db,
      organizer,
      eventId,
      world.input({ sponsorIds: [sponsorId], coOrganizerEmails: [] }),
      null,
      world.editContext(),
    );
    expect(await shownOnEvent(eventId)).toEqual([sponsorId]);
  });

  it("is approved or declined by staff in the console, audited, and a decline shows on the event's edit page", async () => {
    const { handle, organizer } = world.current();
    const staff = await staffViewer();
    const sponsorId = await createThroughConsole(staff, { name: "Navy Yard Bakery" });
    const eventId = await publishedEventWithSponsor(sponsorId);
    const page = await sponsorRoute.loader({
      request: new Request(`${config.publicUrl}/admin/sponsors/${sponsorId}`),
      params: { id: String(sponsorId) },
      context: contextOf(staff),
    } as never);
    expect(page.appearances.map((appearance) => [appearance.eventId, appearance.status])).toEqual([
      [eventId, "pending"],
    ]);

    const decide = (decision: string) =>
      answer(() =>
        sponsorRoute.action({
          request: post(
            `/admin/sponsors/${sponsorId}`,
            new URLSearchParams({ intent: "decide", eventId: String(eventId), decision }),
          ),
          params: { id: String(sponsorId) },
          context: contextOf(staff),
        } as never),
      );
    expect(await decide("maybe")).toMatchObject({ status: 400 });
    expect(await shownOnEvent(eventId)).toEqual([]);
    expect(await decide("approve")).toMatchObject({ status: 200, data: { decided: { status: "approved" } } });
    expect(await shownOnEvent(eventId)).toEqual([sponsorId]);
    expect(await decide("decline")).toMatchObject({ status: 200, data: { decided: { status: "declined" } } });
    expect(await shownOnEvent(eventId)).toEqual([]);
    expect(await shownOnSponsorPage(sponsorId)).not.toContain(eventId);
    expect((await getEventForEditing(handle.db, organizer, eventId, NOW)).sponsorApprovals).toEqual({
      [sponsorId]: "declined",
    });

    const audit = await handle.db
      .select({ action: staffActions.action, before: staffActions.before, after: staffActions.after })
      .from(staffActions)
      .where(
        and(eq(staffActions.subjectId, String(sponsorId)), sql`${staffActions.action} like 'sponsor.appearance.%'`),
      )
      .orderBy(staffActions.id);
    expect(audit).toEqual([
      {
        action: "sponsor.appearance.approve",
        before: { eventId, status: "pending" },
        after: { eventId, status: "approved" },
      },
      {
        action: "sponsor.appearance.decline",
        before: { eventId, status: "approved" },
        after: { eventId, status: "declined" },
      },
    ]);
  });

  it("keeps the seeded sample links approved, so the sample events still show their sponsors", async () => {
    const rows = await selectRows<{ eventId: number; status: string }>(
      world.current().handle.db,
      sql`select event_id as "eventId", status from event_sponsors where event_id <= ${SAMPLE_EVENTS.length}`,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(["approved"]));
    expect((await shownOnEvent(rows[0]!.eventId)).length).toBeGreaterThan(0);
  });
});
