import { and, asc, count, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { EventSummary } from "#domain/event-summary";
import type { Database } from "#server/db/client";
import { eventSaves, events, organizerFollows, profiles, users } from "#server/db/schema";
import { AppError } from "#server/errors";
import type { Actor } from "./actor";
import { loadEventSummaries } from "./event-summaries";
import { publicEventCondition } from "./event-visibility";
import { notify } from "./notifications";

/*
 * Saved events (the heart) and followed organizers. Saving and following are idempotent: a second
 * save, or unsaving what was never saved, changes nothing and is no error, so a double click or a form
 * sent twice does no harm. Only events the public sees can be saved (event-visibility.ts).
 */

/** At most this many events in the dashboard's Saved list and Following feed (and the API's list). */
export const SAVED_LIST_LIMIT = 100;
export const FOLLOWING_FEED_LIMIT = 24;

async function refuseUnlessPublic(db: Pick<Database, "select">, eventId: number): Promise<void> {
  const [row] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), publicEventCondition()));
  if (!row) throw new AppError("not_found", `No public event ${eventId}`);
}

/** Saves an event for the person (not_found unless the public sees it). */
export async function saveEvent(db: Database, actor: Actor, eventId: number, now: Date): Promise<void> {
  await refuseUnlessPublic(db, eventId);
  await db.insert(eventSaves).values({ userId: actor.userId, eventId, createdAt: now }).onConflictDoNothing();
}

/** Forgets a saved event (nothing happens when it was not saved). */
export async function unsaveEvent(db: Database, actor: Actor, eventId: number): Promise<void> {
  await db.delete(eventSaves).where(and(eq(eventSaves.userId, actor.userId), eq(eventSaves.eventId, eventId)));
}

/** Of these events, the ones the person saved (the hearts drawn full on a page of cards). */
export async function savedEventIdsAmong(db: Database, actor: Actor, eventIds: readonly number[]): Promise<number[]> {
  if (eventIds.length === 0) return [];
  const rows = await db
    .select({ eventId: eventSaves.eventId })
    .from(eventSaves)
    .where(and(eq(eventSaves.userId, actor.userId), inArray(eventSaves.eventId, [...new Set(eventIds)])));
  return rows.map((row) => row.eventId);
}

/** The person's saved events the public still sees: upcoming ones first (soonest first), then past ones (latest first). */
export async function listSavedEvents(
  db: Database,
  actor: Actor,
  now: Date,
): Promise<{ upcoming: EventSummary[]; past: EventSummary[] }> {
  const saved = (upcoming: boolean) =>
    db
      .select({ id: events.id })
      .from(eventSaves)
      .innerJoin(events, eq(events.id, eventSaves.eventId))
      .where(
        and(
          eq(eventSaves.userId, actor.userId),
          publicEventCondition(),
          upcoming ? gte(events.endsAt, now) : lt(events.endsAt, now),
        ),
      )
      .orderBy(upcoming ? asc(events.startsAt) : desc(events.startsAt), asc(events.id))
      .limit(SAVED_LIST_LIMIT);
  const [upcomingRows, pastRows] = await Promise.all([saved(true), saved(false)]);
  const [upcoming, past] = await Promise.all([
    loadEventSummaries(
      db,
      upcomingRows.map((row) => row.id),
      now,
    ),
    loadEventSummaries(
      db,
      pastRows.map((row) => row.id),
      now,
    ),
  ]);
  return { upcoming, past };
}

/** Follows an organizer (not_found for nobody; invalid for oneself). */
export async function followOrganizer(db: Database, actor: Actor, organizerId: string, now: Date): Promise<void> {
  if (organizerId === actor.userId) throw new AppError("invalid", "Nobody follows themselves", { organizer: "self" });
  const [row] = await db.select({ id: profiles.userId }).from(profiles).where(eq(profiles.userId, organizerId));
  if (!row) throw new AppError("not_found", `No person ${organizerId}`);
  await db
    .insert(organizerFollows)
    .values({ followerId: actor.userId, organizerId, createdAt: now })
    .onConflictDoNothing();
}

/** Stops following an organizer (nothing happens when they did not). */
export async function unfollowOrganizer(db: Pick<Database, "delete">, followerId: string, organizerId: string) {
  const rows = await db
    .delete(organizerFollows)
    .where(and(eq(organizerFollows.followerId, followerId), eq(organizerFollows.organizerId, organizerId)))
    .returning({ organizerId: organizerFollows.organizerId });
  return rows.length > 0;
}

/** How many people follow this organizer, and whether the viewer (if any) is one of them. */
export async function followStateOf(
  db: Database,
  viewer: Actor | null,
  organizerId: string,
): Promise<{ followers: number; following: boolean }> {
  const [counted] = await db
    .select({
      followers: count(),
      following: viewer
        ? sql<boolean>`coalesce(bool_or(${organizerFollows.followerId} = ${viewer.userId}), false)`
        : sql<boolean>`false`,
    })
    .from(organizerFollows)
    .where(eq(organizerFollows.organizerId, organizerId));
  return { followers: counted?.followers ?? 0, following: Boolean(counted?.following) };
}

export interface FollowedOrganizer {
  id: string;
  name: string;
  followedAt: Date;
}

/** The organizers the person follows, latest followed first. */
export async function listFollowing(db: Database, actor: Actor): Promise<FollowedOrganizer[]> {
  return db
    .select({ id: organizerFollows.organizerId, name: profiles.name, followedAt: organizerFollows.createdAt })
    .from(organizerFollows)
    .innerJoin(profiles, eq(profiles.userId, organizerFollows.organizerId))
    .innerJoin(users, eq(users.id, organizerFollows.organizerId))
    .where(eq(organizerFollows.followerId, actor.userId))
    .orderBy(desc(organizerFollows.createdAt), asc(profiles.name))
    .limit(SAVED_LIST_LIMIT);
}

/** The Following feed: upcoming public events of the organizers the person follows, soonest first. */
export async function listFollowingFeed(db: Database, actor: Actor, now: Date): Promise<EventSummary[]> {
  const rows = await db
    .select({ id: events.id })
    .from(events)
    .innerJoin(organizerFollows, eq(organizerFollows.organizerId, events.organizerId))
    .where(and(eq(organizerFollows.followerId, actor.userId), publicEventCondition(), gte(events.endsAt, now)))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(FOLLOWING_FEED_LIMIT);
  return loadEventSummaries(
    db,
    rows.map((row) => row.id),
    now,
  );
}

/**
 * Tells the organizer's followers, in the publication's transaction, that a new event is out: a row in
 * each one's bell at once. Their e-mail comes with the next daily batch (followed-events-email.ts),
 * which reads these rows. Called where an event becomes published (event-authoring.ts).
 */
export async function announceToFollowers(db: Pick<Database, "select" | "insert">, eventId: number, now: Date) {
  const [event] = await db
    .select({ title: events.title, organizerId: events.organizerId, organizerName: profiles.name })
    .from(events)
    .innerJoin(profiles, eq(profiles.userId, events.organizerId))
    .where(eq(events.id, eventId));
  if (!event) return;
  const followers = await db
    .select({ id: organizerFollows.followerId })
    .from(organizerFollows)
    .where(eq(organizerFollows.organizerId, event.organizerId));
  await notify(
    db,
    followers.map((follower) => follower.id),
    { kind: "followed_event", data: { eventId, eventTitle: event.title, organizerName: event.organizerName } },
    now,
  );
}

/** At most this many saved events' ids come with a page (its hearts drawn full). */
const SAVED_IDS_LIMIT = 500;

/** The ids of the person's saved events, latest saved first (the hearts of any page of cards). */
export async function listSavedEventIds(db: Database, actor: Actor): Promise<number[]> {
  const rows = await db
    .select({ eventId: eventSaves.eventId })
    .from(eventSaves)
    .where(eq(eventSaves.userId, actor.userId))
    .orderBy(desc(eventSaves.createdAt))
    .limit(SAVED_IDS_LIMIT);
  return rows.map((row) => row.eventId);
}

/** The dashboard's Saved events and Following sections, in one call. */
export async function loadDashboardSavesFollows(db: Database, actor: Actor, now: Date) {
  const [saved, savedEvents, following, feed] = await Promise.all([
    listSavedEvents(db, actor, now),
    listSavedEventIds(db, actor),
    listFollowing(db, actor),
    listFollowingFeed(db, actor, now),
  ]);
  return { saved, savedEvents, following: following.map(({ id, name }) => ({ id, name })), feed };
}
