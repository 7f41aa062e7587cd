import { count, eq, inArray, or, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { signInWithPassword } from "#server/auth/sign-in";
import type { Database } from "#server/db/client";
import {
  authSessions,
  badgeAwards,
  eventSaves,
  galleryPhotos,
  notifications,
  organizerFollows,
  reviewHelpfulVotes,
  reviews,
  shareLinks,
  shareVisits,
  blogPosts,
  coOrganizerInvitations,
  contactThreads,
  reports,
  sponsorAccounts,
  eventCoOrganizers,
  events,
  identities,
  mailboxMessages,
  newsletterSubscriptions,
  orderAccessTokens,
  orderItems,
  orders,
  profiles,
  promotionCampaigns,
  staffActions,
  staffMembers,
  ticketLookupLinks,
  tickets,
  userInterests,
  users,
  waitlistEntries,
  eventPlans,
  eventPlanTasks,
  matchmakerAnswers,
} from "#server/db/schema";
import { DELETED_BUYER_NAME, DELETED_ORGANIZER_NAME } from "#domain/deleted-account";
import { createFullAccount, insertUpcomingSoldEvent, setUpAccountApp } from "#tests/support/account-fixtures";
import { createTestSession, testAuthRequest, type TestSession } from "#tests/support/auth-session";
import { testDatabaseKind } from "#tests/support/test-database";
import { insertUser } from "#tests/support/ticket-factories";

/*
 * "Delete my account" (POST /api/v1/me/delete, also the dashboard's page): what is removed, what is
 * anonymized (orders kept with their amounts and tickets), what blocks it, and that a wrong confirmation
 * changes nothing. Decision 015.
 */

const setup = setUpAccountApp();
const db = () => setup.handle.db;

function deleteAs(person: TestSession, body: unknown) {
  return setup.app.request("/api/v1/me/delete", {
    method: "POST",
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { Authorization: `Bearer ${person.session.access_token}`, "Content-Type": "application/json" },
  });
}

const exportOf = (person: TestSession) =>
  setup.app.request("/api/v1/me/export", { headers: { Authorization: `Bearer ${person.session.access_token}` } });

/** Every row about the person in the tables deletion must leave untouched when it refuses. */
async function footprint(database: Database, userId: string, email: string) {
  const tally = async (query: Promise<{ value: number }[]>) => (await query)[0]!.value;
  return {
    user: await database.select().from(users).where(eq(users.id, userId)),
    profile: await database.select().from(profiles).where(eq(profiles.userId, userId)),
    sessions: await tally(
      database.select({ value: count() }).from(authSessions).where(eq(authSessions.userId, userId)),
    ),
    interests: await tally(
      database.select({ value: count() }).from(userInterests).where(eq(userInterests.userId, userId)),
    ),
    orders: await database
      .select()
      .from(orders)
      .where(or(eq(orders.userId, userId), eq(orders.buyerEmail, email))),
    newsletter: await tally(
      database.select({ value: count() }).from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email)),
    ),
    events: await database.select().from(events).where(eq(events.organizerId, userId)),
  };
}

describe(`deleting an account on the ${testDatabaseKind()} database`, () => {
  let ada: Awaited<ReturnType<typeof createFullAccount>>;
  beforeAll(async () => {
    ada = await createFullAccount(db(), setup.config);
  });

  it("refuses a missing or wrong confirmation with a clear error, and changes nothing", async () => {
    const before = await footprint(db(), ada.userId, ada.email);
    const answers = [
      [await deleteAs(ada, {}), 400, { password: "required" }],
      [await deleteAs(ada, { password: "not-my-password" }), 400, { password: "wrong" }],
      [await deleteAs(ada, { email: ada.email }), 400, { password: "required" }],
      [await deleteAs(ada, "not json"), 400, undefined],
      [await deleteAs(ada, { password: 42 }), 400, undefined],
    ] as const;
    for (const [response, status, fields] of answers) {
      expect(response.status).toBe(status);
      const body = (await response.json()) as { error: { code: string; fields?: Record<string, string> } };
      expect(body.error.code).toBe("invalid");
      if (fields) expect(body.error.fields).toEqual(fields);
    }
    expect(await footprint(db(), ada.userId, ada.email)).toEqual(before);
    expect((await exportOf(ada)).status).toBe(200);
  });

  it("refuses while an upcoming published event of theirs has sold tickets, and changes nothing", async () => {
    const sold = await insertUpcomingSoldEvent(db(), ada.userId);
    const before = await footprint(db(), ada.userId, ada.email);
    const response = await deleteAs(ada, { password: ada.password });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: { fields: unknown } }).error.fields).toEqual({ events: "has_sales" });
    expect(await footprint(db(), ada.userId, ada.email)).toEqual(before);
    // Cancelled (as the organizer would from the event's page), it no longer blocks.
    await db().update(events).set({ status: "cancelled" }).where(eq(events.id, sold.eventId));
  });

  it("removes the person's data, keeps their orders' amounts and tickets without their name, and their past events under an anonymous organizer", async () => {
    const [orderBefore] = await db().select().from(orders).where(eq(orders.id, ada.orderId));
    const ticketsBefore = await db().select().from(tickets).where(eq(tickets.orderId, ada.orderId));
    expect(ticketsBefore).toHaveLength(1);
    // A message of theirs relayed to the contact desk carries their address as its Reply-To.
    const relayed = { toAddress: "desk@example.com", subject: "Relayed", html: "<p>x</p>", text: "x" };
    await db()
      .insert(mailboxMessages)
      .values([
        { ...relayed, replyTo: ada.email.toUpperCase() },
        { ...relayed, replyTo: "someone.else@example.com" },
      ]);
    const response = await deleteAs(ada, { password: ada.password });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { deleted: true, deletedAt: expect.any(String) } });

    // Signed out everywhere: the access token no longer works, no session is left.
    expect((await exportOf(ada)).status).toBe(401);
    const where = (column: { name: string }) => sql`${column} = ${ada.userId}`;
    expect(await db().select().from(authSessions).where(where(authSessions.userId))).toEqual([]);
    expect(await db().select().from(identities).where(where(identities.userId))).toEqual([]);
    expect(await db().select().from(userInterests).where(where(userInterests.userId))).toEqual([]);
    expect(await db().select().from(eventCoOrganizers).where(where(eventCoOrganizers.userId))).toEqual([]);
    const byEmail = sql`lower(email) = ${ada.email}`;
    expect(await db().select().from(newsletterSubscriptions).where(byEmail)).toEqual([]);
    expect(await db().select().from(waitlistEntries).where(byEmail)).toEqual([]);
    expect(await db().select().from(ticketLookupLinks).where(byEmail)).toEqual([]);
    const desk = await db().select().from(mailboxMessages).where(eq(mailboxMessages.toAddress, "desk@example.com"));
    expect(desk.map((message) => message.replyTo)).toEqual(["someone.else@example.com"]);
    expect(
      await db()
        .select()
        .from(coOrganizerInvitations)
        .where(or(byEmail, eq(coOrganizerInvitations.invitedBy, ada.userId))),
    ).toEqual([]);

    // The order stays for the organizer's accounting, without the buyer's name, address or card.
    const [order] = await db().select().from(orders).where(eq(orders.id, ada.orderId));
    expect(order).toMatchObject({
      status: orderBefore!.status,
      totalCents: orderBefore!.totalCents,
      createdAt: orderBefore!.createdAt,
      eventId: orderBefore!.eventId,
      userId: null,
      buyerName: DELETED_BUYER_NAME,
      cardBrand: null,
      cardLast4: null,
    });
    expect(order!.buyerEmail).toMatch(/@deleted\.invalid$/);
    expect(JSON.stringify(order)).not.toContain("Ada");
    expect(await db().select().from(orderItems).where(eq(orderItems.orderId, ada.orderId))).toHaveLength(1);
    expect(await db().select().from(tickets).where(eq(tickets.orderId, ada.orderId))).toEqual(ticketsBefore);
    expect(await db().select().from(orderAccessTokens).where(eq(orderAccessTokens.orderId, ada.orderId))).toEqual([]);

    // Their past event stays, under an anonymous organizer; the upcoming unsold one is cancelled.
    const [past] = await db().select().from(events).where(eq(events.id, ada.pastEventId));
    expect(past).toMatchObject({ status: "published", organizerId: ada.userId });
    const [upcoming] = await db().select().from(events).where(eq(events.id, ada.unsoldEventId));
    expect(upcoming!.status).toBe("cancelled");
    const [profile] = await db().select().from(profiles).where(eq(profiles.userId, ada.userId));
    expect(profile).toMatchObject({ name: DELETED_ORGANIZER_NAME, bio: null, location: null, organization: null });
    const [account] = await db().select().from(users).where(eq(users.id, ada.userId));
    expect(account).toMatchObject({ passwordHash: null, userMetadata: {}, emailConfirmedAt: null });
    expect(account!.email).not.toContain(ada.email.split("@")[0]!);
    expect(await db().select().from(staffMembers).where(eq(staffMembers.userId, ada.userId))).toEqual([]);
    const audit = await db().select().from(staffActions).where(eq(staffActions.reason, "Test of the audit log"));
    expect(audit).toEqual([expect.objectContaining({ action: "event.hide", actorId: null })]);
    // Their messages are gone; their report stays for moderation, naming neither them nor their address.
    expect(
      await db()
        .select()
        .from(contactThreads)
        .where(sql`lower(${contactThreads.email}) = ${ada.email}`),
    ).toEqual([]);
    const [report] = await db()
      .select()
      .from(reports)
      .where(eq(reports.subjectId, String(ada.coOrganizedEventId)));
    expect(report).toMatchObject({ reason: "spam", reporterId: null, clientHash: `deleted-${report!.id}` });
    expect(await db().select().from(sponsorAccounts).where(eq(sponsorAccounts.userId, ada.userId))).toEqual([]);
    expect(await db().select().from(blogPosts).where(eq(blogPosts.authorId, ada.userId))).toEqual([]);
    const [campaign] = await db()
      .select()
      .from(promotionCampaigns)
      .where(eq(promotionCampaigns.organizerId, ada.userId));
    expect(campaign).toMatchObject({ priceCents: 3500, cardBrand: null, cardLast4: null });
    // What they did in the community goes; an answer they wrote to someone's review stays, unsigned.
    for (const [table, column] of [
      [eventSaves, eventSaves.userId],
      [organizerFollows, organizerFollows.followerId],
      [organizerFollows, organizerFollows.organizerId],
      [reviews, reviews.authorId],
      [reviewHelpfulVotes, reviewHelpfulVotes.userId],
      [galleryPhotos, galleryPhotos.authorId],
      [shareLinks, shareLinks.userId],
      [badgeAwards, badgeAwards.userId],
      [notifications, notifications.userId],
      [eventPlans, eventPlans.ownerId],
      [matchmakerAnswers, matchmakerAnswers.userId],
    ] as const) {
      expect(await db().select({ n: count() }).from(table).where(where(column))).toEqual([{ n: 0 }]);
    }
    expect(await db().select().from(shareVisits)).toEqual([]);
    expect(await db().select().from(eventPlanTasks)).toEqual([]);
    const answered = await db().select().from(reviews).where(eq(reviews.answer, "Thank you!"));
    expect(answered).toEqual([expect.objectContaining({ answeredBy: null, rating: 4 })]);
  });

  it("frees the e-mail address for a new account, and the old password signs nobody in", async () => {
    const again = await createTestSession(db(), setup.config, { email: ada.email });
    expect(again.userId).not.toBe(ada.userId);
    const body = (await (await exportOf(again)).json()) as { orders: unknown[]; events: unknown[] };
    // The new account inherits nothing of the old one.
    expect(body.orders).toEqual([]);
    expect(body.events).toEqual([]);
    await expect(
      signInWithPassword(db(), setup.config, testAuthRequest(), { email: ada.email, password: ada.password }),
    ).rejects.toMatchObject({ code: "invalid_credentials" });
  });
});

describe("deleting an account that organizes nothing", () => {
  it("removes the account row itself; an account without a password confirms with its address", async () => {
    const person = await createTestSession(db(), setup.config);
    await db().update(users).set({ passwordHash: null }).where(eq(users.id, person.userId));
    const wrong = await deleteAs(person, { email: "someone.else@example.com" });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { fields: unknown } }).error.fields).toEqual({ email: "wrong" });
    expect(await db().select().from(users).where(eq(users.id, person.userId))).toHaveLength(1);

    const response = await deleteAs(person, { email: person.email.toUpperCase() });
    expect(response.status).toBe(200);
    expect(await db().select().from(users).where(eq(users.id, person.userId))).toEqual([]);
    expect(await db().select().from(profiles).where(eq(profiles.userId, person.userId))).toEqual([]);
  });

  it("leaves other people's data alone", async () => {
    const bystander = await insertUser(db());
    const person = await createTestSession(db(), setup.config);
    expect((await deleteAs(person, { password: person.password })).status).toBe(200);
    const left = await db()
      .select()
      .from(users)
      .where(inArray(users.id, [bystander.userId, person.userId]));
    expect(left.map((row) => row.email)).toEqual([bystander.email]);
  });
});
