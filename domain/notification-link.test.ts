import { describe, expect, it } from "vitest";
import { EMAIL_SETTINGS_PATH, notificationHref } from "./notification-link";

describe("where a notification leads", () => {
  it("leads each kind to the page it is about", () => {
    expect(
      notificationHref({ kind: "followed_event", data: { eventId: 7, eventTitle: "Jazz", organizerName: "Marcus" } }),
    ).toBe("/events/7");
    expect(notificationHref({ kind: "badge_earned", data: { badge: "first_timer" } })).toBe("/dashboard#badges");
    expect(notificationHref({ kind: "review_answered", data: { reviewId: 3, eventId: 7, eventTitle: "Jazz" } })).toBe(
      "/events/7#review-3",
    );
    expect(
      notificationHref({ kind: "order_changed", data: { orderId: "a-b", eventTitle: "Jazz", change: "refunded" } }),
    ).toBe("/orders/a-b");
    // A waitlist offer leads to the held order when it names one, else to the event.
    expect(notificationHref({ kind: "waitlist_offer", data: { eventId: 7, eventTitle: "Jazz", orderId: "o-1" } })).toBe(
      "/orders/o-1",
    );
    expect(notificationHref({ kind: "waitlist_offer", data: { eventId: 7, eventTitle: "Jazz" } })).toBe("/events/7");
    expect(notificationHref({ kind: "promoter_invited", data: { eventId: 7, eventTitle: "Jazz" } })).toBe("/promoters");
    expect(EMAIL_SETTINGS_PATH).toBe("/dashboard/settings/emails");
  });
});
