import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { createApp, type App } from "#server/app";
import type { Database, DatabaseHandle } from "#server/db/client";
import {
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
  contactEntries,
  contactThreads,
  reports,
  sponsorAccounts,
  sponsors,
  eventCoOrganizers,
  interests,
  newsletterSubscriptions,
  orders,
  organizerReputations,
  profiles,
  promotionCampaigns,
  staffActions,
  ticketLookupLinks,
  ticketTypes,
  userInterests,
  waitlistEntries,
  eventPlans,
  eventPlanTasks,
  matchmakerAnswers,
} from "#server/db/schema";
import { readConfig, type Config } from "#server/env";
import { createLogger } from "#server/logger";
import { createTestSession, type TestSession } from "./auth-session";
import { placePaidOrder } from "./paid-orders";
import { makeStaff } from "./staff";
import { openTestDatabase } from "./test-database";
import { insertEventWithTicketTypes, insertUser } from "./ticket-factories";

const DAY_MS = 24 * 60 * 60_000;

/** The HTTP app over a fresh, empty test database, for the account export and deletion suites. */
export function setUpAccountApp() {
  const config = readConfig({ NODE_ENV: "test" });
  const context = { config, app: undefined as unknown as App, handle: undefined as unknown as DatabaseHandle };
  beforeAll(async () => {
    context.handle = await openTestDatabase();
    context.app = createApp({ db: context.handle.db, config, logger: createLogger(config) });
  });
  afterAll(() => context.handle?.close());
  return context;
}

export interface FullAccount extends TestSession {
  /** An order they placed signed in, paid, with one ticket. */
  orderId: string;
  /** A past event they organized, with a ticket sold to someone else. */
  pastEventId: number;
  /** An upcoming event of theirs with no ticket sold. */
  unsoldEventId: number;
  /** An event of someone else's they co-organize. */
  coOrganizedEventId: number;
}

/**
 * A signed-in person with a row in every table the privacy page lists about people: profile details,
 * interests, a newsletter subscription, a paid order with its ticket, a waitlist place, a Find My Ticket
 * request, events they organize (past and upcoming) and co-organize, invitations sent and received, a
 * reputation and a promotion.
 */
export async function createFullAccount(db: Database, config: Config): Promise<FullAccount> {
  const person = await createTestSession(db, config, { data: { name: "Ada Lovelace" } });
  const { userId, email } = person;
  await db
    .update(profiles)
    .set({ name: "Ada Lovelace", bio: "Counts things.", location: "Arlington, VA", organization: "Engines Inc." })
    .where(eq(profiles.userId, userId));
  await db
    .insert(interests)
    .values([
      { key: "music", name: "Music", position: 1 },
      { key: "technology", name: "Technology", position: 2 },
    ])
    .onConflictDoNothing();
  await db.insert(userInterests).values([
    { userId, interest: "music" },
    { userId, interest: "technology" },
  ]);
  await db.insert(newsletterSubscriptions).values({ email, tokenHash: secretHash(), confirmedAt: new Date() });

  // Someone else's event: Ada buys a ticket, waits for another type, and co-organizes it.
  const other = await insertEventWithTicketTypes(db, {
    ticketTypes: [
      { name: "General", priceCents: 2500, quantity: 50 },
      { name: "VIP", priceCents: 9000, quantity: 1, sold: 1 },
    ],
  });
  const { orderId } = await placePaidOrder(db, {
    eventId: other.eventId,
    ticketTypeId: other.ticketTypeIds[0]!,
    buyer: { name: "Ada Lovelace", email },
  });
  await db.update(orders).set({ userId }).where(eq(orders.id, orderId));
  await db.insert(waitlistEntries).values({
    ticketTypeId: other.ticketTypeIds[1]!,
    eventId: other.eventId,
    email,
    name: "Ada Lovelace",
    userId,
    confirmedAt: new Date(),
  });
  await db.insert(eventCoOrganizers).values({ eventId: other.eventId, userId });
  await db.insert(coOrganizerInvitations).values({
    eventId: other.eventId,
    email,
    invitedBy: other.organizerId,
    tokenHash: secretHash(),
    expiresAt: new Date(Date.now() + 7 * DAY_MS),
    acceptedAt: new Date(),
  });
  await db
    .insert(ticketLookupLinks)
    .values({ email, tokenHash: secretHash(), expiresAt: new Date(Date.now() + DAY_MS) });

  // Ada's own events: one past with a ticket sold, one upcoming with none.
  const past = await insertEventWithTicketTypes(db, {
    organizerId: userId,
    title: "Ada's past meetup",
    startsAt: new Date(Date.now() - 30 * DAY_MS),
    ticketTypes: [{ name: "Seat", priceCents: 1000, quantity: 20, sold: 1 }],
  });
  const unsold = await insertEventWithTicketTypes(db, {
    organizerId: userId,
    title: "Ada's next meetup",
    ticketTypes: [{ name: "Seat", priceCents: 0, quantity: 20 }],
  });
  await db.update(profiles).set({ role: "organizer" }).where(eq(profiles.userId, userId));
  const invitee = await insertUser(db);
  await db.insert(coOrganizerInvitations).values({
    eventId: unsold.eventId,
    email: invitee.email,
    invitedBy: userId,
    tokenHash: secretHash(),
    expiresAt: new Date(Date.now() + 7 * DAY_MS),
  });
  await db.insert(organizerReputations).values({ organizerId: userId, score: 40, eventsHeld: 1, ticketsSold: 1 });
  await db.insert(promotionCampaigns).values({
    eventId: unsold.eventId,
    organizerId: userId,
    types: ["homepage"],
    days: 7,
    budgetCents: 5000,
    priceCents: 3500,
    startsAt: new Date(),
    endsAt: new Date(Date.now() + 7 * DAY_MS),
    paymentProvider: "sandbox",
    cardBrand: "visa",
    cardLast4: "4242",
    paidAt: new Date(),
  });
  // Ada is staff too, and has hidden an event once.
  await makeStaff(db, userId);
  await db.insert(staffActions).values({
    actorId: userId,
    action: "event.hide",
    subjectType: "event",
    subjectId: String(other.eventId),
    reason: "Test of the audit log",
  });
  await db
    .insert(blogPosts)
    .values({ slug: `ada-${randomBytes(4).toString("hex")}`, originalLanguage: "en", authorId: userId });
  // She wrote to the site once (answered), reported an event, and speaks for a sponsor.
  const [thread] = await db
    .insert(contactThreads)
    .values({
      reference: `DMV-${randomBytes(4).toString("hex").toUpperCase()}`,
      kind: "site",
      topic: "buyer_help",
      name: "Ada Lovelace",
      email: person.email,
      userId,
      language: "en",
      status: "answered",
    })
    .returning({ id: contactThreads.id });
  await db.insert(contactEntries).values([
    { threadId: thread!.id, author: "sender", body: "Where is my ticket?" },
    { threadId: thread!.id, author: "staff", body: "In your e-mail." },
  ]);
  await db.insert(reports).values({
    subjectType: "event",
    subjectId: String(other.eventId),
    reason: "spam",
    reporterId: userId,
    clientHash: secretHash(),
  });
  const [sponsor] = await db
    .insert(sponsors)
    .values({
      name: "Engines Inc.",
      description: "Difference engines.",
      logo: "/logo.webp",
      website: "https://engines.example.com",
      tier: "bronze",
      industry: "Machines",
      contactEmail: "hello@engines.example.com",
    })
    .returning({ id: sponsors.id });
  await db.insert(sponsorAccounts).values({ sponsorId: sponsor!.id, userId });
  // In the community: she saved and reviewed the event she went to, follows its organizer (who follows
  // her back), found another review helpful, added a photo, shared the event once (a visit came) and
  // earned a badge, which her bell told her about.
  await db.insert(eventSaves).values({ userId, eventId: other.eventId });
  await db.insert(organizerFollows).values([
    { followerId: userId, organizerId: other.organizerId },
    { followerId: other.organizerId, organizerId: userId },
  ]);
  const [review] = await db
    .insert(reviews)
    .values({ eventId: other.eventId, authorId: userId, rating: 5, body: "Precise and punctual." })
    .returning({ id: reviews.id });
  const [othersReview] = await db
    .insert(reviews)
    .values({ eventId: past.eventId, authorId: other.organizerId, rating: 4, answer: "Thank you!", answeredBy: userId })
    .returning({ id: reviews.id });
  await db.insert(reviewHelpfulVotes).values({ reviewId: othersReview!.id, userId });
  await db.insert(reviewHelpfulVotes).values({ reviewId: review!.id, userId: other.organizerId });
  await db.insert(galleryPhotos).values({
    eventId: other.eventId,
    authorId: userId,
    image: "gallery/0123456789abcdef01234567",
    width: 1600,
    height: 1200,
    alt: "The stage",
  });
  const shareCode = `ada${randomBytes(4).toString("hex")}`;
  await db.insert(shareLinks).values({ code: shareCode, userId, eventId: other.eventId });
  await db.insert(shareVisits).values({ code: shareCode, visitorHash: secretHash() });
  await db.insert(badgeAwards).values({ userId, badge: "first_timer", awardedAt: new Date() });
  await db.insert(notifications).values({ userId, kind: "badge_earned", data: { badge: "first_timer" } });
  // Planning: a saved plan with a ticked task, and the matchmaker's answers.
  const [plan] = await db
    .insert(eventPlans)
    .values({
      ownerId: userId,
      title: "Analytical Engine meetup",
      input: {
        eventType: "meetup",
        attendance: 40,
        date: "2027-03-01",
        budgetCents: null,
        setting: "indoor",
        language: "en",
        area: "va",
        title: "Analytical Engine meetup",
        description: "",
      },
      budgetLines: [{ category: "venue", perAttendeeCents: null, amountCents: 50_000 }],
    })
    .returning({ id: eventPlans.id });
  await db
    .insert(eventPlanTasks)
    .values({ planId: plan!.id, taskKey: "book-venue", dueOn: "2027-02-01", doneAt: new Date() });
  await db.insert(matchmakerAnswers).values({
    userId,
    answers: {
      categories: ["technology"],
      when: "any",
      maxPriceCents: null,
      maxMiles: null,
      origin: null,
      languages: ["en"],
      company: "friends",
    },
  });
  return {
    ...person,
    orderId,
    pastEventId: past.eventId,
    unsoldEventId: unsold.eventId,
    coOrganizedEventId: other.eventId,
  };
}

/** A sold ticket on an upcoming published event of `organizerId`'s: what blocks deleting their account. */
export async function insertUpcomingSoldEvent(db: Database, organizerId: string) {
  const event = await insertEventWithTicketTypes(db, {
    organizerId,
    ticketTypes: [{ name: "General", priceCents: 1500, quantity: 10 }],
  });
  await placePaidOrder(db, {
    eventId: event.eventId,
    ticketTypeId: event.ticketTypeIds[0]!,
    buyer: { name: "Grace Buyer", email: "grace.buyer@example.com" },
  });
  const [type] = await db
    .select({ sold: ticketTypes.sold })
    .from(ticketTypes)
    .where(eq(ticketTypes.id, event.ticketTypeIds[0]!));
  if (type!.sold !== 1) throw new Error("The sale did not count");
  return event;
}

function secretHash() {
  return randomBytes(32).toString("base64url");
}
