import { and, asc, desc, eq, gt, ilike, inArray, isNotNull, isNull, or, type SQL } from "drizzle-orm";
import {
  MAJOR_EVENT_COUNT,
  staffSearchText,
  TAGLINE_MAX_LENGTH,
  type StaffEventFilter,
} from "#domain/staff-console";
import { isWellFormedText } from "#domain/text";
import type { Database } from "#server/db/client";
import { events, majorEventTeasers, profiles, users } from "#server/db/schema";
import { AppError } from "#server/errors";
import type { Actor } from "./actor";
import { publicEventCondition } from "./event-visibility";
import { publicContentChanged } from "./public-content";
import { requireStaff } from "./staff";
import { recordStaffAction } from "./staff-actions";

export const STAFF_EVENTS_PAGE_SIZE = 25;

export interface StaffEventRow {
  id: number;
  title: string;
  status: "draft" | "published" | "cancelled";
  hidden: boolean;
  isFeatured: boolean;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  organizerName: string;
  organizerEmail: string;
  /** 1 to 3 when it is one of the Major Events, in the home page's order. */
  majorPosition: number | null;
}

/** `%`, `_` and `\` are wildcards in LIKE: searched for as themselves. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * Events for the console, newest start first, a page at a time: any status, hidden ones too. `query`
 * finds a title or an organizer's name or address (any part, any case), or an event by its number.
 */
export async function listStaffEvents(
  db: Database,
  { query = "", filter = "all", page = 1 }: { query?: string; filter?: StaffEventFilter; page?: number },
): Promise<{ events: StaffEventRow[]; hasMore: boolean }> {
  const conditions: SQL[] = [];
  const text = staffSearchText(query);
  if (text) {
    const pattern = likePattern(text);
    const byText = or(ilike(events.title, pattern), ilike(profiles.name, pattern), ilike(users.email, pattern))!;
    const number = /^#?(\d{1,9})$/.exec(text);
    conditions.push(number ? or(eq(events.id, Number(number[1])), byText)! : byText);
  }
  if (filter === "hidden") conditions.push(isNotNull(events.hiddenAt));
  else if (filter !== "all") conditions.push(and(eq(events.status, filter), isNull(events.hiddenAt))!);
  const rows = await db
    .select({
      id: events.id,
      title: events.title,
      status: events.status,
      hiddenAt: events.hiddenAt,
      isFeatured: events.isFeatured,
      startsAt: events.startsAt,
      endsAt: events.endsAt,
      timeZone: events.timeZone,
      organizerName: profiles.name,
      organizerEmail: users.email,
      majorPosition: majorEventTeasers.position,
    })
    .from(events)
    .innerJoin(users, eq(users.id, events.organizerId))
    .innerJoin(profiles, eq(profiles.userId, events.organizerId))
    .leftJoin(majorEventTeasers, eq(majorEventTeasers.eventId, events.id))
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(events.startsAt), desc(events.id))
    .limit(STAFF_EVENTS_PAGE_SIZE + 1)
    .offset((Math.max(1, Math.min(page, 10_000)) - 1) * STAFF_EVENTS_PAGE_SIZE);
  return {
    events: rows.slice(0, STAFF_EVENTS_PAGE_SIZE).map(({ hiddenAt, majorPosition, ...row }) => ({
      ...row,
      hidden: hiddenAt !== null,
      majorPosition: majorPosition === null ? null : majorPosition + 1,
    })),
    hasMore: rows.length > STAFF_EVENTS_PAGE_SIZE,
  };
}

/** Whether an event may be featured or be a Major Event: published, not hidden, and (for the latter) not ended. */
function isShowable(event: { status: string; hiddenAt: Date | null }): boolean {
  return event.status === "published" && event.hiddenAt === null;
}

/**
 * Features an event (Featured Events, the home page's section) or stops featuring it, with an audit
 * line. Only published events that are not hidden may be featured; any may be unfeatured. Asking for
 * what already is changes nothing and logs nothing. The home page's kept copy is dropped.
 */
export async function setEventFeatured(
  db: Database,
  actor: Actor,
  eventId: number,
  featured: boolean,
  now: Date,
): Promise<{ id: number; title: string; isFeatured: boolean }> {
  await requireStaff(db, actor);
  const result = await db.transaction(async (tx) => {
    const [event] = await tx
      .select({
        id: events.id,
        title: events.title,
        status: events.status,
        hiddenAt: events.hiddenAt,
        isFeatured: events.isFeatured,
      })
      .from(events)
      .where(eq(events.id, eventId))
      .for("update");
    if (!event) throw new AppError("not_found", "No such event.", { eventId: "not_found" });
    if (event.isFeatured === featured) return { id: event.id, title: event.title, isFeatured: featured };
    if (featured && !isShowable(event)) {
      throw new AppError("invalid", "Only a published event that is not hidden can be featured.", {
        eventId: "not_published",
      });
    }
    await tx.update(events).set({ isFeatured: featured, updatedAt: now }).where(eq(events.id, eventId));
    await recordStaffAction(
      tx,
      {
        actorId: actor.userId,
        action: featured ? "event.feature" : "event.unfeature",
        subjectType: "event",
        subjectId: eventId,
        before: { isFeatured: event.isFeatured },
        after: { isFeatured: featured },
      },
      now,
    );
    return { id: event.id, title: event.title, isFeatured: featured };
  });
  publicContentChanged(db);
  return result;
}

export interface MajorEventChoice {
  position: number;
  eventId: number;
  title: string;
  tagline: string;
}

/** The Major Events now, in their order (1 to 3), and the events that may take their places. */
export async function getMajorEventChoices(db: Database, now: Date) {
  const current = await db
    .select({
      position: majorEventTeasers.position,
      eventId: majorEventTeasers.eventId,
      title: events.title,
      tagline: majorEventTeasers.tagline,
    })
    .from(majorEventTeasers)
    .innerJoin(events, eq(events.id, majorEventTeasers.eventId))
    .orderBy(asc(majorEventTeasers.position));
  const candidates = await db
    .select({ id: events.id, title: events.title, startsAt: events.startsAt, timeZone: events.timeZone })
    .from(events)
    .where(and(publicEventCondition(), gt(events.endsAt, now)))
    .orderBy(asc(events.startsAt), asc(events.id))
    .limit(300);
  return {
    current: current.map((row, index): MajorEventChoice => ({ ...row, position: index + 1 })),
    candidates,
  };
}

export interface MajorEventsInput {
  /** Three distinct events, in the home page's order. */
  eventIds: number[];
  /** Each one's tagline; empty or missing keeps the tagline of an event that already is a Major Event. */
  taglines?: (string | null | undefined)[];
}

/**
 * Makes `eventIds` the three Major Events, in that order, with their taglines, and logs the change
 * (before and after). Refused as a whole, naming each bad field (`eventIds`, `eventIds.1`,
 * `taglines.2`…), unless they are three distinct published, not hidden events that have not ended,
 * each with a tagline. A teaser's video stays with its event.
 */
export async function setMajorEvents(db: Database, actor: Actor, input: MajorEventsInput, now: Date) {
  await requireStaff(db, actor);
  const { eventIds } = input;
  if (eventIds.length !== MAJOR_EVENT_COUNT) {
    throw new AppError("invalid", "Choose exactly three events.", { eventIds: "three_required" });
  }
  if (new Set(eventIds).size !== eventIds.length) {
    throw new AppError("invalid", "Choose three different events.", { eventIds: "duplicate" });
  }
  const result = await db.transaction(async (tx) => {
    const before = await tx.select().from(majorEventTeasers).orderBy(asc(majorEventTeasers.position)).for("update");
    const found = await tx
      .select({ id: events.id, status: events.status, hiddenAt: events.hiddenAt, endsAt: events.endsAt })
      .from(events)
      .where(inArray(events.id, eventIds));
    const fields: Record<string, string> = {};
    const rows = eventIds.map((eventId, index) => {
      const event = found.find((row) => row.id === eventId);
      if (!event) fields[`eventIds.${index}`] = "not_found";
      else if (!isShowable(event) || event.endsAt.getTime() <= now.getTime()) {
        fields[`eventIds.${index}`] = "not_published_upcoming";
      }
      const previous = before.find((teaser) => teaser.eventId === eventId);
      const given = input.taglines?.[index]?.trim() ?? "";
      const tagline = given || previous?.tagline || "";
      if (!tagline) fields[`taglines.${index}`] = "required";
      else if (tagline.length > TAGLINE_MAX_LENGTH) fields[`taglines.${index}`] = "too_long";
      else if (!isWellFormedText(tagline)) fields[`taglines.${index}`] = "tagline_invalid";
      return { eventId, position: index, tagline, videoUrl: previous?.videoUrl ?? null };
    });
    if (Object.keys(fields).length > 0) {
      throw new AppError(
        "invalid",
        "The Major Events must be three different published events that have not ended, each with a tagline.",
        fields,
      );
    }
    const describe = (teasers: { eventId: number; tagline: string }[]) =>
      teasers.map(({ eventId, tagline }) => ({ eventId, tagline }));
    const unchanged = JSON.stringify(describe(before)) === JSON.stringify(describe(rows));
    if (!unchanged) {
      await tx.delete(majorEventTeasers);
      await tx.insert(majorEventTeasers).values(rows);
      await recordStaffAction(
        tx,
        {
          actorId: actor.userId,
          action: "major_events.set",
          subjectType: "major_events",
          subjectId: "home",
          before: describe(before),
          after: describe(rows),
        },
        now,
      );
    }
    return rows.map(({ eventId, tagline }, index) => ({ position: index + 1, eventId, tagline }));
  });
  publicContentChanged(db);
  return result;
}
