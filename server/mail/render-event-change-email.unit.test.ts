import { describe, expect, it } from "vitest";
import { LANGUAGES, type Language } from "#domain/language";
import { formatMoney, isolateUserText } from "#domain/text-direction";
import type { OrderDetail } from "#server/services/orders";
import type { EventChange } from "#server/services/event-change-emails";
import { EVENT_CHANGE_MESSAGES, type EventChangeMessages } from "./event-change-messages";
import { renderEventChangeEmail } from "./render-event-change-email";

const siteUrl = "https://events.example.org";
const orderId = "0b7c6f5e-9d1a-4c3b-8e2f-1a2b3c4d5e6f";
const link = `${siteUrl}/orders/${orderId}?key=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG`;
const now = new Date("2026-11-20T15:00:00Z");

function orderIn(language: Language, eventStatus: "published" | "cancelled" = "published"): OrderDetail {
  return {
    id: orderId,
    status: "confirmed",
    buyerName: "Hanna Bekele",
    buyerEmail: "hanna@example.com",
    language,
    totalCents: 5_000,
    holdExpiresAt: null,
    createdAt: new Date("2026-11-20T14:55:00Z"),
    userId: null,
    paymentProvider: "sandbox",
    cardBrand: "visa",
    cardLast4: "4242",
    items: [{ ticketTypeId: 7, name: "General", quantity: 2, unitPriceCents: 2_500 }],
    tickets: [],
    event: {
      id: 42,
      title: "Jazz Night",
      startsAt: new Date("2026-12-05T00:00:00Z"),
      endsAt: new Date("2026-12-05T03:00:00Z"),
      timeZone: "America/New_York",
      status: eventStatus,
      organizerId: "00000000-0000-4000-8000-000000000001",
      createdAt: new Date("2026-10-01T12:00:00Z"),
      // Changed a day after it was made: the calendar entry's SEQUENCE is past the first one's 0.
      updatedAt: new Date("2026-10-02T12:00:00Z"),
      venue: {
        name: "Blues Alley",
        address: "1073 Wisconsin Ave NW",
        city: "Washington",
        state: "DC",
        zipCode: "20007",
      },
    },
    history: [],
  };
}

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") entries.set(path, value);
    else for (const [inner, text] of flatten(value, path)) entries.set(inner, text);
  }
  return entries;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]!).sort();
const asTree = (messages: EventChangeMessages) => messages as unknown as Tree;
const english = flatten(asTree(EVENT_CHANGE_MESSAGES.en));

describe.each(LANGUAGES)("the %s event change e-mails", (language) => {
  const messages = flatten(asTree(EVENT_CHANGE_MESSAGES[language]));

  it("have every text English has, translated, with the same placeholders", () => {
    expect([...messages.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of english) {
      expect(messages.get(key)!.trim(), key).not.toBe("");
      expect(placeholders(messages.get(key)!), key).toEqual(placeholders(text));
      if (language !== "en") expect(messages.get(key), key).not.toBe(text);
    }
  });

  it.each<EventChange>(["date", "venue", "date_and_venue"])(
    "tell of a %s change, with the new details and a link",
    (change) => {
      const email = renderEventChangeEmail({ kind: "event_changed", orderId, change, link }, orderIn(language), {
        siteUrl,
        now,
      });
      const words = EVENT_CHANGE_MESSAGES[language].event_changed;
      expect(email).toMatchObject({
        to: "hanna@example.com",
        language,
        subject: words.subject.replace("{{event}}", language === "ar" ? isolateUserText("Jazz Night") : "Jazz Night"),
      });
      expect(email.text).toContain(words.intro[change].replace("{{event}}", isolateUserText("Jazz Night")));
      expect(email.text).toContain("Blues Alley");
      expect(email.html).toContain(link.replace(/&/g, "&amp;"));
      const ics = email.attachments!.find((attachment) => attachment.filename === "event.ics")!;
      expect(ics.content.toString("utf8")).toContain("STATUS:CONFIRMED");
      expect(ics.content.toString("utf8")).toContain("SEQUENCE:86400");
    },
  );

  it("tell of a cancellation, with the refund or without, and drop the event from calendars", () => {
    const words = EVENT_CHANGE_MESSAGES[language].event_cancelled;
    const paid = renderEventChangeEmail(
      { kind: "event_cancelled", orderId, isRefunded: true, link },
      orderIn(language, "cancelled"),
      { siteUrl, now },
    );
    expect(paid.subject).toBe(
      words.subject.replace("{{event}}", language === "ar" ? isolateUserText("Jazz Night") : "Jazz Night"),
    );
    expect(paid.text).toContain(words.refunded.split("{{amount}}")[0]!);
    expect(paid.text).toContain(formatMoney(5_000, language));
    const free = renderEventChangeEmail(
      { kind: "event_cancelled", orderId, isRefunded: false, link },
      orderIn(language, "cancelled"),
      { siteUrl, now },
    );
    expect(free.text).toContain(words.free);
    expect(free.text).not.toContain(words.refunded.split("{{amount}}")[0]!);
    const ics = free.attachments!.find((attachment) => attachment.filename === "event.ics")!;
    expect(ics.content.toString("utf8")).toContain("STATUS:CANCELLED");
  });
});
