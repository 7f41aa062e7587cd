import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp, type App } from "#server/app";
import type { DatabaseHandle } from "#server/db/client";
import { events, profiles } from "#server/db/schema";
import { readConfig } from "#server/env";
import { createLogger } from "#server/logger";
import { renderCoOrganizerInvitationEmail } from "#server/mail/co-organizer-invitation-email";
import {
  acceptInvitation,
  findInvitation,
  INVITATION_DAYS,
  INVITATIONS_PER_DAY,
} from "#server/services/co-organizer-invitations";
import { createTestSession, type TestSession } from "#tests/support/auth-session";
import { invitationLinksTo, invitationToken } from "#tests/support/co-organizer-invitations";
import { openTestDatabase, testDatabaseKind } from "#tests/support/test-database";
import { insertEventWithTicketTypes } from "#tests/support/ticket-factories";

/**
 * Issue 16 point 4: co-organizers are invited by e-mail and accept. Naming an address answers the same
 * whether or not it has an account; nobody's name is on an event, and nobody manages it, before they
 * accepted; invitations can be withdrawn, expire, and one organizer can send only so many a day.
 */
const config = readConfig({ NODE_ENV: "test" });
const DAY = 24 * 60 * 60 * 1000;
let handle: DatabaseHandle;
let app: App;
let organizer: TestSession;
let registered: TestSession;
let categoryId: number;
let venueId: number;

beforeAll(async () => {
  handle = await openTestDatabase();
  app = createApp({ db: handle.db, config, logger: createLogger({ mode: "test", logLevel: "silent" }) });
  [organizer, registered] = await Promise.all([
    createTestSession(handle.db, config, { data: { full_name: "Selam Organizer" } }),
    createTestSession(handle.db, config, { data: { full_name: "Dawit Registered" } }),
  ]);
  await handle.db.update(profiles).set({ preferredLanguage: "fr" }).where(eq(profiles.userId, organizer.userId));
  // An event of the test's own gives the database a category and a venue to refer to.
  const existing = await insertEventWithTicketTypes(handle.db, {
    ticketTypes: [{ name: "Entry", priceCents: 0, quantity: 1 }],
  });
  const [event] = await handle.db
    .select({ categoryId: events.categoryId, venueId: events.venueId })
    .from(events)
    .where(eq(events.id, existing.eventId));
  categoryId = event!.categoryId;
  const venue = { id: event!.venueId };
  venueId = venue!.id;
});
afterAll(() => handle?.close());

function eventBody(coOrganizerEmails: string[], title = "Ethio-Jazz Night") {
  const startsAt = new Date(Date.now() + 20 * DAY);
  return {
    title,
    description: "Live music.",
    categoryId,
    language: "en",
    isPublic: true,
    timeZone: "America/New_York",
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + 3 * 60 * 60 * 1000).toISOString(),
    venue: { id: venueId },
    ticketTypes: [{ name: "General admission", priceCents: 2000, quantity: 100 }],
    sponsorIds: [],
    coOrganizerEmails,
    publish: true,
  };
}

async function call(method: string, path: string, as: TestSession | null, body?: unknown) {
  const headers: Record<string, string> = as ? { Authorization: `Bearer ${as.session.access_token}` } : {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await app.request(`/api/v1${path}`, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: await response.json() };
}

/** The event as the public sees it: who organizes and co-organizes it. */
async function publicTeam(id: number) {
  const { body } = await call("GET", `/events/${id}`, null);
  return (body.data.coOrganizers as { name: string }[]).map((person) => person.name);
}

describe(`co-organizer invitations on the ${testDatabaseKind()} database`, () => {
  it("answers the same for an address with an account and one without, and e-mails both an invitation", async () => {
    const unknown = "not-yet-here@example.org";
    const withAccount = await call("POST", "/my/events", organizer, eventBody([registered.email]));
    const withoutAccount = await call("POST", "/my/events", organizer, eventBody([unknown]));
    expect([withAccount.status, withoutAccount.status]).toEqual([201, 201]);
    const shapeOf = (answer: typeof withAccount, email: string) => ({
      coOrganizerEmails: answer.body.data.coOrganizerEmails,
      invited: answer.body.data.coOrganizerInvitations.map((invitation: { email: string }) => invitation.email),
      email,
    });
    expect(shapeOf(withAccount, registered.email)).toEqual({
      coOrganizerEmails: [registered.email],
      invited: [registered.email],
      email: registered.email,
    });
    expect(shapeOf(withoutAccount, unknown)).toEqual({
      coOrganizerEmails: [unknown],
      invited: [unknown],
      email: unknown,
    });

    for (const email of [registered.email, unknown]) {
      const [link] = await invitationLinksTo(handle.db, email);
      expect(link).toMatch(new RegExp(`^${config.publicUrl}/invitations/[A-Za-z0-9_-]{43}$`));
      // In the inviting organizer's language, naming them and the event.
      const invitation = await findInvitation(handle.db, invitationToken(link!), new Date());
      const message = renderCoOrganizerInvitationEmail(
        {
          to: email,
          language: "fr",
          link: link!,
          eventTitle: invitation!.eventTitle,
          inviterName: invitation!.inviterName,
          expiresAt: invitation!.expiresAt.toISOString(),
        },
        config.publicUrl,
      );
      expect(message.subject).toBe("Vous êtes invité à coorganiser Ethio-Jazz Night sur DMV Events");
      expect(message.text).toContain("Selam Organizer");
      expect(message.html).toContain(link);
    }
  });

  it("puts nobody's name on the event and gives nobody a say before they accept, signed in with that address", async () => {
    const created = await call("POST", "/my/events", organizer, eventBody([registered.email], "Tizita Brunch"));
    const id = created.body.data.id as number;
    expect(await publicTeam(id)).toEqual([]);
    expect((await call("GET", `/my/events/${id}`, registered)).status).toBe(404);

    const token = invitationToken((await invitationLinksTo(handle.db, registered.email)).at(-1)!);
    // Someone else who got hold of the link cannot use it.
    const someoneElse = await createTestSession(handle.db, config);
    await expect(acceptInvitation(handle.db, someoneElse, token, new Date())).rejects.toMatchObject({
      code: "forbidden",
    });
    expect(await publicTeam(id)).toEqual([]);

    await acceptInvitation(handle.db, registered, token, new Date());
    expect(await publicTeam(id)).toEqual(["Dawit Registered"]);
    expect((await call("GET", `/my/events/${id}`, registered)).body.data).toMatchObject({
      role: "co_organizer",
      coOrganizerEmails: [registered.email],
      coOrganizerInvitations: [],
    });
    // A link works once.
    await expect(acceptInvitation(handle.db, registered, token, new Date())).rejects.toMatchObject({
      code: "not_found",
    });
  });

  it("lets someone without an account sign up with the address, then accept", async () => {
    const email = "joins-later@example.org";
    const created = await call("POST", "/my/events", organizer, eventBody([email], "Harar Coffee Morning"));
    const token = invitationToken((await invitationLinksTo(handle.db, email)).at(-1)!);
    const newcomer = await createTestSession(handle.db, config, { email, data: { full_name: "Liya Newcomer" } });
    await acceptInvitation(handle.db, newcomer, token, new Date());
    expect(await publicTeam(created.body.data.id)).toEqual(["Liya Newcomer"]);
  });

  it("withdraws an invitation whose address the organizer removes, and lets invitations expire", async () => {
    const email = "maybe@example.org";
    const created = await call("POST", "/my/events", organizer, eventBody([email], "Injera Workshop"));
    const id = created.body.data.id as number;
    const firstToken = invitationToken((await invitationLinksTo(handle.db, email)).at(-1)!);
    const { publish: _publish, ...withoutAddress } = { ...eventBody([], "Injera Workshop") };
    const edited = await call("PUT", `/my/events/${id}`, organizer, withoutAddress);
    expect(edited.body.data).toMatchObject({ coOrganizerEmails: [], coOrganizerInvitations: [] });
    const person = await createTestSession(handle.db, config, { email });
    await expect(acceptInvitation(handle.db, person, firstToken, new Date())).rejects.toMatchObject({
      code: "not_found",
    });

    await call("PUT", `/my/events/${id}`, organizer, { ...withoutAddress, coOrganizerEmails: [email] });
    const secondToken = invitationToken((await invitationLinksTo(handle.db, email)).at(-1)!);
    const tooLate = new Date(Date.now() + INVITATION_DAYS * DAY + 60_000);
    await expect(acceptInvitation(handle.db, person, secondToken, tooLate)).rejects.toMatchObject({
      code: "not_found",
    });
    expect(await publicTeam(id)).toEqual([]);
  });

  it("sends one organizer at most the day's number of invitations, and saves nothing past it", async () => {
    const busy = await createTestSession(handle.db, config);
    const addresses = Array.from({ length: INVITATIONS_PER_DAY }, (_, index) => `guest-${index}@example.org`);
    for (let start = 0; start < addresses.length; start += 10) {
      const batch = addresses.slice(start, start + 10);
      expect((await call("POST", "/my/events", busy, eventBody(batch, `Batch ${start}`))).status).toBe(201);
    }
    const refused = await call("POST", "/my/events", busy, eventBody(["one-more@example.org"], "One too many"));
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatchObject({
      code: "rate_limited",
      fields: { coOrganizerEmails: "too_many_invitations" },
    });
    expect(await invitationLinksTo(handle.db, "one-more@example.org")).toEqual([]);
    const mine = await call("GET", "/my/events", busy);
    expect(mine.body.data.map((event: { title: string }) => event.title)).not.toContain("One too many");
  });
});
