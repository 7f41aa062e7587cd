/**
 * A ticket type's sales window: when it goes on sale and when it stops. An open side means from the
 * event's publication, or until the event ends (placeOrder refuses ended events on its own).
 */
export interface SalesWindow {
  salesStartAt: Date | null;
  salesEndAt: Date | null;
}

export function isTicketTypeOnSale(window: SalesWindow, now: Date): boolean {
  if (window.salesStartAt && now.getTime() < window.salesStartAt.getTime()) return false;
  if (window.salesEndAt && now.getTime() >= window.salesEndAt.getTime()) return false;
  return true;
}
