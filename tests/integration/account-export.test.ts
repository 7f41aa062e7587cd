import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { promisedExportCategories, STORED_TABLES } from "#domain/stored-data";
import { listOperations, type JsonSchema, type OpenApiDocument } from "#server/api/openapi-document-shape";
import {
  coOrganizerInvitations,
  newsletterSubscriptions,
  oneTimeTokens,
  orderAccessTokens,
  refreshTokens,
  ticketLookupLinks,
  users,
} from "#server/db/schema";
import { createFullAccount, setUpAccountApp, type FullAccount } from "#tests/support/account-fixtures";
import { createTestSession, type TestSession } from "#tests/support/auth-session";
import { testDatabaseKind } from "#tests/support/test-database";

/*
 * "Download my data" (GET /api/v1/me/export, also the dashboard's link): everything the privacy page lists
 * about the person, driven by the page's own list (domain/stored-data.ts), and nothing secret.
 */

const setup = setUpAccountApp();
let ada: FullAccount;
let ben: TestSession;
let document: OpenApiDocument;
let exported: Record<string, unknown>;
let exportedText: string;
let exportResponse: Response;

const bearer = (person: TestSession): RequestInit => ({
  headers: { Authorization: `Bearer ${person.session.access_token}` },
});

beforeAll(async () => {
  ada = await createFullAccount(setup.handle.db, setup.config);
  ben = await createTestSession(setup.handle.db, setup.config);
  document = await (await setup.app.request("/api/v1/openapi.json")).json();
  exportResponse = await setup.app.request("/api/v1/me/export", bearer(ada));
  exportedText = await exportResponse.clone().text();
  exported = JSON.parse(exportedText) as Record<string, unknown>;
});

describe(`the account export on the ${testDatabaseKind()} database`, () => {
  it("is a JSON file to download, never cached, and only for a signed-in person", async () => {
    expect(exportResponse.status).toBe(200);
    expect(exportResponse.headers.get("content-type")).toMatch(/^application\/json/);
    expect(exportResponse.headers.get("content-disposition")).toMatch(
      /^attachment; filename="dmv-events-my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(exportResponse.headers.get("cache-control")).toBe("private, no-store");
    const visitor = await setup.app.request("/api/v1/me/export");
    expect(visitor.status).toBe(401);
  });

  it("holds every category of data the privacy page lists about a person, with their rows in it", () => {
    const categories = promisedExportCategories();
    // The page's list promises these; a table added with an export category of its own adds to them.
    expect(categories.length).toBeGreaterThanOrEqual(13);
    const empty = categories.filter((category) => {
      const value = exported[category];
      if (value === null || value === undefined) return true;
      if (Array.isArray(value)) return value.length === 0;
      // An object of parts (invitations: sent and received; staff: member and actions) needs each part.
      if (category !== "invitations" && category !== "staff") return false;
      return Object.values(value as object).some((part) => part === null || (Array.isArray(part) && part.length === 0));
    });
    expect(empty).toEqual([]);
    const tablesWithoutExport = STORED_TABLES.filter((entry) => entry.export && !(entry.export in exported));
    expect(tablesWithoutExport).toEqual([]);
  });

  it("says what it holds: the account, its sessions by device, orders with amounts and tickets, events by role", () => {
    const account = exported.account as Record<string, unknown>;
    expect(account).toMatchObject({ id: ada.userId, email: ada.email, hasPassword: true });
    expect(account.createdAt).toEqual(expect.any(String));
    expect(account.lastSignInAt).toEqual(expect.any(String));
    expect(exported.identities).toEqual([expect.objectContaining({ provider: "email" })]);
    expect(exported.sessions).toEqual([expect.objectContaining({ device: "vitest", signInMethods: ["password"] })]);
    expect(exported.profile).toMatchObject({ name: "Ada Lovelace", bio: "Counts things.", location: "Arlington, VA" });
    expect((exported.interests as { interest: string }[]).map((row) => row.interest).sort()).toEqual([
      "music",
      "technology",
    ]);
    const [order] = exported.orders as Record<string, unknown>[];
    expect(order).toMatchObject({ id: ada.orderId, buyerName: "Ada Lovelace", totalCents: 2500, status: "confirmed" });
    expect(order!.tickets).toEqual([expect.objectContaining({ ticketType: "General", status: "valid" })]);
    expect(order!.items).toEqual([{ ticketType: "General", quantity: 1, unitPriceCents: 2500 }]);
    const roles = (exported.events as { id: number; role: string }[]).map(({ id, role }) => [id, role]);
    expect(roles).toEqual(
      expect.arrayContaining([
        [ada.pastEventId, "organizer"],
        [ada.unsoldEventId, "organizer"],
        [ada.coOrganizedEventId, "coOrganizer"],
      ]),
    );
  });

  it("holds what they did in the community: saved, followed, reviewed, voted, photographed, shared and earned", () => {
    const community = exported.community as Record<string, Record<string, unknown>[]>;
    expect(community.saved).toEqual([
      expect.objectContaining({ event: expect.objectContaining({ id: ada.coOrganizedEventId }) }),
    ]);
    expect(community.following).toHaveLength(1);
    expect(community.reviews).toEqual([expect.objectContaining({ rating: 5, body: "Precise and punctual." })]);
    expect(community.helpfulVotes).toHaveLength(1);
    expect(community.photos).toEqual([expect.objectContaining({ alt: "The stage" })]);
    expect(community.shares).toEqual([expect.objectContaining({ eventId: ada.coOrganizedEventId, visits: 1 })]);
    expect(community.badges).toEqual([expect.objectContaining({ badge: "first_timer" })]);
    expect(community.notifications).toEqual([expect.objectContaining({ kind: "badge_earned", readAt: null })]);
    const planning = exported.planning as {
      plans: { title: string; tasks: { taskKey: string; doneAt: string | null }[] }[];
      matchmakerAnswers: { answers: { company: string } } | null;
    };
    expect(planning.plans).toEqual([
      expect.objectContaining({
        title: "Analytical Engine meetup",
        tasks: [expect.objectContaining({ taskKey: "book-venue", doneAt: expect.any(String) })],
      }),
    ]);
    expect(planning.matchmakerAnswers?.answers.company).toBe("friends");
  });

  it("gives no password hash, token, token hash or salt, and nothing of anyone else", async () => {
    const { db } = setup.handle;
    const [user] = await db.select().from(users).where(eq(users.id, ada.userId));
    const secrets = [
      user!.passwordHash!,
      ada.session.access_token,
      ada.session.refresh_token,
      ...(await db.select({ hash: refreshTokens.tokenHash }).from(refreshTokens)).map((row) => row.hash),
      ...(await db.select({ hash: oneTimeTokens.tokenHash }).from(oneTimeTokens)).map((row) => row.hash),
      ...(await db.select({ hash: newsletterSubscriptions.tokenHash }).from(newsletterSubscriptions)).map(
        (r) => r.hash,
      ),
      ...(await db.select({ hash: ticketLookupLinks.tokenHash }).from(ticketLookupLinks)).map((row) => row.hash),
      ...(await db.select({ hash: orderAccessTokens.tokenHash }).from(orderAccessTokens)).map((row) => row.hash),
      ...(await db.select({ hash: coOrganizerInvitations.tokenHash }).from(coOrganizerInvitations)).map((r) => r.hash),
    ];
    expect(secrets.length).toBeGreaterThan(6);
    expect(secrets.filter((secret) => exportedText.includes(secret))).toEqual([]);
    expect(exportedText).not.toMatch(/passwordHash|tokenHash|codeHash|salt|refresh_token|access_token/i);
    expect(exportedText).not.toContain(ben.email);
  });

  it("answers as the API document describes it", () => {
    const found = listOperations(document).find(({ operation }) => operation.operationId === "exportMyData");
    const schema = found?.operation.responses["200"]?.content?.["application/json"].schema;
    const toDefs = (value: unknown) =>
      JSON.parse(JSON.stringify(value).replaceAll('"#/components/schemas/', '"#/$defs/')) as JsonSchema;
    const validator = z.fromJSONSchema({ ...toDefs(schema), $defs: toDefs(document.components.schemas) } as never);
    const result = validator.safeParse(exported);
    expect(result.success ? [] : result.error.issues).toEqual([]);
  });

  it("for a new account holds its account and nothing more", async () => {
    const response = await setup.app.request("/api/v1/me/export", bearer(ben));
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.account).toMatchObject({ email: ben.email });
    expect(body.orders).toEqual([]);
    expect(body.events).toEqual([]);
    expect(body.newsletter).toBeNull();
  });
});
