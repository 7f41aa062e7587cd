import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { parseEmailAddress } from "#domain/email-address";
import type { Language } from "#domain/language";
import { hit } from "#server/auth/throttle";
import { hashToken, isUuid, isWellFormedToken, randomToken } from "#server/auth/secrets";
import type { Database } from "#server/db/client";
import { events, orders, ticketLookupLinks, tickets, ticketTypes, venues } from "#server/db/schema";
import { AppError } from "#server/errors";
import { enqueueJob } from "#server/services/enqueue-job";
import { enqueueEmail } from "#server/services/outbox";
import { issueOrderAccessToken } from "./order-access";

/**
 * Find My Ticket's limits, counted whether or not the address has orders, before anything is looked
 * up. Per address: a few a hour, so nobody can fill a stranger's inbox; per client: more, since many
 * people may share one address (an office, a venue's wifi), yet too few to try addresses in bulk.
 */
export const TICKET_LOOKUP_LIMITS = {
  perAddress: { limit: 3, windowSeconds: 3600 },
  perClient: { limit: 20, windowSeconds: 3600 },
} as const;
/** How long an e-mailed link may be opened, once. */
export const TICKET_LOOKUP_LINK_MS = 24 * 60 * 60_000;
/** How long the page stays open in the browser the link was opened in (its cookie's life). */
export const TICKET_LOOKUP_ACCESS_MS = 60 * 60_000;
/** The job that looks the address up and e-mails the link (see requestTicketLookup for why a job). */
export const SEND_TICKET_LOOKUP_JOB = "send_ticket_lookup";

/** The problem word a malformed address gets, shared with the order form's (domain/order.ts). */
export const TICKET_LOOKUP_EMAIL_INVALID = "email_invalid";

export const ticketLookupInputSchema = z.object({
  email: z
    .string()
    .trim()
    .transform((value, context) => {
      const parsed = parseEmailAddress(value);
      if (parsed.ok) return parsed.email;
      context.addIssue({ code: "custom", message: TICKET_LOOKUP_EMAIL_INVALID });
      return z.NEVER;
    }),
});

export interface TicketLookupRequest {
  /** The client's address, for its limit. */
  ip: string;
  now: Date;
  /** The language of the e-mail. */
  language: Language;
}

/**
 * Someone asks for the tickets ordered with an address. The answer is the same whatever happens, so
 * nobody learns whether an address has orders (only a malformed address is refused, which says
 * nothing about anyone): the caller says "if this address has orders, we've e-mailed a link".
 *
 * Over a limit, the request is answered the same and simply not acted on. Answering 429 instead would
 * say nothing about the address either (limits count every address alike), but it would tell someone
 * trying addresses in bulk exactly when to slow down; and the person who really has tickets gets an
 * answer that already says to check their inbox and try again later.
 *
 * The lookup itself runs in the jobs worker (SEND_TICKET_LOOKUP_JOB): the request does the same work
 * for every address (two counters and one queued job), so not even its time tells whether orders exist.
 */
export async function requestTicketLookup(db: Database, input: unknown, request: TicketLookupRequest): Promise<void> {
  const parsed = ticketLookupInputSchema.safeParse(input);
  if (!parsed.success)
    throw new AppError("invalid", "Enter a valid e-mail address.", { email: TICKET_LOOKUP_EMAIL_INVALID });
  const { email } = parsed.data;
  const { perAddress, perClient } = TICKET_LOOKUP_LIMITS;
  const client = await hit(db, `ticket-lookup:ip:${request.ip}`, perClient.limit, perClient.windowSeconds, request.now);
  const address = await hit(
    db,
    `ticket-lookup:address:${email}`,
    perAddress.limit,
    perAddress.windowSeconds,
    request.now,
  );
  if (!client.isAllowed || !address.isAllowed) return;
  await enqueueJob(db, SEND_TICKET_LOOKUP_JOB, { email, language: request.language });
}

const lookupJobSchema = z.object({ email: z.string().min(3).max(320), language: z.enum(["en", "fr", "ar", "am"]) });

/**
 * The lookup job: when the address has a confirmed order, its unused links are deleted, a new one is
 * stored (its hash) for 24 hours, and the link is e-mailed in the language asked in; otherwise nothing
 * happens. One transaction, so a link exists only if its e-mail is queued.
 */
export async function runTicketLookupJob(db: Database, payload: unknown, now: Date, siteUrl: string): Promise<void> {
  const { email, language } = lookupJobSchema.parse(payload);
  await db.transaction(async (tx) => {
    const [confirmed] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(sql`lower(${orders.buyerEmail}) = ${email}`, eq(orders.status, "confirmed")))
      .limit(1);
    if (!confirmed) return;
    // Only unused links: a used one is the pass of a page open now (openTicketLookup).
    await tx.delete(ticketLookupLinks).where(and(eq(ticketLookupLinks.email, email), isNull(ticketLookupLinks.usedAt)));
    const token = randomToken();
    await tx.insert(ticketLookupLinks).values({
      email,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + TICKET_LOOKUP_LINK_MS),
      createdAt: now,
    });
    await enqueueEmail(tx, {
      kind: "ticket_lookup",
      to: email,
      language,
      link: `${siteUrl}/find-my-ticket/open?token=${encodeURIComponent(token)}`,
    });
  });
}

/** A ticket as the lookup page and My Tickets show it. */
export interface LookedUpTicket {
  code: string;
  ticketTypeName: string;
  status: "valid" | "void";
  checkedInAt: Date | null;
}

/** An order of the address, with its event and tickets; cancelled and refunded ones say so. */
export interface LookedUpOrder {
  id: string;
  status: "confirmed" | "cancelled" | "refunded";
  createdAt: Date;
  totalCents: number;
  event: { id: number; title: string; startsAt: Date; endsAt: Date; timeZone: string; venueName: string };
  tickets: LookedUpTicket[];
}

export interface OpenedTicketLookup {
  /** The page's pass for the next hour: the browser keeps it in an HttpOnly cookie. */
  accessToken: string;
  accessExpiresAt: Date;
  orders: LookedUpOrder[];
}

/**
 * Spends an e-mailed link: null when it is unknown, already used or past its 24 hours. Spending it
 * turns its row into the page's pass: `used_at` marks the link spent, and the row's hash and expiry
 * become those of a second random token, valid an hour, that the page keeps in a cookie. So no new
 * table is needed, the link cannot be used twice (its hash is gone), and a new link for the address
 * (which deletes only unused rows) does not close a page already open. One statement, so two clicks
 * at once spend it once.
 */
export async function openTicketLookup(db: Database, token: unknown, now: Date): Promise<OpenedTicketLookup | null> {
  if (!isWellFormedToken(token)) return null;
  const accessToken = randomToken();
  const accessExpiresAt = new Date(now.getTime() + TICKET_LOOKUP_ACCESS_MS);
  const [spent] = await db
    .update(ticketLookupLinks)
    .set({ usedAt: now, tokenHash: hashToken(accessToken), expiresAt: accessExpiresAt })
    .where(
      and(
        eq(ticketLookupLinks.tokenHash, hashToken(token)),
        isNull(ticketLookupLinks.usedAt),
        gt(ticketLookupLinks.expiresAt, now),
      ),
    )
    .returning({ email: ticketLookupLinks.email });
  if (!spent) return null;
  return { accessToken, accessExpiresAt, orders: await listOrdersOfAddress(db, spent.email) };
}

/** The address a page's pass (from openTicketLookup) opens, while it lasts; null otherwise. */
export async function ticketLookupAddress(db: Database, accessToken: unknown, now: Date): Promise<string | null> {
  if (!isWellFormedToken(accessToken)) return null;
  const [row] = await db
    .select({ email: ticketLookupLinks.email })
    .from(ticketLookupLinks)
    .where(
      and(
        eq(ticketLookupLinks.tokenHash, hashToken(accessToken)),
        isNotNull(ticketLookupLinks.usedAt),
        gt(ticketLookupLinks.expiresAt, now),
      ),
    );
  return row?.email ?? null;
}

/** The orders a page's pass opens, as openTicketLookup listed them; null once the pass is over or unknown. */
export async function showLookedUpOrders(
  db: Database,
  accessToken: unknown,
  now: Date,
): Promise<LookedUpOrder[] | null> {
  const email = await ticketLookupAddress(db, accessToken, now);
  return email === null ? null : listOrdersOfAddress(db, email);
}

/**
 * A fresh access token for one of the pass's orders, for a link to its page; null when the pass is
 * over or the order is not one of its address's.
 */
export async function openLookedUpOrder(
  db: Database,
  accessToken: unknown,
  orderId: unknown,
  now: Date,
): Promise<string | null> {
  if (!isUuid(orderId)) return null;
  const email = await ticketLookupAddress(db, accessToken, now);
  if (email === null) return null;
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(eq(orders.id, orderId), sql`lower(${orders.buyerEmail}) = ${email}`, sql`${orders.status} <> 'pending'`),
    );
  return order ? issueOrderAccessToken(db, order.id) : null;
}

/** Every completed order of `email` (confirmed, cancelled or refunded), latest events first, with tickets. */
async function listOrdersOfAddress(db: Database, email: string): Promise<LookedUpOrder[]> {
  const rows = await db
    .select({
      id: orders.id,
      status: orders.status,
      createdAt: orders.createdAt,
      totalCents: orders.totalCents,
      event: {
        id: events.id,
        title: events.title,
        startsAt: events.startsAt,
        endsAt: events.endsAt,
        timeZone: events.timeZone,
        venueName: venues.name,
      },
    })
    .from(orders)
    .innerJoin(events, eq(events.id, orders.eventId))
    .innerJoin(venues, eq(venues.id, events.venueId))
    .where(and(sql`lower(${orders.buyerEmail}) = ${email}`, sql`${orders.status} <> 'pending'`))
    .orderBy(desc(events.startsAt), desc(orders.createdAt));
  const ticketsByOrder = await ticketsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    ...row,
    status: row.status as LookedUpOrder["status"],
    tickets: ticketsByOrder.get(row.id) ?? [],
  }));
}

/** The tickets of these orders, by order, in the order they were issued. */
export async function ticketsOf(db: Database, orderIds: readonly string[]): Promise<Map<string, LookedUpTicket[]>> {
  const byOrder = new Map<string, LookedUpTicket[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      orderId: tickets.orderId,
      code: tickets.code,
      ticketTypeName: ticketTypes.name,
      status: tickets.status,
      checkedInAt: tickets.checkedInAt,
    })
    .from(tickets)
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .where(inArray(tickets.orderId, [...orderIds]))
    .orderBy(asc(tickets.createdAt), asc(tickets.code));
  for (const { orderId, ...ticket } of rows) {
    const list = byOrder.get(orderId) ?? [];
    list.push(ticket);
    byOrder.set(orderId, list);
  }
  return byOrder;
}
