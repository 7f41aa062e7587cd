import { and, asc, eq, lt, notExists, sql } from "drizzle-orm";
import type { Database } from "#server/db/client";
import * as schema from "#server/db/schema";
import { recomputeAllBadges } from "#server/services/badges";
import { publicEventCondition } from "#server/services/event-visibility";
import { newTicketCode } from "#server/services/orders";

/**
 * Sample attendance for the badges (issue 19), then the badges themselves: the sample attendees were
 * at some of the past events (a confirmed order, its ticket checked in at the start), the first at all
 * of them that had a ticket left (three), so the dashboard shows First Timer and "Events attended: 3 of
 * 5"; then the same recompute as `npm run badges:recompute` awards what all the sample activity earns.
 * Runs last in the seed.
 * Answers the number of badges awarded.
 */
export async function seedSampleBadges(tx: Database, now: Date): Promise<number> {
  const attendees = await tx
    .select({ id: schema.users.id, email: schema.users.email, name: schema.profiles.name })
    .from(schema.users)
    .innerJoin(schema.profiles, eq(schema.profiles.userId, schema.users.id))
    .where(
      and(
        eq(schema.profiles.role, "attendee"),
        // The sample people, not the staff account.
        notExists(tx.select().from(schema.staffMembers).where(eq(schema.staffMembers.userId, schema.users.id))),
      ),
    )
    .orderBy(asc(schema.users.email));
  const pastEvents = await tx
    .select({ id: schema.events.id, startsAt: schema.events.startsAt })
    .from(schema.events)
    .where(and(publicEventCondition(), lt(schema.events.endsAt, now)))
    .orderBy(asc(schema.events.startsAt));
  for (const [index, attendee] of attendees.entries()) {
    // The first attendee was at every past event, the next at half of them, the next at one.
    const attended = pastEvents.slice(0, Math.ceil(pastEvents.length / 2 ** index));
    for (const event of attended) await attend(tx, attendee, event);
  }
  return (await recomputeAllBadges(tx, now)).awarded;
}

async function attend(
  tx: Database,
  attendee: { id: string; email: string; name: string },
  event: { id: number; startsAt: Date },
): Promise<void> {
  // The cheapest type with a ticket left, counted as sold like any sale.
  const [type] = await tx
    .update(schema.ticketTypes)
    .set({ sold: sql`${schema.ticketTypes.sold} + 1` })
    .where(
      eq(
        schema.ticketTypes.id,
        sql`(select id from ticket_types where event_id = ${event.id} and sold < quantity
          order by price_cents, id limit 1)`,
      ),
    )
    .returning({ id: schema.ticketTypes.id, priceCents: schema.ticketTypes.priceCents });
  if (!type) return;
  const orderedAt = new Date(event.startsAt.getTime() - 7 * 24 * 60 * 60_000);
  const [order] = await tx
    .insert(schema.orders)
    .values({
      eventId: event.id,
      userId: attendee.id,
      buyerName: attendee.name,
      buyerEmail: attendee.email,
      status: "confirmed",
      totalCents: type.priceCents,
      createdAt: orderedAt,
      updatedAt: orderedAt,
    })
    .returning({ id: schema.orders.id });
  await tx.insert(schema.orderItems).values({
    orderId: order!.id,
    ticketTypeId: type.id,
    quantity: 1,
    unitPriceCents: type.priceCents,
  });
  await tx.insert(schema.orderStatusChanges).values({
    orderId: order!.id,
    status: "confirmed",
    reason: type.priceCents === 0 ? "free_registration" : "paid",
    actorUserId: attendee.id,
    at: orderedAt,
  });
  await tx.insert(schema.tickets).values({
    orderId: order!.id,
    ticketTypeId: type.id,
    eventId: event.id,
    code: newTicketCode(),
    checkedInAt: event.startsAt,
    createdAt: orderedAt,
  });
}
