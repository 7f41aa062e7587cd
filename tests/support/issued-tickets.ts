import { randomInt } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { TICKET_CODE_ALPHABET, TICKET_CODE_LENGTH } from "#domain/ticket-code";
import type { Database } from "#server/db/client";
import { orders, tickets, ticketTypes } from "#server/db/schema";
import type { EventWithTicketTypes } from "./ticket-factories";

/** A random well-formed ticket code, as issuing makes them. */
export function newTicketCode(): string {
  let code = "";
  for (let i = 0; i < TICKET_CODE_LENGTH; i++) code += TICKET_CODE_ALPHABET[randomInt(TICKET_CODE_ALPHABET.length)];
  return code;
}

/**
 * A confirmed order of `count` tickets of one type of `event`, written directly as confirming an
 * order leaves it (tickets issued, the type's sold counter moved), for tests of what happens to
 * tickets afterwards: check-in, lookups. Returns the order and its tickets' codes.
 */
export async function insertOrderWithTickets(
  db: Database,
  event: Pick<EventWithTicketTypes, "eventId" | "ticketTypeIds">,
  options: { buyerName?: string; buyerEmail?: string; ticketTypeIndex?: number; count?: number; userId?: string } = {},
): Promise<{ orderId: string; codes: string[] }> {
  const ticketTypeId = event.ticketTypeIds[options.ticketTypeIndex ?? 0]!;
  const count = options.count ?? 1;
  return db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        eventId: event.eventId,
        userId: options.userId ?? null,
        buyerName: options.buyerName ?? "Test Buyer",
        buyerEmail: options.buyerEmail ?? "test.buyer@example.com",
        status: "confirmed",
        totalCents: 0,
      })
      .returning({ id: orders.id });
    const codes = Array.from({ length: count }, newTicketCode);
    await tx
      .insert(tickets)
      .values(codes.map((code) => ({ orderId: order!.id, ticketTypeId, eventId: event.eventId, code })));
    await tx
      .update(ticketTypes)
      .set({ sold: sql`${ticketTypes.sold} + ${count}` })
      .where(eq(ticketTypes.id, ticketTypeId));
    return { orderId: order!.id, codes };
  });
}

/** What an order's cancellation or refund leaves for its tickets: the order in that status, its tickets void. */
export async function voidOrder(db: Database, orderId: string, status: "cancelled" | "refunded"): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(orders).set({ status }).where(eq(orders.id, orderId));
    await tx.update(tickets).set({ status: "void" }).where(eq(tickets.orderId, orderId));
  });
}
