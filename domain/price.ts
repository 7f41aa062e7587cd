import type { TicketAvailability } from "./event";

/**
 * What the price line of an event card says (spec §2): 'Free Event' if any ticket is free,
 * 'From $min' when there are several ticket types, otherwise the single price.
 */
export type PriceLine =
  { kind: "free" } | { kind: "from"; cents: number } | { kind: "single"; cents: number } | { kind: "none" };

export function priceLine(ticketTypes: readonly Pick<TicketAvailability, "priceCents">[]): PriceLine {
  const first = ticketTypes[0];
  if (!first) return { kind: "none" };
  if (ticketTypes.some((ticket) => ticket.priceCents === 0)) return { kind: "free" };
  if (ticketTypes.length === 1) return { kind: "single", cents: first.priceCents };
  return { kind: "from", cents: Math.min(...ticketTypes.map((ticket) => ticket.priceCents)) };
}
