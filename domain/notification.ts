/**
 * What the bell in the header tells a signed-in person, kind by kind, with the data each kind carries
 * (stored as the notification's `data`, read back through `notificationOf`). Titles are copied in when
 * the notification is made, so the bell reads one table; the links lead to the live pages.
 */
export type NotificationInput =
  /** An organizer they follow published a new event. */
  | { kind: "followed_event"; data: { eventId: number; eventTitle: string; organizerName: string } }
  /** They earned a badge (domain/badges.ts). */
  | { kind: "badge_earned"; data: { badge: string } }
  /** The organizer answered their review. */
  | { kind: "review_answered"; data: { reviewId: number; eventId: number; eventTitle: string } }
  /** Someone reviewed an event they organize. */
  | { kind: "review_posted"; data: { reviewId: number; eventId: number; eventTitle: string; rating: number } }
  /** One of their orders changed: confirmed, cancelled or refunded, or its event moved or was cancelled. */
  | {
      kind: "order_changed";
      data: {
        orderId: string;
        eventTitle: string;
        change: "confirmed" | "cancelled" | "refunded" | "event_changed" | "event_cancelled";
      };
    }
  /** Tickets they waited for are offered to them. */
  | {
      kind: "waitlist_offer";
      data: { eventId: number; eventTitle: string; /** The held order to complete. */ orderId?: string };
    }
  /** An organizer invited them to promote an event. */
  | { kind: "promoter_invited"; data: { eventId: number; eventTitle: string } };

export type NotificationKind = NotificationInput["kind"];

export const NOTIFICATION_KINDS = [
  "followed_event",
  "badge_earned",
  "review_answered",
  "review_posted",
  "order_changed",
  "waitlist_offer",
  "promoter_invited",
] as const satisfies readonly NotificationKind[];

/** How long a notification is kept (the bell shows the newest; older ones go with the nightly clean-up). */
export const NOTIFICATION_RETENTION_DAYS = 180;

/** A stored row read back as its kind, or null for a kind this build no longer knows (never shown). */
export function notificationOf(kind: string, data: Record<string, unknown>): NotificationInput | null {
  if (!(NOTIFICATION_KINDS as readonly string[]).includes(kind)) return null;
  return { kind, data } as NotificationInput;
}
