/*
 * A ticket type's price once people hold its tickets (issue 6): it cannot drop below what a current
 * holder paid for one, so nobody who paid more sees the same ticket offered for less. Raising it is
 * always fine. Holders are the owners of valid tickets: holds of unpaid orders and refunded or
 * cancelled tickets do not count, so a type with no valid ticket sold changes freely.
 */

/**
 * The lowest price a ticket type may be given: the highest unit price its current holders paid
 * (`paidUnitPricesCents`, one per holding order, in cents), or 0 when nobody holds one.
 */
export function lowestAllowedPriceCents(paidUnitPricesCents: readonly number[]): number {
  return paidUnitPricesCents.reduce((highest, cents) => Math.max(highest, cents), 0);
}

/** Whether `priceCents` would offer a ticket type for less than a current holder paid ("below_paid_price"). */
export function isBelowPaidPrice(priceCents: number, paidUnitPricesCents: readonly number[]): boolean {
  return priceCents < lowestAllowedPriceCents(paidUnitPricesCents);
}
