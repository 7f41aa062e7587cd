import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events, galleryPhotos, organizerFollows, profiles, reviews } from "#server/db/schema";
import { setUpSeededApp } from "#tests/support/seeded-app";
import { testDatabaseKind } from "#tests/support/test-database";
import { insertUser } from "#tests/support/ticket-factories";

const seeded = setUpSeededApp();

describe(`public profiles and the community in the API on the ${testDatabaseKind()} database`, () => {
  it("reads a person's public profile with their community figures, and never an e-mail address", async () => {
    const db = seeded.handle.db;
    const [hanna] = await db.select().from(profiles).where(eq(profiles.name, "Hanna Bekele"));
    const [event] = await db.select().from(events).where(eq(events.organizerId, hanna!.userId)).limit(1);
    const fan = await insertUser(db, { name: "API Fan" });
    await db.insert(organizerFollows).values({ followerId: fan.userId, organizerId: hanna!.userId });
    await db
      .insert(reviews)
      .values([{ eventId: event!.id, authorId: fan.userId, rating: 5, body: "Shown through the API." }]);
    await db.insert(galleryPhotos).values({
      eventId: event!.id,
      authorId: fan.userId,
      image: `gallery/${randomBytes(12).toString("hex")}`,
      width: 640,
      height: 480,
      alt: "Hidden from the API",
      hiddenAt: new Date(),
    });

    const response = await seeded.app.request(`/api/v1/users/${fan.userId}`, {
      headers: { Origin: "https://elsewhere.example" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("Access-Control-Allow-Origin")).toBe("*");
    const { data } = await response.json();
    expect(data).toMatchObject({
      name: "API Fan",
      url: `/users/${fan.userId}`,
      reviewCount: 1,
      photoCount: 0,
      badgesCount: 0,
      organizer: null,
      reviews: [{ rating: 5, body: "Shown through the API.", event: { id: event!.id } }],
      galleries: [],
    });
    expect(JSON.stringify(data)).not.toContain(fan.email);

    const organizer = (await (await seeded.app.request(`/api/v1/users/${hanna!.userId}`)).json()).data;
    expect(organizer.followersCount).toBeGreaterThanOrEqual(1);
    expect(organizer.organizer.upcomingEvents.length).toBeGreaterThan(0);
    expect(JSON.stringify(organizer)).not.toMatch(/@example\.(com|org)/);

    // Twenty photos of this month make the fan the month's top contributor, over the sample members'
    // activity; the hidden one does not count.
    await db.insert(galleryPhotos).values(
      Array.from({ length: 20 }, (_, index) => ({
        eventId: event!.id,
        authorId: fan.userId,
        image: `gallery/${randomBytes(12).toString("hex")}`,
        width: 640,
        height: 480,
        alt: `Shown on the community page ${index}`,
      })),
    );
    const community = await seeded.app.request("/api/v1/community", {
      headers: { Origin: "https://elsewhere.example" },
    });
    expect(community.status).toBe(200);
    expect(community.headers.get("Access-Control-Allow-Origin")).toBe("*");
    const body = (await community.json()).data;
    expect(body.reviews[0]).toMatchObject({ body: "Shown through the API.", author: { name: "API Fan" } });
    expect(body.topContributors[0]).toMatchObject({ name: "API Fan", points: 21, reviews: 1, photos: 20 });
    expect(JSON.stringify(body)).not.toContain("Hidden from the API");
  });

  it("answers 404 for unknown people and for ids that are not ids, without a server error", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", "'; drop table users; --"]) {
      const response = await seeded.app.request(`/api/v1/users/${encodeURIComponent(id)}`);
      expect(response.status, id).toBe(404);
    }
  });
});
