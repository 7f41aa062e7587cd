import { createHash, randomBytes } from "node:crypto";
import { and, asc, gt, inArray } from "drizzle-orm";
import { TICKET_CODE_ALPHABET, TICKET_CODE_LENGTH } from "#domain/ticket-code";
import type { Database } from "#server/db/client";
import * as schema from "#server/db/schema";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Sample promoters: who promotes which event (by id), at what rate, with how many clicks and orders. */
const SAMPLE_PROMOTERS = [
  { email: "layla.mansour@example.com", eventId: 2, commissionBps: 1000, clicks: 42, orders: 3, listed: true },
  { email: "amadou.diallo@example.com", eventId: 2, commissionBps: 750, clicks: 18, orders: 1, listed: true },
  { email: "amadou.diallo@example.com", eventId: 5, commissionBps: 1250, clicks: 25, orders: 2, listed: true },
  { email: "samuel.tesfaye@example.com", eventId: 3, commissionBps: 500, clicks: 9, orders: 1, listed: false },
] as const;

/** Sample share links: a sharer, the event, the visits it brought and the orders placed after them. */
const SAMPLE_SHARES = [
  { email: "hanna.bekele@example.com", eventId: 3, visits: 7, orders: 1 },
  { email: "marcus.ellington@example.com", eventId: 2, visits: 4, orders: 0 },
  { email: "priya.raman@example.org", eventId: 5, visits: 12, orders: 2 },
] as const;

const BUYERS = ["camille.dubois@example.org", "youssef.haddad@example.com", "danielle.brooks@example.org"];

const code = () => randomBytes(8).toString("base64url").slice(0, 10);
const hash = (text: string) => createHash("sha256").update(text).digest("hex");
function ticketCode(): string {
  let value = "";
  for (const byte of randomBytes(TICKET_CODE_LENGTH)) value += TICKET_CODE_ALPHABET[byte & 31];
  return value;
}

/**
 * Promoters with their programme, clicks and attributed (confirmed) orders on a few sample events, an
 * invitation still waiting, and share links with visits and a referral or two: what /promoters, the
 * promoter dashboards, an event's promoters page and the dashboard's "My shares" show on a fresh site.
 * Orders are placed today, so the month's top promoters list them. Returns how many orders it placed.
 */
export async function seedSamplePromoters(tx: Tx, now: Date): Promise<number> {
  const people = await tx.select({ id: schema.users.id, email: schema.users.email }).from(schema.users);
  const idOf = new Map(people.map((person) => [person.email, person.id]));
  const names = new Map(
    (await tx.select({ userId: schema.profiles.userId, name: schema.profiles.name }).from(schema.profiles)).map(
      (profile) => [profile.userId, profile.name],
    ),
  );
  const paidTypes = await tx
    .select({
      id: schema.ticketTypes.id,
      eventId: schema.ticketTypes.eventId,
      priceCents: schema.ticketTypes.priceCents,
    })
    .from(schema.ticketTypes)
    .where(and(inArray(schema.ticketTypes.eventId, [2, 3, 5]), gt(schema.ticketTypes.priceCents, 0)))
    .orderBy(asc(schema.ticketTypes.position));
  let placed = 0;

  const placeOrder = async (eventId: number, buyerIndex: number, quantity: number) => {
    const type = paidTypes.find((candidate) => candidate.eventId === eventId);
    const email = BUYERS[buyerIndex % BUYERS.length]!;
    const buyerId = idOf.get(email) ?? null;
    if (!type) return null;
    const [order] = await tx
      .insert(schema.orders)
      .values({
        eventId,
        userId: buyerId,
        buyerName: (buyerId && names.get(buyerId)) || email,
        buyerEmail: email,
        status: "confirmed",
        totalCents: type.priceCents * quantity,
        paymentProvider: "sandbox",
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: schema.orders.id });
    const orderId = order!.id;
    await tx
      .insert(schema.orderItems)
      .values({ orderId, ticketTypeId: type.id, quantity, unitPriceCents: type.priceCents });
    await tx.insert(schema.orderStatusChanges).values({ orderId, status: "confirmed", reason: "paid", at: now });
    await tx
      .insert(schema.tickets)
      .values(
        Array.from({ length: quantity }, () => ({ orderId, ticketTypeId: type.id, eventId, code: ticketCode() })),
      );
    placed += 1;
    return orderId;
  };

  await tx.insert(schema.promoterPrograms).values({ eventId: 2, joinCode: code(), commissionBps: 1000 });
  for (const [index, sample] of SAMPLE_PROMOTERS.entries()) {
    const userId = idOf.get(sample.email);
    if (!userId) continue;
    const [promoter] = await tx
      .insert(schema.eventPromoters)
      .values({
        eventId: sample.eventId,
        userId,
        code: code(),
        commissionBps: sample.commissionBps,
        status: "active",
        acceptedAt: now,
      })
      .returning({ id: schema.eventPromoters.id });
    await tx.insert(schema.promoterClicks).values(
      Array.from({ length: sample.clicks }, (_, visitor) => ({
        promoterId: promoter!.id,
        visitorHash: hash(`sample-promoter-visitor:${index}:${visitor}`),
      })),
    );
    for (let n = 0; n < sample.orders; n++) {
      const orderId = await placeOrder(sample.eventId, index + n, 1 + ((index + n) % 3));
      if (orderId) {
        await tx
          .insert(schema.orderAttributions)
          .values({ orderId, promoterId: promoter!.id, commissionBps: sample.commissionBps });
      }
    }
    if (sample.listed) await tx.insert(schema.promoterListings).values({ userId }).onConflictDoNothing();
  }
  // An invitation the invitee has not answered yet.
  await tx.insert(schema.eventPromoters).values({
    eventId: 2,
    invitedEmail: "sophie.laurent@example.org",
    code: code(),
    commissionBps: 800,
    status: "invited",
  });

  for (const [index, sample] of SAMPLE_SHARES.entries()) {
    const userId = idOf.get(sample.email);
    if (!userId) continue;
    const shareCode = code();
    await tx.insert(schema.shareLinks).values({ code: shareCode, userId, eventId: sample.eventId });
    await tx.insert(schema.shareVisits).values(
      Array.from({ length: sample.visits }, (_, visitor) => ({
        code: shareCode,
        visitorHash: hash(`sample-share-visitor:${index}:${visitor}`),
      })),
    );
    for (let n = 0; n < sample.orders; n++) {
      const orderId = await placeOrder(sample.eventId, index + n + 1, 1);
      if (orderId) await tx.insert(schema.orderAttributions).values({ orderId, shareCode });
    }
  }

  return placed;
}
