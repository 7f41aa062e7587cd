import { and, asc, desc, eq, gte, sql } from "drizzle-orm";
import { z } from "zod";
import type { Language } from "#domain/language";
import { isReferralCode, MAX_COMMISSION_BPS } from "#domain/referral";
import { hit } from "#server/auth/throttle";
import type { Database } from "#server/db/client";
import {
  eventPromoters,
  events,
  orderAttributions,
  orders,
  profiles,
  promoterClicks,
  promoterListings,
  promoterPrograms,
  users,
} from "#server/db/schema";
import { AppError } from "#server/errors";
import type { Actor } from "./actor";
import { emailRecipients } from "./email-preferences";
import { enqueueJob } from "./enqueue-job";
import { SEND_PROMOTER_INVITATION_JOB } from "./email-jobs";
import { requireEventRole } from "./event-role";
import { publicEventCondition } from "./event-visibility";
import { notify } from "./notifications";
import { newReferralCode } from "./referrals";

/**
 * Promoters (affiliates) of an event: its organizers invite them by e-mail or open a join code anyone
 * signed in may apply with, each with a commission rate. A promoter's tracked link is
 * `/events/{id}?ref=CODE`; a visit through it is a click (once per visitor), and a ticket bought within
 * REFERRAL_DAYS is theirs (services/referrals.ts records it on the order). Figures count confirmed
 * orders only: a cancelled or refunded order earns nothing.
 */

/** E-mail invitations one person may send in a day, over all their events. */
export const PROMOTER_INVITATIONS_PER_DAY = 30;

export const commissionSchema = z.int().min(0).max(MAX_COMMISSION_BPS);
export const promoterInviteSchema = z.strictObject({
  email: z
    .email()
    .max(320)
    .transform((email) => email.toLowerCase()),
  commissionBps: commissionSchema.default(0),
});
export const promoterProgramSchema = z.strictObject({ commissionBps: commissionSchema.default(0) });

export interface PromoterProgram {
  eventId: number;
  joinCode: string;
  commissionBps: number;
}

/** The event's programme (its join code), or null until an organizer opens it. Organizers only. */
export async function programOf(db: Database, actor: Actor, eventId: number): Promise<PromoterProgram | null> {
  await requireEventRole(db, actor, eventId);
  const [program] = await db
    .select({
      eventId: promoterPrograms.eventId,
      joinCode: promoterPrograms.joinCode,
      commissionBps: promoterPrograms.commissionBps,
    })
    .from(promoterPrograms)
    .where(eq(promoterPrograms.eventId, eventId));
  return program ?? null;
}

/** Opens the event's programme (a join code) or changes the rate new joiners get. Organizers only. */
export async function openProgram(
  db: Database,
  actor: Actor,
  eventId: number,
  commissionBps: number,
): Promise<PromoterProgram> {
  await requireEventRole(db, actor, eventId);
  const parsed = commissionSchema.safeParse(commissionBps);
  if (!parsed.success) throw new AppError("invalid", "The commission is not valid.", { commissionBps: "invalid" });
  const rate = parsed.data;
  const [program] = await db
    .insert(promoterPrograms)
    .values({ eventId, joinCode: newReferralCode(), commissionBps: rate })
    .onConflictDoUpdate({ target: promoterPrograms.eventId, set: { commissionBps: rate } })
    .returning({
      eventId: promoterPrograms.eventId,
      joinCode: promoterPrograms.joinCode,
      commissionBps: promoterPrograms.commissionBps,
    });
  return program!;
}

/**
 * Invites an address to promote the event at a rate. A person with an account at that address gets a
 * bell notification, and the e-mail if they left promoter e-mails on; an address without an account
 * gets the e-mail (it has no settings yet). Inviting an address already invited or promoting changes
 * nothing (conflict already_promoter). Organizers only; PROMOTER_INVITATIONS_PER_DAY per person.
 */
export async function invitePromoter(
  db: Database,
  actor: Actor,
  eventId: number,
  input: { email: string; commissionBps: number },
  context: { now: Date; siteUrl: string; language: Language },
): Promise<{ id: number; email: string }> {
  await requireEventRole(db, actor, eventId);
  const parsed = promoterInviteSchema.safeParse(input);
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? "email");
    throw new AppError("invalid", "The invitation is not valid.", { [field]: "invalid" });
  }
  const { email, commissionBps } = parsed.data;
  const throttle = await hit(
    db,
    `promoter-invite:${actor.userId}`,
    PROMOTER_INVITATIONS_PER_DAY,
    24 * 60 * 60,
    context.now,
  );
  if (!throttle.isAllowed)
    throw new AppError("rate_limited", "Too many invitations today.", { email: "too_many_invitations" });
  return db.transaction(async (tx) => {
    const [event] = await tx
      .select({ title: events.title, organizerId: events.organizerId })
      .from(events)
      .where(eq(events.id, eventId));
    const [invitee] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    if (invitee?.id === event!.organizerId) {
      throw new AppError("conflict", "The organizer cannot promote their own event.", { email: "own_event" });
    }
    const taken = await tx
      .select({ id: eventPromoters.id })
      .from(eventPromoters)
      .where(
        and(
          eq(eventPromoters.eventId, eventId),
          invitee
            ? sql`(${eventPromoters.invitedEmail} = ${email} or ${eventPromoters.userId} = ${invitee.id})`
            : eq(eventPromoters.invitedEmail, email),
        ),
      );
    if (taken.length > 0) throw new AppError("conflict", "Already a promoter.", { email: "already_promoter" });
    const [row] = await tx
      .insert(eventPromoters)
      .values({ eventId, invitedEmail: email, code: newReferralCode(), commissionBps, status: "invited" })
      .returning({ id: eventPromoters.id });
    const [inviter] = await tx.select({ name: profiles.name }).from(profiles).where(eq(profiles.userId, actor.userId));
    const link = `${context.siteUrl}/promoters/dashboard`;
    const mail = { eventTitle: event!.title, inviterName: inviter?.name ?? "", link, commissionBps };
    if (invitee) {
      await notify(
        tx,
        [invitee.id],
        { kind: "promoter_invited", data: { eventId, eventTitle: event!.title } },
        context.now,
      );
      for (const recipient of await emailRecipients(tx, [invitee.id], "promoters")) {
        await enqueueJob(tx, SEND_PROMOTER_INVITATION_JOB, {
          ...mail,
          to: recipient.email,
          language: recipient.language,
        });
      }
    } else {
      await enqueueJob(tx, SEND_PROMOTER_INVITATION_JOB, { ...mail, to: email, language: context.language });
    }
    return { id: row!.id, email };
  });
}

/** The invitations waiting for the actor: those to their confirmed address not yet accepted. */
export async function myPromoterInvitations(
  db: Database,
  actor: Actor,
): Promise<{ id: number; eventId: number; eventTitle: string; commissionBps: number }[]> {
  return db
    .select({
      id: eventPromoters.id,
      eventId: eventPromoters.eventId,
      eventTitle: events.title,
      commissionBps: eventPromoters.commissionBps,
    })
    .from(eventPromoters)
    .innerJoin(events, eq(events.id, eventPromoters.eventId))
    .innerJoin(users, sql`lower(${users.email}) = ${eventPromoters.invitedEmail}`)
    .where(
      and(eq(users.id, actor.userId), sql`${users.emailConfirmedAt} is not null`, eq(eventPromoters.status, "invited")),
    )
    .orderBy(asc(eventPromoters.id));
}

/**
 * Accepts an invitation sent to the actor's confirmed address: they become the event's promoter at
 * the invited rate. Anyone else's invitation is not_found. Returns the promoter's link code.
 */
export async function acceptPromoterInvitation(
  db: Database,
  actor: Actor,
  invitationId: number,
  now: Date,
): Promise<{ eventId: number; code: string }> {
  const mine = await myPromoterInvitations(db, actor);
  const invitation = mine.find((entry) => entry.id === invitationId);
  if (!invitation) throw new AppError("not_found", `No invitation ${invitationId} for you.`);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ code: eventPromoters.code })
      .from(eventPromoters)
      .where(and(eq(eventPromoters.eventId, invitation.eventId), eq(eventPromoters.userId, actor.userId)));
    if (existing) {
      // Already promoting (joined with the code meanwhile): the invitation has nothing left to give.
      await tx.delete(eventPromoters).where(eq(eventPromoters.id, invitationId));
      return { eventId: invitation.eventId, code: existing.code };
    }
    const [row] = await tx
      .update(eventPromoters)
      .set({ userId: actor.userId, status: "active", acceptedAt: now })
      .where(and(eq(eventPromoters.id, invitationId), eq(eventPromoters.status, "invited")))
      .returning({ code: eventPromoters.code });
    if (!row) throw new AppError("not_found", `No invitation ${invitationId} for you.`);
    return { eventId: invitation.eventId, code: row.code };
  });
}

/**
 * Joins an event's programme with its join code, at the programme's rate; joining twice gives the same
 * link. An unknown code, or an event no longer listed, is not_found; the event's own organizer is
 * refused (conflict own_event).
 */
export async function applyWithJoinCode(
  db: Database,
  actor: Actor,
  joinCode: string,
  now: Date,
): Promise<{ eventId: number; code: string }> {
  if (!isReferralCode(joinCode)) throw new AppError("not_found", "No such join code.", { code: "unknown_code" });
  const [program] = await db
    .select({
      eventId: promoterPrograms.eventId,
      commissionBps: promoterPrograms.commissionBps,
      organizerId: events.organizerId,
    })
    .from(promoterPrograms)
    .innerJoin(events, eq(events.id, promoterPrograms.eventId))
    .where(and(eq(promoterPrograms.joinCode, joinCode), publicEventCondition()));
  if (!program) throw new AppError("not_found", "No such join code.", { code: "unknown_code" });
  if (program.organizerId === actor.userId) {
    throw new AppError("conflict", "The organizer cannot promote their own event.", { code: "own_event" });
  }
  await db
    .insert(eventPromoters)
    .values({
      eventId: program.eventId,
      userId: actor.userId,
      code: newReferralCode(),
      commissionBps: program.commissionBps,
      status: "active",
      acceptedAt: now,
    })
    .onConflictDoNothing();
  const [row] = await db
    .select({ code: eventPromoters.code })
    .from(eventPromoters)
    .where(and(eq(eventPromoters.eventId, program.eventId), eq(eventPromoters.userId, actor.userId)));
  return { eventId: program.eventId, code: row!.code };
}

/** Counts a click through an active promoter's link, once per visitor, never the promoter's own. */
export async function recordPromoterClick(
  db: Database,
  code: string,
  visitor: { userId: string | null; hash: string },
): Promise<boolean> {
  if (!isReferralCode(code)) return false;
  const [promoter] = await db
    .select({ id: eventPromoters.id, userId: eventPromoters.userId })
    .from(eventPromoters)
    .where(and(eq(eventPromoters.code, code), eq(eventPromoters.status, "active")));
  if (!promoter || promoter.userId === visitor.userId) return false;
  await db.insert(promoterClicks).values({ promoterId: promoter.id, visitorHash: visitor.hash }).onConflictDoNothing();
  return true;
}

/** One promoter's figures on one event. Money in integer cents; commission on ticket revenue. */
export interface PromoterFigures {
  promoterId: number;
  eventId: number;
  eventTitle: string;
  /** The promoter's name, or the invited address while the invitation waits. */
  name: string;
  status: "invited" | "active";
  code: string;
  commissionBps: number;
  clicks: number;
  orders: number;
  tickets: number;
  revenueCents: number;
  commissionCents: number;
}

/** The totals of a list of figures. */
export function totalsOf(rows: readonly PromoterFigures[]) {
  return rows.reduce(
    (sum, row) => ({
      clicks: sum.clicks + row.clicks,
      orders: sum.orders + row.orders,
      tickets: sum.tickets + row.tickets,
      revenueCents: sum.revenueCents + row.revenueCents,
      commissionCents: sum.commissionCents + row.commissionCents,
    }),
    { clicks: 0, orders: 0, tickets: 0, revenueCents: 0, commissionCents: 0 },
  );
}

const figureColumns = {
  promoterId: eventPromoters.id,
  eventId: eventPromoters.eventId,
  eventTitle: events.title,
  name: sql<string>`coalesce(${profiles.name}, ${eventPromoters.invitedEmail}, '')`,
  status: eventPromoters.status,
  code: eventPromoters.code,
  commissionBps: eventPromoters.commissionBps,
  clicks: sql<number>`(select count(*) from ${promoterClicks} where ${promoterClicks.promoterId} = ${eventPromoters.id})::int`,
  // Confirmed orders only; the commission is each order's, rounded down to the cent, then summed.
  orders: sql<number>`(select count(*) from order_attributions oa join orders o on o.id = oa.order_id
    where oa.promoter_id = ${eventPromoters.id} and o.status = 'confirmed')::int`,
  tickets: sql<number>`(select coalesce(sum(i.quantity), 0) from order_attributions oa join orders o on o.id = oa.order_id
    join order_items i on i.order_id = o.id where oa.promoter_id = ${eventPromoters.id} and o.status = 'confirmed')::int`,
  revenueCents: sql<number>`(select coalesce(sum(o.total_cents), 0) from order_attributions oa join orders o on o.id = oa.order_id
    where oa.promoter_id = ${eventPromoters.id} and o.status = 'confirmed')::int`,
  commissionCents: sql<number>`(select coalesce(sum(floor(o.total_cents::bigint * oa.commission_bps / 10000)), 0)
    from order_attributions oa join orders o on o.id = oa.order_id
    where oa.promoter_id = ${eventPromoters.id} and o.status = 'confirmed')::int`,
};

/** Every promoter of the event with their figures, for its organizers (not_found for anyone else). */
export async function eventPromoterFigures(db: Database, actor: Actor, eventId: number): Promise<PromoterFigures[]> {
  await requireEventRole(db, actor, eventId);
  return db
    .select(figureColumns)
    .from(eventPromoters)
    .innerJoin(events, eq(events.id, eventPromoters.eventId))
    .leftJoin(profiles, eq(profiles.userId, eventPromoters.userId))
    .where(eq(eventPromoters.eventId, eventId))
    .orderBy(asc(eventPromoters.id));
}

/** The actor's own promoter links, one per event, with their figures. */
export async function myPromoterFigures(db: Database, actor: Actor): Promise<PromoterFigures[]> {
  return db
    .select(figureColumns)
    .from(eventPromoters)
    .innerJoin(events, eq(events.id, eventPromoters.eventId))
    .leftJoin(profiles, eq(profiles.userId, eventPromoters.userId))
    .where(and(eq(eventPromoters.userId, actor.userId), eq(eventPromoters.status, "active")))
    .orderBy(desc(events.startsAt));
}

/** Whether the actor chose to be named among the month's top promoters. */
export async function isListedPromoter(db: Database, actor: Actor): Promise<boolean> {
  const [row] = await db
    .select({ userId: promoterListings.userId })
    .from(promoterListings)
    .where(eq(promoterListings.userId, actor.userId));
  return Boolean(row);
}

export async function setPromoterListing(db: Database, actor: Actor, listed: boolean): Promise<void> {
  if (listed) await db.insert(promoterListings).values({ userId: actor.userId }).onConflictDoNothing();
  else await db.delete(promoterListings).where(eq(promoterListings.userId, actor.userId));
}

export interface TopPromoter {
  userId: string;
  name: string;
  tickets: number;
}

/**
 * The month's top promoters on /promoters: only people who chose to be listed, by tickets of confirmed
 * orders placed this calendar month (UTC) through their links to publicly listed events.
 */
export async function topPromotersOfMonth(db: Database, now: Date, limit = 10): Promise<TopPromoter[]> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const tickets = sql<number>`sum((select sum(i.quantity) from order_items i where i.order_id = ${orders.id}))::int`;
  return db
    .select({ userId: promoterListings.userId, name: profiles.name, tickets })
    .from(promoterListings)
    .innerJoin(profiles, eq(profiles.userId, promoterListings.userId))
    .innerJoin(eventPromoters, eq(eventPromoters.userId, promoterListings.userId))
    .innerJoin(events, eq(events.id, eventPromoters.eventId))
    .innerJoin(orderAttributions, eq(orderAttributions.promoterId, eventPromoters.id))
    .innerJoin(orders, eq(orders.id, orderAttributions.orderId))
    .where(and(eq(orders.status, "confirmed"), gte(orders.createdAt, monthStart), publicEventCondition()))
    .groupBy(promoterListings.userId, profiles.name)
    .orderBy(desc(tickets), asc(profiles.name))
    .limit(limit);
}

/** Everything the event's promoters page shows: the event, its programme, its promoters and totals. */
export async function eventPromotersOverview(db: Database, actor: Actor, eventId: number) {
  const [program, rows] = [await programOf(db, actor, eventId), await eventPromoterFigures(db, actor, eventId)];
  const [event] = await db.select({ id: events.id, title: events.title }).from(events).where(eq(events.id, eventId));
  return { event: event!, program, rows, totals: totalsOf(rows) };
}
