/**
 * How a form names the count of one ticket type: `qty.<ticketTypeId>`, in the event page's picker (a
 * GET to the checkout) and in the checkout form's hidden fields. Kept apart from app/checkout-form.ts,
 * which needs zod: the event page's bundle must stay free of it.
 */
export const QUANTITY_FIELD_PREFIX = "qty.";

export function quantityFieldName(ticketTypeId: number): string {
  return `${QUANTITY_FIELD_PREFIX}${ticketTypeId}`;
}
