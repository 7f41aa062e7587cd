import type { NotificationInput } from "#domain/notification";
import { isolateUserText } from "#app/i18n/format";
import type { TFunction } from "#app/i18n/translator";

/** A notification's sentence in the reader's language, from its kind and the data stored with it. */
export function notificationText(notification: NotificationInput, t: TFunction): string {
  const event = "eventTitle" in notification.data ? isolateUserText(notification.data.eventTitle) : "";
  switch (notification.kind) {
    case "followed_event":
      return t("notifications.kinds.followed_event", {
        organizer: isolateUserText(notification.data.organizerName),
        event,
      });
    case "badge_earned":
      return t("notifications.kinds.badge_earned", { badge: t(`badges.names.${notification.data.badge}`) });
    case "review_posted":
      return t("notifications.kinds.review_posted", { event, rating: String(notification.data.rating) });
    case "order_changed":
      return t(`notifications.orderChanged.${notification.data.change}`, { event });
    default:
      return t(`notifications.kinds.${notification.kind}`, { event });
  }
}
