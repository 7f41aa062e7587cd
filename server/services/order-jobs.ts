/**
 * The kinds of job the order use cases queue for the jobs worker (handlers: server/jobs/job-handlers.ts).
 * Here, apart from orders.ts and waitlist.ts, because each of those queues the other's job.
 */

/** Releases a pending order's tickets when its hold ends (queued to run at that time). */
export const RELEASE_ORDER_HOLD_JOB = "release_order_hold";

/** Offers a ticket type's freed tickets to the people waiting, queued by every release of seats. */
export const OFFER_RELEASED_TICKETS_JOB = "offer_released_tickets";

/** Refunds one paid order of a cancelled event through the provider (services/event-cancellation.ts). */
export const REFUND_CANCELLED_EVENT_ORDER_JOB = "refund_cancelled_event_order";
