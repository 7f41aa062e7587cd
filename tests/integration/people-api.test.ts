import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { profiles } from "#server/db/schema";
import { testDatabaseKind } from "#tests/support/test-database";
import { setUpSeededApp } from "#tests/support/seeded-app";

const seeded = setUpSeededApp();

describe(`organizers, sponsors, venues and categories in the API on the ${testDatabaseKind()} database`, () => {
  it("shows an organizer's public profile, reputation and events, and never an e-mail address", async () => {
    const [hanna] = await seeded.handle.db.select().from(profiles).where(eq(profiles.name, "Hanna Bekele"));
    const response = await seeded.app.request(`/api/v1/organizers/${hanna!.userId}`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.data).toMatchObject({
      name: "Hanna Bekele",
      role: "organizer",
      reputation: { level: expect.any(String) },
    });
    expect(body.data.upcomingEvents.length).toBeGreaterThan(0);
    expect(JSON.stringify(body)).not.toMatch(/@example\.(com|org)/);
  });

  it("answers 404 for unknown organizers and for ids that are not ids, without a server error", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", "1", "'; drop table users; --"]) {
      const response = await seeded.app.request(`/api/v1/organizers/${encodeURIComponent(id)}`);
      expect(response.status, id).toBe(404);
    }
  });

  it("lists sponsors gold first, and shows one with the events it supports", async () => {
    const list = (await (await seeded.app.request("/api/v1/sponsors")).json()).data as { id: number; tier: string }[];
    expect(list).toHaveLength(12);
    expect(list.map((sponsor) => sponsor.tier)).toEqual([
      ...Array(4).fill("gold"),
      ...Array(4).fill("silver"),
      ...Array(4).fill("bronze"),
    ]);
    const one = await (await seeded.app.request(`/api/v1/sponsors/${list[0]!.id}`)).json();
    expect(one.data).toMatchObject({ id: list[0]!.id, events: expect.any(Array) });
    expect((await seeded.app.request("/api/v1/sponsors/999999")).status).toBe(404);
    expect((await seeded.app.request("/api/v1/sponsors/x")).status).toBe(404);
  });

  it("lists the 12 venues with coordinates and the 15 categories with counts", async () => {
    const venueList = (await (await seeded.app.request("/api/v1/venues")).json()).data;
    expect(venueList).toHaveLength(12);
    expect(venueList[0]).toMatchObject({ latitude: expect.any(Number), longitude: expect.any(Number) });
    const categories = (await (await seeded.app.request("/api/v1/categories")).json()).data;
    expect(categories).toHaveLength(15);
    expect(categories[0]).toMatchObject({ key: "music", upcomingEvents: expect.any(Number) });
  });
});
