import type { NotificationInput } from "./notification";

/** Where the dashboard shows a person's badges (the badge notice and badge notifications lead there). */
export const MY_BADGES_PATH = "/dashboard#badges";

/** The person's notifications (app/routes/notifications.tsx), where the header's bell leads. */
export const NOTIFICATIONS_PATH = "/notifications";

/** The one page of every e-mail setting (app/routes/email-settings.tsx), linked from optional e-mails. */
export const EMAIL_SETTINGS_PATH = "/dashboard/settings/emails";

/**
 * The page a notification is about, where following it from /notifications leads: the event, the
 * order, the review on its event's page, the person's badges, the promoter dashboard.
 */
export function notificationHref(notification: NotificationInput): string {
  switch (notification.kind) {
    case "followed_event":
      return `/events/${notification.data.eventId}`;
    case "badge_earned":
      return MY_BADGES_PATH;
    case "review_answered":
    case "review_posted":
      return `/events/${notification.data.eventId}#review-${notification.data.reviewId}`;
    case "order_changed":
      return `/orders/${encodeURIComponent(notification.data.orderId)}`;
    case "waitlist_offer":
      return notification.data.orderId
        ? `/orders/${encodeURIComponent(notification.data.orderId)}`
        : `/events/${notification.data.eventId}`;
    case "promoter_invited":
      return "/promoters";
  }
}
