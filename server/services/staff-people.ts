import { and, desc, eq, exists, gt, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "#server/db/client";
import {
  authSessions,
  eventCoOrganizers,
  events,
  identities,
  orderItems,
  orders,
  profiles,
  staffActions,
  staffMembers,
  users,
} from "#server/db/schema";
import { suspensionEnd, type SuspensionInput } from "#domain/staff-moderation";
import { AppError } from "#server/errors";
import type { Actor } from "#server/services/actor";
import { requireStaff } from "#server/services/staff";
import { recordStaffAction } from "#server/services/staff-actions";
import { staffSearchText } from "#domain/staff-console";

/*
 * People, as staff see them in the console (/admin/people) and the staff API: finding an account,
 * reading it whole (never its password or any secret), suspending and restoring it. Every use case
 * checks the staff role itself; every change is audited in its own transaction.
 */

export const PEOPLE_FILTERS = ["all", "staff", "suspended", "organizers"] as const;
export type PeopleFilter = (typeof PEOPLE_FILTERS)[number];
export const PEOPLE_PAGE_SIZE = 25;

export interface PersonListRow {
  id: string;
  name: string | null;
  email: string;
  createdAt: Date;
  isStaff: boolean;
  suspendedUntil: Date | null;
  eventsOrganized: number;
}

const isSuspendedAt = (now: Date) => and(sql`${users.bannedUntil} is not null`, gt(users.bannedUntil, now));

/**
 * Accounts whose name or e-mail contains `q` (any case), newest first, a page at a time; `filter`
 * keeps staff, accounts suspended now, or organizers (anyone who organizes or co-organizes an event).
 */
export async function searchPeople(
  db: Database,
  actor: Actor,
  { q = "", filter = "all", page = 1 }: { q?: string; filter?: PeopleFilter; page?: number },
  now: Date,
): Promise<{ people: PersonListRow[]; hasMore: boolean; page: number }> {
  await requireStaff(db, actor);
  const conditions: SQL[] = [];
  const words = staffSearchText(q);
  if (words) {
    const pattern = `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(users.email, pattern), ilike(profiles.name, pattern))!);
  }
  const organizes = or(
    exists(
      db
        .select({ one: sql`1` })
        .from(events)
        .where(eq(events.organizerId, users.id)),
    ),
    exists(
      db
        .select({ one: sql`1` })
        .from(eventCoOrganizers)
        .where(eq(eventCoOrganizers.userId, users.id)),
    ),
  )!;
  if (filter === "staff") conditions.push(sql`${staffMembers.userId} is not null`);
  if (filter === "suspended") conditions.push(isSuspendedAt(now)!);
  if (filter === "organizers") conditions.push(organizes);
  const safePage = Math.min(Math.max(1, Math.trunc(page) || 1), 10_000);
  const rows = await db
    .select({
      id: users.id,
      name: profiles.name,
      email: users.email,
      createdAt: users.createdAt,
      isStaff: sql<boolean>`${staffMembers.userId} is not null`,
      bannedUntil: users.bannedUntil,
      eventsOrganized: sql<number>`(select count(*)::int from ${events} where ${events.organizerId} = ${users.id})`,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(staffMembers, eq(staffMembers.userId, users.id))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(users.createdAt), users.id)
    .limit(PEOPLE_PAGE_SIZE + 1)
    .offset((safePage - 1) * PEOPLE_PAGE_SIZE);
  return {
    people: rows.slice(0, PEOPLE_PAGE_SIZE).map(({ bannedUntil, ...row }) => ({
      ...row,
      eventsOrganized: Number(row.eventsOrganized),
      suspendedUntil: bannedUntil && bannedUntil > now ? bannedUntil : null,
    })),
    hasMore: rows.length > PEOPLE_PAGE_SIZE,
    page: safePage,
  };
}

export interface PersonAccount {
  id: string;
  account: {
    email: string;
    createdAt: Date;
    confirmedAt: Date | null;
    lastSignInAt: Date | null;
    /** How they sign in: "email", "google", "facebook"… */
    providers: string[];
    /** Devices signed in now. */
    activeSessions: number;
  };
  profile: {
    name: string;
    role: "organizer" | "attendee";
    organization: string | null;
    location: string | null;
    bio: string | null;
    preferredLanguage: string;
  } | null;
  staff: { since: Date } | null;
  suspension: { until: Date; reason: string | null; at: Date | null } | null;
  events: {
    id: number;
    title: string;
    status: "draft" | "published" | "cancelled";
    startsAt: Date;
    endsAt: Date;
    hidden: boolean;
    role: "organizer" | "co-organizer";
  }[];
  orders: {
    id: string;
    eventId: number;
    eventTitle: string;
    status: "pending" | "confirmed" | "cancelled" | "refunded";
    totalCents: number;
    tickets: number;
    createdAt: Date;
  }[];
  /** Their published events still to come: a suspension leaves them up unless hidden through moderation. */
  upcomingPublishedEvents: number;
}

/**
 * Everything staff may see of one account: when it was made, confirmed and last used, how it signs in
 * (provider names only), its profile, role and suspension (with the reason from the audit log), and
 * its events and orders, newest first (at most 100 of each). Never the password hash, a token or a
 * session's secrets: none of them is even read. Null when there is no such account.
 */
export async function getPersonAccount(
  db: Database,
  actor: Actor,
  userId: string,
  now: Date,
): Promise<PersonAccount | null> {
  await requireStaff(db, actor);
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      createdAt: users.createdAt,
      confirmedAt: users.emailConfirmedAt,
      lastSignInAt: users.lastSignInAt,
      bannedUntil: users.bannedUntil,
      staffSince: staffMembers.grantedAt,
      name: profiles.name,
      role: profiles.role,
      organization: profiles.organization,
      location: profiles.location,
      bio: profiles.bio,
      preferredLanguage: profiles.preferredLanguage,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(staffMembers, eq(staffMembers.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;

  const [providerRows, sessionRows, organized, coOrganized, orderRows, lastSuspension] = await Promise.all([
    db.selectDistinct({ provider: identities.provider }).from(identities).where(eq(identities.userId, userId)),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(authSessions)
      .where(and(eq(authSessions.userId, userId), gt(authSessions.notAfter, now))),
    eventsWhere(db, eq(events.organizerId, userId)),
    db
      .select(eventColumns)
      .from(eventCoOrganizers)
      .innerJoin(events, eq(events.id, eventCoOrganizers.eventId))
      .where(eq(eventCoOrganizers.userId, userId))
      .orderBy(desc(events.startsAt))
      .limit(100),
    ordersOf(db, userId, row.email, row.confirmedAt !== null),
    db
      .select({ reason: staffActions.reason, at: staffActions.createdAt })
      .from(staffActions)
      .where(
        and(
          eq(staffActions.subjectType, "user"),
          eq(staffActions.subjectId, userId),
          eq(staffActions.action, "user.suspend"),
        ),
      )
      .orderBy(desc(staffActions.createdAt), desc(staffActions.id))
      .limit(1),
  ]);
  const eventRows = [
    ...organized.map((event) => ({ ...event, role: "organizer" as const })),
    ...coOrganized.map((event) => ({ ...event, role: "co-organizer" as const })),
  ].sort((a, b) => b.startsAt.getTime() - a.startsAt.getTime());
  const suspended = row.bannedUntil !== null && row.bannedUntil > now;
  return {
    id: row.id,
    account: {
      email: row.email,
      createdAt: row.createdAt,
      confirmedAt: row.confirmedAt,
      lastSignInAt: row.lastSignInAt,
      providers: providerRows.map(({ provider }) => provider).sort(),
      activeSessions: Number(sessionRows[0]?.count ?? 0),
    },
    profile:
      row.name === null
        ? null
        : {
            name: row.name,
            role: row.role ?? "attendee",
            organization: row.organization,
            location: row.location,
            bio: row.bio,
            preferredLanguage: row.preferredLanguage ?? "en",
          },
    staff: row.staffSince ? { since: row.staffSince } : null,
    suspension: suspended
      ? { until: row.bannedUntil!, reason: lastSuspension[0]?.reason ?? null, at: lastSuspension[0]?.at ?? null }
      : null,
    events: eventRows.map(({ hiddenAt, ...event }) => ({ ...event, hidden: hiddenAt !== null })),
    orders: orderRows.map((order) => ({ ...order, tickets: Number(order.tickets) })),
    upcomingPublishedEvents: eventRows.filter(
      (event) => event.status === "published" && event.endsAt > now && event.hiddenAt === null,
    ).length,
  };
}

const eventColumns = {
  id: events.id,
  title: events.title,
  status: events.status,
  startsAt: events.startsAt,
  endsAt: events.endsAt,
  hiddenAt: events.hiddenAt,
};

function eventsWhere(db: Database, condition: SQL) {
  return db.select(eventColumns).from(events).where(condition).orderBy(desc(events.startsAt)).limit(100);
}

/** Their orders: placed signed in, or under their address once it is confirmed (as "My tickets" counts them). */
function ordersOf(db: Database, userId: string, email: string, confirmed: boolean) {
  const theirs = confirmed
    ? or(eq(orders.userId, userId), sql`lower(${orders.buyerEmail}) = lower(${email})`)
    : eq(orders.userId, userId);
  return db
    .select({
      id: orders.id,
      eventId: orders.eventId,
      eventTitle: events.title,
      status: orders.status,
      totalCents: orders.totalCents,
      tickets: sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .where(theirs)
    .orderBy(desc(orders.createdAt))
    .limit(100);
}

export interface SuspensionOutcome {
  until: Date;
  sessionsEnded: number;
}

/**
 * Suspends an account: it can no longer sign in or refresh a session until `until`, and every session
 * it has ends now (its devices are signed out on their next request). Its published events stay up;
 * hiding one is a separate moderation action. Staff cannot suspend themselves. Audited with the reason.
 */
export async function suspendPerson(
  db: Database,
  actor: Actor,
  userId: string,
  input: SuspensionInput,
  now: Date,
): Promise<SuspensionOutcome> {
  await requireStaff(db, actor);
  if (actor.userId === userId) {
    throw new AppError("invalid", "Staff cannot suspend themselves", { userId: "own_account" });
  }
  const until = suspensionEnd(input.length, now);
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ bannedUntil: users.bannedUntil })
      .from(users)
      .where(eq(users.id, userId))
      .for("update")
      .limit(1);
    if (!account) throw new AppError("not_found", "No such account", { userId: "not_found" });
    await tx.update(users).set({ bannedUntil: until, updatedAt: now }).where(eq(users.id, userId));
    const ended = await tx
      .delete(authSessions)
      .where(eq(authSessions.userId, userId))
      .returning({ id: authSessions.id });
    const before = account.bannedUntil && account.bannedUntil > now ? account.bannedUntil.toISOString() : null;
    await recordStaffAction(
      tx,
      {
        actorId: actor.userId,
        action: "user.suspend",
        subjectType: "user",
        subjectId: userId,
        reason: input.reason,
        before: { suspendedUntil: before },
        after: { suspendedUntil: until.toISOString(), sessionsEnded: ended.length },
      },
      now,
    );
    return { until, sessionsEnded: ended.length };
  });
}

/** Lifts a suspension now (audited; the reason is optional). An account not suspended is a conflict. */
export async function restorePerson(
  db: Database,
  actor: Actor,
  userId: string,
  reason: string | null,
  now: Date,
): Promise<void> {
  await requireStaff(db, actor);
  await db.transaction(async (tx) => {
    const [account] = await tx
      .select({ bannedUntil: users.bannedUntil })
      .from(users)
      .where(eq(users.id, userId))
      .for("update")
      .limit(1);
    if (!account) throw new AppError("not_found", "No such account", { userId: "not_found" });
    if (!account.bannedUntil || account.bannedUntil <= now) {
      throw new AppError("conflict", "This account is not suspended", { userId: "not_suspended" });
    }
    await tx.update(users).set({ bannedUntil: null, updatedAt: now }).where(eq(users.id, userId));
    await recordStaffAction(
      tx,
      {
        actorId: actor.userId,
        action: "user.restore",
        subjectType: "user",
        subjectId: userId,
        reason,
        before: { suspendedUntil: account.bannedUntil.toISOString() },
        after: { suspendedUntil: null },
      },
      now,
    );
  });
}
