import type { OrderDetail } from "#server/services/orders";

/**
 * An order as the JSON API shows it to its buyer or its event's organizers: money in cents (USD),
 * instants in ISO 8601 UTC, ticket codes as stored (20 characters; people read them in groups of
 * five, see domain/ticket-code.ts). Nothing of the card but its brand and last 4 digits exists.
 */
export function orderJson(order: OrderDetail) {
  return {
    id: order.id,
    url: `/orders/${order.id}`,
    status: order.status,
    buyerName: order.buyerName,
    buyerEmail: order.buyerEmail,
    language: order.language,
    totalCents: order.totalCents,
    currency: "USD",
    holdExpiresAt: order.holdExpiresAt?.toISOString() ?? null,
    createdAt: order.createdAt.toISOString(),
    paymentProvider: order.paymentProvider,
    cardBrand: order.cardBrand,
    cardLast4: order.cardLast4,
    items: order.items,
    tickets: order.tickets.map((ticket) => ({
      id: ticket.id,
      code: ticket.code,
      ticketTypeId: ticket.ticketTypeId,
      ticketTypeName: ticket.ticketTypeName,
      status: ticket.status,
      checkedInAt: ticket.checkedInAt?.toISOString() ?? null,
    })),
    event: {
      id: order.event.id,
      url: `/events/${order.event.id}`,
      title: order.event.title,
      startsAt: order.event.startsAt.toISOString(),
      endsAt: order.event.endsAt.toISOString(),
      timeZone: order.event.timeZone,
      status: order.event.status,
      venue: order.event.venue,
    },
    history: order.history.map((change) => ({
      status: change.status,
      reason: change.reason,
      at: change.at.toISOString(),
    })),
  };
}

export type OrderJson = ReturnType<typeof orderJson>;
