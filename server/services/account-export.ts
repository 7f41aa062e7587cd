import { and, asc, eq, inArray, isNotNull, or, sql, type SQL } from "drizzle-orm";
import type { ExportCategory } from "#domain/stored-data";
import type { Database } from "#server/db/client";
import {
  authSessions,
  categories,
  coOrganizerInvitations,
  eventCoOrganizers,
  eventImages,
  events,
  identities,
  newsletterSubscriptions,
  orderItems,
  orders,
  orderStatusChanges,
  organizerReputations,
  profiles,
  promotionCampaigns,
  staffActions,
  staffMembers,
  ticketLookupLinks,
  tickets,
  ticketTypes,
  userInterests,
  users,
  venues,
  waitlistEntries,
} from "#server/db/schema";
import { AppError } from "#server/errors";
import { exportBlogPosts, exportMessages, exportReports, exportSponsorships } from "./account-export-contributions";
import { exportCommunity } from "./account-export-community";
import { exportPromoters } from "./account-export-promoters";
import { exportPlanning } from "./account-export-planning";
import type { Actor } from "./actor";

/*
 * "Download my data" (issue 18): everything the privacy page lists about a person (domain/stored-data.ts
 * names, for each table, the export category its rows go to), read into one JSON object. Never a password
 * hash, a token or its hash, a code's salt, or anything else that would let someone act as the person.
 */

/** The orders that are the person's: placed signed in, or with the account's address once it is confirmed. */
export function ordersOfPerson(userId: string, confirmedEmail: string | null): SQL {
  return confirmedEmail
    ? or(eq(orders.userId, userId), sql`lower(${orders.buyerEmail}) = ${confirmedEmail.toLowerCase()}`)!
    : eq(orders.userId, userId);
}

export type AccountExport = { exportedAt: string } & Record<ExportCategory, unknown>;

export async function exportAccount(db: Database, actor: Actor, now: Date): Promise<AccountExport> {
  const [user] = await db.select().from(users).where(eq(users.id, actor.userId));
  if (!user) throw new AppError("not_found", "No such account.");
  const email = user.email.toLowerCase();
  const confirmedEmail = user.emailConfirmedAt ? email : null;
  const [
    identityRows,
    sessionRows,
    [profile],
    interestRows,
    [newsletter],
    orderList,
    waitlist,
    lookups,
    eventList,
    invitations,
    [reputation],
    promotions,
    staff,
    messages,
    reportList,
    sponsorships,
    community,
    promoters,
    planning,
  ] = await Promise.all([
    db
      .select({
        provider: identities.provider,
        createdAt: identities.createdAt,
        lastSignInAt: identities.lastSignInAt,
      })
      .from(identities)
      .where(eq(identities.userId, user.id))
      .orderBy(asc(identities.createdAt)),
    db
      .select({
        device: authSessions.userAgent,
        ipAddress: authSessions.ipAddress,
        amr: authSessions.amr,
        createdAt: authSessions.createdAt,
        lastActiveAt: authSessions.refreshedAt,
        endsAt: authSessions.notAfter,
      })
      .from(authSessions)
      .where(eq(authSessions.userId, user.id))
      .orderBy(asc(authSessions.createdAt)),
    db
      .select({
        name: profiles.name,
        role: profiles.role,
        preferredLanguage: profiles.preferredLanguage,
        organization: profiles.organization,
        bio: profiles.bio,
        location: profiles.location,
        profileImage: profiles.profileImage,
        socialLinks: profiles.socialLinks,
        receivesDigest: profiles.receivesDigest,
        createdAt: profiles.createdAt,
        updatedAt: profiles.updatedAt,
      })
      .from(profiles)
      .where(eq(profiles.userId, user.id)),
    db
      .select({ interest: userInterests.interest, savedAt: userInterests.createdAt })
      .from(userInterests)
      .where(eq(userInterests.userId, user.id))
      .orderBy(asc(userInterests.createdAt)),
    db
      .select({
        email: newsletterSubscriptions.email,
        language: newsletterSubscriptions.language,
        subscribedAt: newsletterSubscriptions.createdAt,
        confirmedAt: newsletterSubscriptions.confirmedAt,
        unsubscribedAt: newsletterSubscriptions.unsubscribedAt,
      })
      .from(newsletterSubscriptions)
      .where(sql`lower(${newsletterSubscriptions.email}) = ${email}`),
    exportOrders(db, ordersOfPerson(user.id, confirmedEmail)),
    db
      .select({
        event: { id: events.id, title: events.title },
        ticketType: ticketTypes.name,
        name: waitlistEntries.name,
        email: waitlistEntries.email,
        language: waitlistEntries.language,
        status: waitlistEntries.status,
        joinedAt: waitlistEntries.createdAt,
        confirmedAt: waitlistEntries.confirmedAt,
        offeredAt: waitlistEntries.offeredAt,
      })
      .from(waitlistEntries)
      .innerJoin(events, eq(events.id, waitlistEntries.eventId))
      .innerJoin(ticketTypes, eq(ticketTypes.id, waitlistEntries.ticketTypeId))
      .where(or(eq(waitlistEntries.userId, user.id), sql`lower(${waitlistEntries.email}) = ${email}`))
      .orderBy(asc(waitlistEntries.createdAt)),
    db
      .select({
        email: ticketLookupLinks.email,
        requestedAt: ticketLookupLinks.createdAt,
        expiresAt: ticketLookupLinks.expiresAt,
        usedAt: ticketLookupLinks.usedAt,
      })
      .from(ticketLookupLinks)
      .where(eq(ticketLookupLinks.email, email))
      .orderBy(asc(ticketLookupLinks.createdAt)),
    exportEvents(db, user.id),
    exportInvitations(db, user.id, email),
    db
      .select({
        score: organizerReputations.score,
        level: organizerReputations.level,
        eventsHeld: organizerReputations.eventsHeld,
        ticketsSold: organizerReputations.ticketsSold,
        ticketsCheckedIn: organizerReputations.ticketsCheckedIn,
        eventsCancelled: organizerReputations.eventsCancelled,
        updatedAt: organizerReputations.updatedAt,
      })
      .from(organizerReputations)
      .where(eq(organizerReputations.organizerId, user.id)),
    db
      .select({
        id: promotionCampaigns.id,
        event: { id: events.id, title: events.title },
        types: promotionCampaigns.types,
        days: promotionCampaigns.days,
        budgetCents: promotionCampaigns.budgetCents,
        priceCents: promotionCampaigns.priceCents,
        startsAt: promotionCampaigns.startsAt,
        endsAt: promotionCampaigns.endsAt,
        paymentProvider: promotionCampaigns.paymentProvider,
        cardBrand: promotionCampaigns.cardBrand,
        cardLast4: promotionCampaigns.cardLast4,
        paidAt: promotionCampaigns.paidAt,
        endedAt: promotionCampaigns.endedAt,
        createdAt: promotionCampaigns.createdAt,
      })
      .from(promotionCampaigns)
      .innerJoin(events, eq(events.id, promotionCampaigns.eventId))
      .where(eq(promotionCampaigns.organizerId, user.id))
      .orderBy(asc(promotionCampaigns.createdAt)),
    exportStaff(db, user.id),
    exportMessages(db, user.id, email),
    exportReports(db, user.id),
    exportSponsorships(db, user.id),
    exportCommunity(db, user.id),
    exportPromoters(db, user.id, email),
    exportPlanning(db, user.id),
  ]);
  return {
    exportedAt: now.toISOString(),
    account: {
      id: user.id,
      email: user.email,
      emailConfirmedAt: user.emailConfirmedAt,
      hasPassword: user.passwordHash !== null,
      signUpData: user.userMetadata,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
      lastSignInAt: user.lastSignInAt,
      suspendedUntil: user.bannedUntil,
    },
    identities: identityRows,
    sessions: sessionRows.map(({ amr, ...session }) => ({
      ...session,
      signInMethods: amr.map((entry) => entry.method),
    })),
    profile: profile ?? null,
    interests: interestRows,
    newsletter: newsletter ?? null,
    orders: orderList,
    waitlist,
    ticketLookups: lookups,
    events: eventList,
    invitations,
    reputation: reputation ?? null,
    promotions,
    staff,
    messages,
    reports: reportList,
    sponsorships,
    community,
    promoters,
    planning,
  };
}

async function exportOrders(db: Database, condition: SQL) {
  const rows = await db
    .select({
      id: orders.id,
      event: { id: events.id, title: events.title, startsAt: events.startsAt },
      buyerName: orders.buyerName,
      buyerEmail: orders.buyerEmail,
      language: orders.language,
      status: orders.status,
      totalCents: orders.totalCents,
      paymentProvider: orders.paymentProvider,
      cardBrand: orders.cardBrand,
      cardLast4: orders.cardLast4,
      createdAt: orders.createdAt,
      updatedAt: orders.updatedAt,
    })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(condition)
    .orderBy(asc(orders.createdAt));
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const [items, history, ticketRows] = await Promise.all([
    db
      .select({
        orderId: orderItems.orderId,
        ticketType: ticketTypes.name,
        quantity: orderItems.quantity,
        unitPriceCents: orderItems.unitPriceCents,
      })
      .from(orderItems)
      .innerJoin(ticketTypes, eq(ticketTypes.id, orderItems.ticketTypeId))
      .where(inArray(orderItems.orderId, ids))
      .orderBy(asc(ticketTypes.position)),
    db
      .select({
        orderId: orderStatusChanges.orderId,
        status: orderStatusChanges.status,
        reason: orderStatusChanges.reason,
        at: orderStatusChanges.at,
      })
      .from(orderStatusChanges)
      .where(inArray(orderStatusChanges.orderId, ids))
      .orderBy(asc(orderStatusChanges.at), asc(orderStatusChanges.id)),
    db
      .select({
        orderId: tickets.orderId,
        code: tickets.code,
        ticketType: ticketTypes.name,
        status: tickets.status,
        checkedInAt: tickets.checkedInAt,
        issuedAt: tickets.createdAt,
      })
      .from(tickets)
      .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
      .where(inArray(tickets.orderId, ids))
      .orderBy(asc(tickets.createdAt), asc(tickets.code)),
  ]);
  const of = <T extends { orderId: string }>(list: T[], id: string) =>
    list.filter((row) => row.orderId === id).map(({ orderId: _orderId, ...rest }) => rest);
  return rows.map((row) => ({
    ...row,
    items: of(items, row.id),
    history: of(history, row.id),
    tickets: of(ticketRows, row.id),
  }));
}

async function exportEvents(db: Database, userId: string) {
  const coOrganized = db
    .select({ eventId: eventCoOrganizers.eventId })
    .from(eventCoOrganizers)
    .where(eq(eventCoOrganizers.userId, userId));
  const rows = await db
    .select({
      id: events.id,
      organizerId: events.organizerId,
      title: events.title,
      description: events.description,
      status: events.status,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      timeZone: events.timeZone,
      language: events.language,
      isPublic: events.isPublic,
      category: categories.name,
      venue: { name: venues.name, address: venues.address, city: venues.city, state: venues.state },
      createdAt: events.createdAt,
      updatedAt: events.updatedAt,
      cancelledAt: events.cancelledAt,
      hiddenAt: events.hiddenAt,
      hiddenReason: events.hiddenReason,
    })
    .from(events)
    .innerJoin(categories, eq(categories.id, events.categoryId))
    .innerJoin(venues, eq(venues.id, events.venueId))
    .where(or(eq(events.organizerId, userId), inArray(events.id, coOrganized)))
    .orderBy(asc(events.startsAt), asc(events.id));
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const [types, images] = await Promise.all([
    db
      .select({
        eventId: ticketTypes.eventId,
        name: ticketTypes.name,
        description: ticketTypes.description,
        priceCents: ticketTypes.priceCents,
        quantity: ticketTypes.quantity,
        sold: ticketTypes.sold,
      })
      .from(ticketTypes)
      .where(inArray(ticketTypes.eventId, ids))
      .orderBy(asc(ticketTypes.position), asc(ticketTypes.id)),
    db
      .select({
        eventId: eventImages.eventId,
        position: eventImages.position,
        storageKey: eventImages.storageKey,
        alt: eventImages.alt,
      })
      .from(eventImages)
      .where(inArray(eventImages.eventId, ids))
      .orderBy(asc(eventImages.position)),
  ]);
  return rows.map(({ organizerId, ...row }) => ({
    ...row,
    role: organizerId === userId ? "organizer" : "coOrganizer",
    ticketTypes: types.filter((type) => type.eventId === row.id).map(({ eventId: _eventId, ...type }) => type),
    images: images.filter((image) => image.eventId === row.id).map(({ eventId: _eventId, ...image }) => image),
  }));
}

async function exportInvitations(db: Database, userId: string, email: string) {
  const rows = await db
    .select({
      event: { id: events.id, title: events.title },
      email: coOrganizerInvitations.email,
      invitedBy: coOrganizerInvitations.invitedBy,
      sentAt: coOrganizerInvitations.createdAt,
      expiresAt: coOrganizerInvitations.expiresAt,
      acceptedAt: coOrganizerInvitations.acceptedAt,
      withdrawnAt: coOrganizerInvitations.withdrawnAt,
    })
    .from(coOrganizerInvitations)
    .innerJoin(events, eq(events.id, coOrganizerInvitations.eventId))
    .where(
      or(
        eq(coOrganizerInvitations.invitedBy, userId),
        and(isNotNull(coOrganizerInvitations.email), eq(coOrganizerInvitations.email, email)),
      ),
    )
    .orderBy(asc(coOrganizerInvitations.createdAt));
  // Who invited someone else is that person's business: a received invitation says only that it came.
  return {
    sent: rows.filter((row) => row.invitedBy === userId).map(({ invitedBy: _by, ...row }) => row),
    received: rows.filter((row) => row.invitedBy !== userId).map(({ invitedBy: _by, email: _email, ...row }) => row),
  };
}

/** For staff: since when, the actions they took (the audit log's lines with them as the actor) and the blog posts they wrote. */
async function exportStaff(db: Database, userId: string) {
  const [member] = await db
    .select({ grantedAt: staffMembers.grantedAt })
    .from(staffMembers)
    .where(eq(staffMembers.userId, userId));
  const actions = await db
    .select({
      action: staffActions.action,
      subjectType: staffActions.subjectType,
      subjectId: staffActions.subjectId,
      reason: staffActions.reason,
      at: staffActions.createdAt,
    })
    .from(staffActions)
    .where(eq(staffActions.actorId, userId))
    .orderBy(asc(staffActions.createdAt), asc(staffActions.id));
  const blogPosts = await exportBlogPosts(db, userId);
  return member || actions.length > 0 || blogPosts.length > 0 ? { member: member ?? null, actions, blogPosts } : null;
}
