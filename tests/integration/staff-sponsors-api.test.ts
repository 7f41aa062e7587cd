import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpenApiDocument } from "#server/api/openapi-document-shape";
import { createApp, type App } from "#server/app";
import type { DatabaseHandle } from "#server/db/client";
import { eventSponsors, sponsors, staffActions } from "#server/db/schema";
import { seedSampleData } from "#server/db/seed/seed";
import { readConfig } from "#server/env";
import { createLogger } from "#server/logger";
import { createTestSession, type TestSession } from "#tests/support/auth-session";
import { expectDocumented } from "#tests/support/openapi-answers";
import { makeStaff } from "#tests/support/staff";
import { openTestDatabase } from "#tests/support/test-database";

/*
 * /api/v1/staff/sponsors: each operation answers 401 to a visitor, 403 to a signed-in person who is
 * not staff (changing nothing), and works for staff, as the document says.
 */

const BASE = "/api/v1";
let handle: DatabaseHandle;
let app: App;
let uploadsDir: string;
let document: OpenApiDocument;
let staff: TestSession;
let member: TestSession;

beforeAll(async () => {
  handle = await openTestDatabase();
  await seedSampleData(handle.db, { now: new Date() });
  uploadsDir = await mkdtemp(path.join(tmpdir(), "staff-sponsors-api-"));
  const config = { ...readConfig({ NODE_ENV: "test" }), uploadsDir };
  app = createApp({ db: handle.db, config, logger: createLogger(config) });
  document = await (await app.request(`${BASE}/openapi.json`)).json();
  [staff, member] = await Promise.all([createTestSession(handle.db, config), createTestSession(handle.db, config)]);
  await makeStaff(handle.db, staff.userId);
});
afterAll(async () => {
  await handle?.close();
  if (uploadsDir) await rm(uploadsDir, { recursive: true, force: true });
});

async function logo() {
  const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: { r: 0, g: 120, b: 60 } } })
    .png()
    .toBuffer();
  return new Blob([new Uint8Array(png)], { type: "image/png" });
}

async function sponsorForm(fields: Record<string, string>, withLogo = true) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (withLogo) form.set("logo", await logo(), "logo.png");
  return form;
}

const NEW_SPONSOR = {
  name: "Union Market Makers",
  description: "Makers and food halls of Northeast DC.",
  website: "https://unionmarket.example.org",
  tier: "bronze",
  industry: "Retail",
  contactEmail: "hello@unionmarket.example.org",
};

async function call(
  method: string,
  template: string,
  ids: Record<string, number>,
  as: TestSession | null,
  body: FormData | Record<string, unknown>,
) {
  const url = template.replace(/\{(\w+)\}/g, (_, name: string) => String(ids[name]));
  const headers: Record<string, string> = as ? { Authorization: `Bearer ${as.session.access_token}` } : {};
  const isForm = body instanceof FormData;
  if (!isForm) headers["Content-Type"] = "application/json";
  const response = await app.request(`${BASE}${url}`, {
    method,
    headers,
    body: isForm ? body : JSON.stringify(body),
  });
  const json = await response.json();
  expectDocumented(document, method.toLowerCase(), template, response.status, json);
  expect(response.headers.get("cache-control")).toBe("private, no-store");
  return { status: response.status, body: json };
}

async function sponsorRows() {
  return handle.db.select().from(sponsors).orderBy(sponsors.id);
}

describe("staff sponsor operations", () => {
  it("POST /staff/sponsors: 401 for a visitor, 403 for non-staff, 201 for staff (audited)", async () => {
    const before = await sponsorRows();
    expect((await call("POST", "/staff/sponsors", {}, null, await sponsorForm(NEW_SPONSOR))).status).toBe(401);
    const refused = await call("POST", "/staff/sponsors", {}, member, await sponsorForm(NEW_SPONSOR));
    expect(refused).toMatchObject({ status: 403, body: { error: { code: "forbidden" } } });
    expect(await sponsorRows()).toEqual(before);

    const created = await call("POST", "/staff/sponsors", {}, staff, await sponsorForm(NEW_SPONSOR));
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ ...NEW_SPONSOR, accountEmail: null });
    expect(created.body.data.logo).toMatch(/^\/uploads\/sponsors\/.+-320\.webp$/);
    const audit = await handle.db
      .select()
      .from(staffActions)
      .where(and(eq(staffActions.action, "sponsor.create"), eq(staffActions.subjectId, String(created.body.data.id))));
    expect(audit).toHaveLength(1);

    const bad = await call(
      "POST",
      "/staff/sponsors",
      {},
      staff,
      await sponsorForm({ ...NEW_SPONSOR, website: "ftp://x.example.org" }, false),
    );
    expect(bad).toMatchObject({
      status: 400,
      body: { error: { fields: { website: "invalid_url", logo: "logo_required" } } },
    });
  });

  it("PATCH /staff/sponsors/{id}: 401, 403, then 200 changing only the fields sent, logged before and after", async () => {
    const [target] = await sponsorRows();
    const id = target!.id;
    const change = () => sponsorForm({ tier: "gold", accountEmail: member.email }, false);
    expect((await call("PATCH", "/staff/sponsors/{id}", { id }, null, await change())).status).toBe(401);
    expect((await call("PATCH", "/staff/sponsors/{id}", { id }, member, await change())).status).toBe(403);
    expect((await sponsorRows())[0]).toEqual(target);

    const changed = await call("PATCH", "/staff/sponsors/{id}", { id }, staff, await change());
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({
      id,
      name: target!.name,
      tier: "gold",
      accountEmail: member.email,
      logo: target!.logo,
    });
    const [audit] = await handle.db
      .select()
      .from(staffActions)
      .where(and(eq(staffActions.action, "sponsor.update"), eq(staffActions.subjectId, String(id))));
    expect(audit!.before).toMatchObject({ tier: target!.tier, accountEmail: null });
    expect(audit!.after).toMatchObject({ tier: "gold", accountEmail: member.email });

    expect((await call("PATCH", "/staff/sponsors/{id}", { id: 999_999 }, staff, await change())).status).toBe(404);

    // A field it does not know is named and refused; a change to nothing is no action in the audit log.
    const unknown = await call("PATCH", "/staff/sponsors/{id}", { id }, staff, await sponsorForm({ alt: "x" }, false));
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ error: { code: "invalid", fields: { alt: "unknown_field" } } });
    const same = await call("PATCH", "/staff/sponsors/{id}", { id }, staff, await change());
    expect(same.status).toBe(200);
    const updates = await handle.db
      .select()
      .from(staffActions)
      .where(and(eq(staffActions.action, "sponsor.update"), eq(staffActions.subjectId, String(id))));
    expect(updates).toHaveLength(1);
  });

  it("POST /staff/sponsors/{id}/appearances/{eventId}/approval: 401, 403, then 200 for staff", async () => {
    const [link] = await handle.db.select().from(eventSponsors).limit(1);
    const ids = { id: link!.sponsorId, eventId: link!.eventId };
    const template = "/staff/sponsors/{id}/appearances/{eventId}/approval";
    expect((await call("POST", template, ids, null, { decision: "decline" })).status).toBe(401);
    expect((await call("POST", template, ids, member, { decision: "decline" })).status).toBe(403);
    const [unchanged] = await handle.db
      .select()
      .from(eventSponsors)
      .where(and(eq(eventSponsors.sponsorId, ids.id), eq(eventSponsors.eventId, ids.eventId)));
    expect(unchanged!.status).toBe("approved");

    expect((await call("POST", template, ids, staff, { decision: "maybe" })).status).toBe(400);
    const declined = await call("POST", template, ids, staff, { decision: "decline" });
    expect(declined).toMatchObject({
      status: 200,
      body: { data: { sponsorId: ids.id, eventId: ids.eventId, status: "declined" } },
    });
    const event = await (await app.request(`${BASE}/events/${ids.eventId}`)).json();
    expect(event.data.sponsors.map((sponsor: { id: number }) => sponsor.id)).not.toContain(ids.id);
    expect((await call("POST", template, { ...ids, eventId: 999_999 }, staff, { decision: "approve" })).status).toBe(
      404,
    );
  });
});
