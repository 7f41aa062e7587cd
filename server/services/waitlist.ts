import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { z } from "zod";
import type { Language } from "#domain/language";
import { WAITLIST_OFFER_HOURS } from "#domain/order";
import { WAITLIST_PROBLEMS, type WaitlistEntryStatus, type WaitlistJoinInput } from "#domain/waitlist";
import { hashToken, isWellFormedToken, randomToken } from "#server/auth/secrets";
import { hit } from "#server/auth/throttle";
import type { Database } from "#server/db/client";
import { events, orderItems, orders, ticketTypes, users, waitlistEntries } from "#server/db/schema";
import { AppError } from "#server/errors";
import { enqueueJob } from "#server/services/enqueue-job";
import { enqueueOrderEmail } from "#server/services/order-emails";
import { SEND_WAITLIST_CONFIRMATION_JOB } from "#server/services/email-jobs";
import type { Actor } from "./actor";
import { issueOrderAccessToken } from "./order-access";
import { recordChange } from "./order-changes";
import { RELEASE_ORDER_HOLD_JOB } from "./order-jobs";

const OFFER_HOLD_MS = WAITLIST_OFFER_HOURS * 60 * 60 * 1000;

/**
 * Joining costs a row and, unless the person is signed in with the address, a confirmation e-mail to
 * it: enough for any person, too few to fill a stranger's inbox or the table with rows.
 */
export const WAITLIST_LIMITS = {
  /** Joins per client address: a shared network may hold many people. */
  joinsPerClient: { limit: 10, windowSeconds: 60 * 60 },
  /** Joins naming one e-mail address, whatever the client: each may e-mail it. */
  joinsPerAddress: { limit: 3, windowSeconds: 60 * 60 },
} as const;

/** How long an unconfirmed place waits for its address to be confirmed before it lapses. */
export const WAITLIST_CONFIRM_HOURS = 24;

/** Any fixed number: with the ticket type's id, it serializes the offers of one ticket type (see offerReleasedTickets). */
const OFFER_LOCK_NAMESPACE = 727_005;

export interface WaitlistEntry {
  id: number;
  eventId: number;
  ticketTypeId: number;
  name: string;
  email: string;
  status: WaitlistEntryStatus;
  /** Place in line among those still waiting (1 = next), while waiting; otherwise null. */
  position: number | null;
  offerOrderId: string | null;
  offeredAt: Date | null;
  /** Whether the address was confirmed: only confirmed places are in line for offers. */
  isConfirmed: boolean;
  createdAt: Date;
}

/** One of a person's waitlist places, with what a page needs to show it. */
export interface MyWaitlistEntry extends WaitlistEntry {
  eventTitle: string;
  eventStartsAt: Date;
  timeZone: string;
  ticketTypeName: string;
  /** While offered: when the held ticket goes back. */
  offerExpiresAt: Date | null;
}

/**
 * Puts a person in line for a sold-out ticket type of a published event that has not ended. One
 * place per address and ticket type (the partial unique index `waitlist_entries_active_key` decides,
 * so two joins at once cannot both succeed). A signed-in person's place is also theirs by account.
 *
 * The address must be confirmed before the place is offered anything (issue 16: anyone could put any
 * address in line and have a ticket held for it): joining signed in with that address confirms it at
 * once; otherwise a link is e-mailed to it, valid WAITLIST_CONFIRM_HOURS, after which the place lapses.
 * Joining again with an unconfirmed address sends a new link rather than refusing.
 *
 * Errors: rate_limited (fields.email too_many_attempts); not_found (fields.ticketTypeId not_found);
 * invalid (fields.eventId event_ended); conflict (fields.ticketTypeId tickets_available, or
 * fields.email already_waiting).
 */
export async function joinWaitlist(
  db: Database,
  actor: Actor | null,
  input: WaitlistJoinInput,
  context: { now: Date; language: Language; clientAddress: string; siteUrl: string },
): Promise<WaitlistEntry> {
  const { now } = context;
  // Counted before anything is looked up, so the limits also bound probing which types are sold out.
  const byClient = await hit(
    db,
    `waitlist:ip:${context.clientAddress}`,
    WAITLIST_LIMITS.joinsPerClient.limit,
    WAITLIST_LIMITS.joinsPerClient.windowSeconds,
    now,
  );
  const byAddress = await hit(
    db,
    `waitlist:email:${input.email}`,
    WAITLIST_LIMITS.joinsPerAddress.limit,
    WAITLIST_LIMITS.joinsPerAddress.windowSeconds,
    now,
  );
  if (!byClient.isAllowed || !byAddress.isAllowed) {
    throw new AppError("rate_limited", "Too many waitlist joins; try again later.", {
      email: WAITLIST_PROBLEMS.tooManyAttempts,
    });
  }

  return db.transaction(async (tx) => {
    const [ticketType] = await tx
      .select({
        quantity: ticketTypes.quantity,
        sold: ticketTypes.sold,
        eventStatus: events.status,
        eventHiddenAt: events.hiddenAt,
        endsAt: events.endsAt,
      })
      .from(ticketTypes)
      .innerJoin(events, eq(events.id, ticketTypes.eventId))
      .where(and(eq(ticketTypes.id, input.ticketTypeId), eq(ticketTypes.eventId, input.eventId)));
    if (!ticketType || ticketType.eventStatus === "draft" || ticketType.eventHiddenAt !== null) {
      throw new AppError("not_found", "No such ticket type at that event.", {
        ticketTypeId: WAITLIST_PROBLEMS.notFound,
      });
    }
    if (ticketType.eventStatus === "cancelled" || ticketType.endsAt.getTime() <= now.getTime()) {
      throw new AppError("invalid", "The event has ended or was cancelled.", { eventId: WAITLIST_PROBLEMS.eventEnded });
    }
    // Read here only to answer; the line is served by the offer job, which reserves with the conditional update.
    if (ticketType.sold < ticketType.quantity) {
      throw new AppError("conflict", "This ticket type still has tickets: order them instead.", {
        ticketTypeId: WAITLIST_PROBLEMS.ticketsAvailable,
      });
    }
    // An offer bought or lapsed since the last offer run no longer holds this address's place, nor
    // does a place whose address was not confirmed in time.
    await settleOffers(tx, input.ticketTypeId);
    await tx
      .update(waitlistEntries)
      .set({ status: "expired", confirmTokenHash: null })
      .where(
        and(
          eq(waitlistEntries.ticketTypeId, input.ticketTypeId),
          eq(waitlistEntries.status, "waiting"),
          isNull(waitlistEntries.confirmedAt),
          lte(waitlistEntries.confirmExpiresAt, now),
        ),
      );
    const isConfirmedByAccount = actor !== null && (await hasConfirmedAddress(tx, actor, input.email));
    const token = isConfirmedByAccount ? null : randomToken();
    const confirmation = {
      confirmedAt: isConfirmedByAccount ? now : null,
      confirmTokenHash: token && hashToken(token),
      confirmExpiresAt: token ? new Date(now.getTime() + WAITLIST_CONFIRM_HOURS * 60 * 60 * 1000) : null,
    };
    const [inserted] = await tx
      .insert(waitlistEntries)
      .values({
        eventId: input.eventId,
        ticketTypeId: input.ticketTypeId,
        name: input.name,
        email: input.email,
        language: context.language,
        userId: actor?.userId ?? null,
        createdAt: now,
        ...confirmation,
      })
      // Only the partial unique index can conflict: the address already has a place in this line.
      .onConflictDoNothing()
      .returning();
    // A place whose address is still unconfirmed is taken over by this join: a new link, the latest name.
    const entry =
      inserted ??
      (
        await tx
          .update(waitlistEntries)
          .set({ name: input.name, language: context.language, userId: actor?.userId ?? null, ...confirmation })
          .where(
            and(
              eq(waitlistEntries.ticketTypeId, input.ticketTypeId),
              sql`lower(${waitlistEntries.email}) = ${input.email.toLowerCase()}`,
              eq(waitlistEntries.status, "waiting"),
              isNull(waitlistEntries.confirmedAt),
            ),
          )
          .returning()
      )[0];
    if (!entry) {
      throw new AppError("conflict", "This address is already on the waitlist for this ticket type.", {
        email: WAITLIST_PROBLEMS.alreadyWaiting,
      });
    }
    if (token) {
      const [names] = await tx
        .select({ eventTitle: events.title, ticketTypeName: ticketTypes.name })
        .from(ticketTypes)
        .innerJoin(events, eq(events.id, ticketTypes.eventId))
        .where(eq(ticketTypes.id, input.ticketTypeId));
      await enqueueJob(tx, SEND_WAITLIST_CONFIRMATION_JOB, {
        to: input.email,
        language: context.language,
        link: `${context.siteUrl}/waitlist?confirm=${token}`,
        eventTitle: names!.eventTitle,
        ticketTypeName: names!.ticketTypeName,
      });
    }
    return { ...entryOf(entry), position: await positionOf(tx, entry) };
  });
}

/**
 * Confirms the waitlist address a link's token names: the place joins the line for offers. "invalid"
 * for an unknown, used or lapsed link.
 */
export async function confirmWaitlistEntry(db: Database, token: unknown, now: Date): Promise<"done" | "invalid"> {
  if (!isWellFormedToken(token)) return "invalid";
  const [confirmed] = await db
    .update(waitlistEntries)
    .set({ confirmedAt: now, confirmTokenHash: null })
    .where(
      and(
        eq(waitlistEntries.confirmTokenHash, hashToken(token)),
        eq(waitlistEntries.status, "waiting"),
        isNull(waitlistEntries.confirmedAt),
        gt(waitlistEntries.confirmExpiresAt, now),
      ),
    )
    .returning({ id: waitlistEntries.id });
  return confirmed ? "done" : "invalid";
}

/** Whether `email` is the actor's own confirmed address. */
async function hasConfirmedAddress(db: Pick<Database, "select">, actor: Actor, email: string): Promise<boolean> {
  const [user] = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.id, actor.userId), isNotNull(users.emailConfirmedAt)));
  return user?.email.toLowerCase() === email.toLowerCase();
}

/**
 * joinWaitlist for a ticket type named by its id alone (the API's `/ticket-types/{id}/waitlist`):
 * its event is the one it belongs to. An unknown id is not_found, as in joinWaitlist.
 */
export async function joinTicketTypeWaitlist(
  db: Database,
  actor: Actor | null,
  input: Omit<WaitlistJoinInput, "eventId">,
  context: { now: Date; language: Language; clientAddress: string; siteUrl: string },
): Promise<WaitlistEntry> {
  const [ticketType] = await db
    .select({ eventId: ticketTypes.eventId })
    .from(ticketTypes)
    .where(eq(ticketTypes.id, input.ticketTypeId));
  // An unknown type still counts against the limits, as any join does, before it is refused.
  return joinWaitlist(db, actor, { ...input, eventId: ticketType?.eventId ?? 0 }, context);
}

/**
 * The waitlist places of the signed-in person: joined while signed in, or under their account's
 * confirmed e-mail address. Newest first, at most 100.
 */
export async function listMyWaitlistEntries(db: Database, actor: Actor): Promise<MyWaitlistEntry[]> {
  const rows = await db
    .select({
      entry: waitlistEntries,
      eventTitle: events.title,
      eventStartsAt: events.startsAt,
      timeZone: events.timeZone,
      ticketTypeName: ticketTypes.name,
      offerExpiresAt: orders.holdExpiresAt,
      offerOrderStatus: orders.status,
    })
    .from(waitlistEntries)
    .innerJoin(events, eq(events.id, waitlistEntries.eventId))
    .innerJoin(ticketTypes, eq(ticketTypes.id, waitlistEntries.ticketTypeId))
    .leftJoin(orders, eq(orders.id, waitlistEntries.offerOrderId))
    .where(ownedBy(actor))
    .orderBy(sql`${waitlistEntries.id} desc`)
    .limit(100);
  return Promise.all(
    rows.map(async (row) => {
      // An offer whose order has moved on shows its outcome before the next offer run records it.
      const status = settledStatus(row.entry.status, row.offerOrderStatus);
      return {
        ...entryOf(row.entry),
        status,
        position: status === "waiting" ? await positionOf(db, row.entry) : null,
        eventTitle: row.eventTitle,
        eventStartsAt: row.eventStartsAt,
        timeZone: row.timeZone,
        ticketTypeName: row.ticketTypeName,
        offerExpiresAt: status === "offered" ? row.offerExpiresAt : null,
      };
    }),
  );
}

/**
 * Takes the signed-in person's place out of line. Only while waiting: an offer already holds a ticket
 * in an order of its own, which its buyer cancels (or lets expire) on the order's page. A place that
 * is not theirs, or no longer waiting, is not_found: nobody learns who else waits.
 */
export async function leaveWaitlist(db: Database, actor: Actor, entryId: number): Promise<WaitlistEntry> {
  const [entry] = await db
    .update(waitlistEntries)
    .set({ status: "left" })
    .where(and(eq(waitlistEntries.id, entryId), eq(waitlistEntries.status, "waiting"), ownedBy(actor)))
    .returning();
  if (!entry) throw new AppError("not_found", "No waitlist place of yours with that id is waiting.");
  return { ...entryOf(entry), position: null };
}

/**
 * Offers the freed tickets of a ticket type to the people waiting for it, one ticket per person, in
 * the order they joined, while tickets are left. Each offer is a pending order holding one ticket for
 * WAITLIST_OFFER_HOURS (never past the event's end), reserved with the same conditional update as any
 * order; its buyer gets an e-mail with a link (a fresh access token) to pay for it, or, for a free
 * ticket, to confirm it. When the hold ends unpaid, the order's release queues this job again and the
 * next person is offered the ticket.
 *
 * Offers of one ticket type are serialized by an advisory lock, so two runs at once cannot offer a
 * later person before an earlier one. Runs as the OFFER_RELEASED_TICKETS_JOB handler; safe to repeat.
 */
export async function offerReleasedTickets(
  db: Database,
  ticketTypeId: number,
  now: Date,
  siteUrl: string,
): Promise<{ offered: number }> {
  await settleOffers(db, ticketTypeId);
  let offered = 0;
  // Each offer is its own transaction: an offer made stays made if a later one fails.
  while (await offerOneTicket(db, ticketTypeId, now, siteUrl)) offered += 1;
  return { offered };
}

async function offerOneTicket(db: Database, ticketTypeId: number, now: Date, siteUrl: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${OFFER_LOCK_NAMESPACE}, ${ticketTypeId})`);
    const [next] = await tx
      .select()
      .from(waitlistEntries)
      .where(
        and(
          eq(waitlistEntries.ticketTypeId, ticketTypeId),
          eq(waitlistEntries.status, "waiting"),
          // Only a confirmed address is offered a ticket: nothing is held for an address nobody answers at.
          isNotNull(waitlistEntries.confirmedAt),
        ),
      )
      .orderBy(asc(waitlistEntries.id))
      .limit(1);
    if (!next) return false;
    const [event] = await tx
      .select({ status: events.status, hiddenAt: events.hiddenAt, endsAt: events.endsAt })
      .from(events)
      .where(eq(events.id, next.eventId));
    // Nothing to offer for an event that is over or off sale; the people stay listed as they were.
    if (!event || event.status !== "published" || event.hiddenAt !== null || event.endsAt.getTime() <= now.getTime())
      return false;
    const [reserved] = await tx
      .update(ticketTypes)
      .set({ sold: sql`${ticketTypes.sold} + 1` })
      .where(
        and(
          eq(ticketTypes.id, ticketTypeId),
          eq(ticketTypes.eventId, next.eventId),
          sql`${ticketTypes.sold} + 1 <= ${ticketTypes.quantity}`,
        ),
      )
      .returning({ priceCents: ticketTypes.priceCents });
    if (!reserved) return false;

    const holdExpiresAt = new Date(Math.min(now.getTime() + OFFER_HOLD_MS, event.endsAt.getTime()));
    // The rows placeOrder (orders.ts) writes for a pending order, here for the one ticket offered.
    const [order] = await tx
      .insert(orders)
      .values({
        eventId: next.eventId,
        userId: next.userId,
        buyerName: next.name,
        buyerEmail: next.email,
        language: next.language,
        status: "pending",
        totalCents: reserved.priceCents,
        holdExpiresAt,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: orders.id });
    const orderId = order!.id;
    await tx.insert(orderItems).values({ orderId, ticketTypeId, quantity: 1, unitPriceCents: reserved.priceCents });
    await recordChange(tx, orderId, "pending", "waitlist_offer", null, now);
    await tx
      .update(waitlistEntries)
      .set({ status: "offered", offerOrderId: orderId, offeredAt: now })
      .where(eq(waitlistEntries.id, next.id));
    const token = await issueOrderAccessToken(tx, orderId);
    const key = encodeURIComponent(token);
    const link =
      reserved.priceCents > 0
        ? `${siteUrl}/orders/${orderId}/pay?key=${key}`
        : `${siteUrl}/orders/${orderId}?key=${key}`;
    await enqueueOrderEmail(tx, { kind: "waitlist_offer", orderId, link });
    await enqueueJob(tx, RELEASE_ORDER_HOLD_JOB, { orderId }, holdExpiresAt);
    return true;
  });
}

/**
 * Brings offered places up to date with their orders: confirmed ⇒ purchased; cancelled or refunded
 * (the hold ended, or the buyer declined) ⇒ expired. Of one ticket type, or of all when null.
 */
export async function settleOffers(db: Pick<Database, "update">, ticketTypeId: number | null): Promise<void> {
  const offered = and(
    eq(waitlistEntries.status, "offered"),
    ticketTypeId === null ? undefined : eq(waitlistEntries.ticketTypeId, ticketTypeId),
  );
  await db
    .update(waitlistEntries)
    .set({
      status: sql`case when ${orders.status} = 'confirmed' then 'purchased' else 'expired' end`,
    })
    .from(orders)
    .where(
      and(
        offered,
        eq(orders.id, waitlistEntries.offerOrderId),
        inArray(orders.status, ["confirmed", "cancelled", "refunded"]),
      ),
    );
}

/** An entry's status once its offer's order is settled (the rule settleOffers writes). */
function settledStatus(status: WaitlistEntryStatus, orderStatus: string | null): WaitlistEntryStatus {
  if (status !== "offered" || orderStatus === null || orderStatus === "pending") return status;
  return orderStatus === "confirmed" ? "purchased" : "expired";
}

/** The job's payload, checked again: jobs outlive code versions. */
const offerJobPayloadSchema = z.object({ ticketTypeId: z.number().int().positive() });

/** The OFFER_RELEASED_TICKETS_JOB handler's body (registered in server/jobs/job-handlers.ts). */
export async function runOfferReleasedTicketsJob(
  db: Database,
  payload: unknown,
  now: Date,
  siteUrl: string,
): Promise<void> {
  const { ticketTypeId } = offerJobPayloadSchema.parse(payload);
  await offerReleasedTickets(db, ticketTypeId, now, siteUrl);
}

/** Whether an entry is the actor's: joined while signed in as them, or under their confirmed address. */
function ownedBy(actor: Actor) {
  return or(
    eq(waitlistEntries.userId, actor.userId),
    sql`lower(${waitlistEntries.email}) = (select lower(u.email) from ${users} u
      where u.id = ${actor.userId} and u.email_confirmed_at is not null)`,
  );
}

/** Place in line among confirmed places still waiting; none before the address is confirmed. */
async function positionOf(
  db: Pick<Database, "select">,
  entry: { id: number; ticketTypeId: number; status: string; confirmedAt: Date | null },
): Promise<number | null> {
  if (entry.status !== "waiting" || entry.confirmedAt === null) return null;
  const [row] = await db
    .select({ ahead: sql<number>`count(*)::int` })
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.ticketTypeId, entry.ticketTypeId),
        eq(waitlistEntries.status, "waiting"),
        isNotNull(waitlistEntries.confirmedAt),
        sql`${waitlistEntries.id} <= ${entry.id}`,
      ),
    );
  return Number(row?.ahead ?? 1);
}

function entryOf(row: typeof waitlistEntries.$inferSelect): Omit<WaitlistEntry, "position"> {
  return {
    id: row.id,
    eventId: row.eventId,
    ticketTypeId: row.ticketTypeId,
    name: row.name,
    email: row.email,
    status: row.status,
    offerOrderId: row.offerOrderId,
    offeredAt: row.offeredAt,
    isConfirmed: row.confirmedAt !== null,
    createdAt: row.createdAt,
  };
}
