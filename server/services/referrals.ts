import { randomBytes } from "node:crypto";
import { and, count, countDistinct, eq, sql } from "drizzle-orm";
import { isReferralCode, REFERRAL_CODE_LENGTH } from "#domain/referral";
import { hashToken } from "#server/auth/secrets";
import type { Database } from "#server/db/client";
import {
  eventPromoters,
  events,
  orderAttributions,
  orderItems,
  orders,
  shareLinks,
  shareVisits,
} from "#server/db/schema";
import { AppError } from "#server/errors";
import type { Actor } from "./actor";
import { queueBadgeCheck } from "./badge-triggers";
import { publicEventPageCondition } from "./event-visibility";

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** A new share, promoter or join code: 60 random bits as 10 base64url characters. */
export function newReferralCode(): string {
  return randomBytes(8).toString("base64url").slice(0, REFERRAL_CODE_LENGTH);
}

/**
 * Who a visit comes from, without keeping who: a hash of the address and the browser, as reports
 * hash theirs. The same visitor through the same link counts once.
 */
export function visitorHash(clientAddress: string, userAgent: string): string {
  return hashToken(`referral-visitor:${clientAddress}\n${userAgent}`);
}

/**
 * The actor's personal share link of an event, made on first asking (one per person and event; a
 * second ask, even a concurrent one, gets the same code). Only for an event whose page is public.
 */
export async function ensureShareLink(db: Database, actor: Actor, eventId: number): Promise<string> {
  const [event] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.id, eventId), publicEventPageCondition()));
  if (!event) throw new AppError("not_found", `No event ${eventId}.`);
  await db
    .insert(shareLinks)
    .values({ code: newReferralCode(), userId: actor.userId, eventId })
    .onConflictDoNothing({ target: [shareLinks.userId, shareLinks.eventId] });
  const [link] = await db
    .select({ code: shareLinks.code })
    .from(shareLinks)
    .where(and(eq(shareLinks.userId, actor.userId), eq(shareLinks.eventId, eventId)));
  return link!.code;
}

/** The actor's share link of an event if they made one (the event page shows it without writing). */
export async function findShareCode(db: Database, userId: string, eventId: number): Promise<string | null> {
  const [link] = await db
    .select({ code: shareLinks.code })
    .from(shareLinks)
    .where(and(eq(shareLinks.userId, userId), eq(shareLinks.eventId, eventId)));
  return link?.code ?? null;
}

/**
 * Counts a visit through a share link: once per visitor and link, never the sharer's own. A visit
 * counted asks for the sharer's badge check (Social Promoter counts share visits). Returns whether the
 * code is a share link the visitor may be referred by (a sharer is never their own referrer), so the
 * caller keeps it for a purchase.
 */
export async function recordShareVisit(
  db: Database,
  code: string,
  visitor: { userId: string | null; hash: string },
): Promise<boolean> {
  if (!isReferralCode(code)) return false;
  const [link] = await db.select({ userId: shareLinks.userId }).from(shareLinks).where(eq(shareLinks.code, code));
  if (!link || link.userId === visitor.userId) return false;
  await db.transaction(async (tx) => {
    const counted = await tx
      .insert(shareVisits)
      .values({ code, visitorHash: visitor.hash })
      .onConflictDoNothing()
      .returning({ id: shareVisits.id });
    if (counted.length > 0) await queueBadgeCheck(tx, [link.userId]);
  });
  return true;
}

/** The share and promoter codes a buyer came with (the referral cookies), as the checkout reads them. */
export interface AttributionInput {
  shareCode?: string | null;
  promoterCode?: string | null;
}

/**
 * Records what brought an order, in the order's transaction: the share link and the active promoter
 * whose codes the buyer carries, each only if it is for the order's event and not the buyer's own.
 * Codes that match nothing are ignored: a stale cookie never stops a purchase.
 */
export async function recordAttribution(
  tx: Tx,
  order: { id: string; eventId: number; buyerId: string | null },
  input: AttributionInput,
): Promise<void> {
  const shareCode = isReferralCode(input.shareCode) ? input.shareCode : null;
  const promoterCode = isReferralCode(input.promoterCode) ? input.promoterCode : null;
  if (!shareCode && !promoterCode) return;
  const [share] = shareCode
    ? await tx
        .select({ code: shareLinks.code, userId: shareLinks.userId })
        .from(shareLinks)
        .where(and(eq(shareLinks.code, shareCode), eq(shareLinks.eventId, order.eventId)))
    : [];
  const [promoter] = promoterCode
    ? await tx
        .select({ id: eventPromoters.id, userId: eventPromoters.userId, commissionBps: eventPromoters.commissionBps })
        .from(eventPromoters)
        .where(
          and(
            eq(eventPromoters.code, promoterCode),
            eq(eventPromoters.eventId, order.eventId),
            eq(eventPromoters.status, "active"),
          ),
        )
    : [];
  const sharer = share && share.userId !== order.buyerId ? share : null;
  const byPromoter = promoter && promoter.userId !== order.buyerId ? promoter : null;
  if (!sharer && !byPromoter) return;
  await tx.insert(orderAttributions).values({
    orderId: order.id,
    shareCode: sharer?.code ?? null,
    promoterId: byPromoter?.id ?? null,
    commissionBps: byPromoter?.commissionBps ?? 0,
  });
}

/** A person's share figures: links made, visits they brought, and referrals (confirmed orders). */
export interface ShareFigures {
  shares: number;
  visits: number;
  referrals: number;
  tickets: number;
}

/** The actor's share figures over all their links; referrals count confirmed orders only. */
export async function shareFiguresOf(db: Database, userId: string): Promise<ShareFigures> {
  const [links, visits, referrals] = await Promise.all([
    db.select({ n: count() }).from(shareLinks).where(eq(shareLinks.userId, userId)),
    db
      .select({ n: count() })
      .from(shareVisits)
      .innerJoin(shareLinks, eq(shareLinks.code, shareVisits.code))
      .where(eq(shareLinks.userId, userId)),
    db
      .select({
        n: countDistinct(orders.id),
        tickets: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int`,
      })
      .from(orderAttributions)
      .innerJoin(shareLinks, eq(shareLinks.code, orderAttributions.shareCode))
      .innerJoin(orders, eq(orders.id, orderAttributions.orderId))
      .innerJoin(orderItems, eq(orderItems.orderId, orders.id))
      .where(and(eq(shareLinks.userId, userId), eq(orders.status, "confirmed"))),
  ]);
  return {
    shares: links[0]?.n ?? 0,
    visits: visits[0]?.n ?? 0,
    referrals: referrals[0]?.n ?? 0,
    tickets: referrals[0]?.tickets ?? 0,
  };
}
