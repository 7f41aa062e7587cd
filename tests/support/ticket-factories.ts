import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "#server/db/client";
import { categories, events, profiles, ticketTypes, users, venues } from "#server/db/schema";

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

export interface TicketTypeFields {
  name: string;
  priceCents: number;
  quantity: number;
  /** Tickets already counted as sold (held or confirmed) without any order behind them. */
  sold?: number;
}

export interface EventWithTicketTypes {
  eventId: number;
  /** In the order the ticket types were given. */
  ticketTypeIds: number[];
  organizerId: string;
}

/**
 * A published event with the ticket types given, at a venue of its own, organized by `organizerId`
 * or by a new organizer account made for it. It starts `startsAt` (a week from now by default) and
 * lasts three hours. Works on an empty, migrated database: the category is made when missing.
 */
export async function insertEventWithTicketTypes(
  db: Database,
  options: {
    organizerId?: string;
    startsAt?: Date;
    status?: "draft" | "published" | "cancelled";
    title?: string;
    ticketTypes: TicketTypeFields[];
  },
): Promise<EventWithTicketTypes> {
  const organizerId = options.organizerId ?? (await insertUser(db, { role: "organizer" })).userId;
  const startsAt = options.startsAt ?? new Date(Date.now() + 7 * DAY_MS);
  const categoryId = await ensureCategory(db);
  const [venue] = await db
    .insert(venues)
    .values({
      name: "Test Hall",
      address: "1 Test Street NW",
      city: "Washington",
      state: "DC",
      country: "US",
      zipCode: "20001",
      latitude: 38.9,
      longitude: -77.03,
    })
    .returning({ id: venues.id });
  const [event] = await db
    .insert(events)
    .values({
      title: options.title ?? `Test event ${randomUUID().slice(0, 8)}`,
      description: "An event made by a test.",
      startsAt,
      endsAt: new Date(startsAt.getTime() + 3 * HOUR_MS),
      venueId: venue!.id,
      categoryId,
      organizerId,
      status: options.status ?? "published",
    })
    .returning({ id: events.id });
  const ticketTypeIds: number[] = [];
  // One at a time, so the ids ascend in the order given.
  for (const [position, ticketType] of options.ticketTypes.entries()) {
    const [row] = await db
      .insert(ticketTypes)
      .values({ eventId: event!.id, position, sold: 0, ...ticketType })
      .returning({ id: ticketTypes.id });
    ticketTypeIds.push(row!.id);
  }
  return { eventId: event!.id, ticketTypeIds, organizerId };
}

/**
 * A user with a confirmed e-mail address and a profile, made directly (no sign-in). For a user who
 * must also sign in, use createTestSession (tests/support/auth-session.ts).
 */
export async function insertUser(
  db: Database,
  options: { email?: string; name?: string; role?: "organizer" | "attendee" } = {},
): Promise<{ userId: string; email: string }> {
  const email = (options.email ?? `person-${randomUUID().slice(0, 8)}@example.com`).toLowerCase();
  const [user] = await db.insert(users).values({ email, emailConfirmedAt: new Date() }).returning({ id: users.id });
  await db
    .insert(profiles)
    .values({ userId: user!.id, name: options.name ?? "Test Person", role: options.role ?? "attendee" });
  return { userId: user!.id, email };
}

async function ensureCategory(db: Database): Promise<number> {
  const [existing] = await db.select({ id: categories.id }).from(categories).limit(1);
  if (existing) return existing.id;
  await db.insert(categories).values({ key: "test", name: "Test", icon: "ticket", position: 99 }).onConflictDoNothing();
  const [made] = await db.select({ id: categories.id }).from(categories).where(eq(categories.key, "test"));
  return made!.id;
}
