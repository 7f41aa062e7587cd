import jsQR from "jsqr";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { LANGUAGES, type Language } from "#domain/language";
import { formatTicketCode } from "#domain/ticket-code";
import { isolateUserText } from "#domain/text-direction";
import type { OrderDetail } from "#server/services/orders";
import type { OrderEmailKind } from "#server/services/order-emails";
import { EMAIL_MESSAGES, escapeHtml } from "./render-email";
import { qrFileName, renderOrderEmail } from "./render-order-email";

const siteUrl = "https://events.example.org";
const link = `${siteUrl}/orders/0b7c6f5e-9d1a-4c3b-8e2f-1a2b3c4d5e6f?key=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG`;
const now = new Date("2026-11-20T15:00:00Z");
const KINDS: OrderEmailKind[] = ["order_confirmed", "order_cancelled", "order_refunded", "waitlist_offer"];

function orderIn(language: Language, changes: Partial<OrderDetail> = {}): OrderDetail {
  return {
    id: "0b7c6f5e-9d1a-4c3b-8e2f-1a2b3c4d5e6f",
    status: "confirmed",
    buyerName: "Hanna <Bekele>",
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
    tickets: [
      {
        id: "t1",
        code: "0123456789ABCDEFGHJK",
        ticketTypeId: 7,
        ticketTypeName: "General",
        status: "valid",
        checkedInAt: null,
      },
      {
        id: "t2",
        code: "ZYXWVTSRQPNMKJHGFEDC",
        ticketTypeId: 7,
        ticketTypeName: "General",
        status: "valid",
        checkedInAt: null,
      },
    ],
    event: {
      id: 42,
      title: 'Jazz & Soul, Night; "Live" $& more',
      // 7 pm to 10 pm in Washington (EST, UTC−5).
      startsAt: new Date("2026-12-05T00:00:00Z"),
      endsAt: new Date("2026-12-05T03:00:00Z"),
      timeZone: "America/New_York",
      status: "published",
      organizerId: "00000000-0000-4000-8000-000000000001",
      createdAt: new Date("2026-10-01T12:00:00Z"),
      updatedAt: new Date("2026-10-01T12:00:10Z"),
      venue: {
        name: "Blues Alley",
        address: "1073 Wisconsin Ave NW",
        city: "Washington",
        state: "DC",
        zipCode: "20007",
      },
    },
    history: [],
    ...changes,
  };
}

/** An .ics file's properties, unfolded, by name (the first of each). */
function icsProperties(ics: string): Map<string, string> {
  const properties = new Map<string, string>();
  for (const line of ics.replace(/\r\n /g, "").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0 && !properties.has(line.slice(0, colon))) properties.set(line.slice(0, colon), line.slice(colon + 1));
  }
  return properties;
}

describe("rendering the order e-mails", () => {
  it.each(LANGUAGES.flatMap((language) => KINDS.map((kind) => [language, kind] as const)))(
    "writes the %s %s e-mail to the buyer, with the order's details and a button to it",
    async (language, kind) => {
      const words = EMAIL_MESSAGES[language];
      const order = orderIn(language, kind === "waitlist_offer" ? { status: "pending", holdExpiresAt: now } : {});
      const email = await renderOrderEmail({ kind, order, link, now }, siteUrl);
      expect(email.to).toBe("hanna@example.com");
      expect(email.language).toBe(language);
      // Plain in a subject line, which people search by; isolated in Arabic, where it could move things about.
      const title = language === "ar" ? isolateUserText(order.event.title) : order.event.title;
      expect(email.subject).toBe(words[kind].subject.replace("{{event}}", () => title));
      expect(email.html).toContain(`<html lang="${language}" dir="${language === "ar" ? "rtl" : "ltr"}">`);
      expect(email.html).toContain(escapeHtml(words[kind].heading));
      expect(email.html).toContain(
        escapeHtml(words.order.greeting.replace("{{name}}", () => isolateUserText(order.buyerName))),
      );
      expect(email.html.split(`href="${escapeHtml(link)}"`)).toHaveLength(3);
      expect(email.html).toContain(escapeHtml(order.event.title));
      expect(email.html).toContain("Blues Alley, 1073 Wisconsin Ave NW, Washington, DC 20007");
      expect(email.html).toContain(">0B7C6F5E<");
      expect(email.text).toContain(link);
      expect(email.text).toContain(
        words.order.field.replace("{{label}}", words.order.orderNumber).replace("{{value}}", "0B7C6F5E"),
      );
      expect(email.text).not.toMatch(/\{\{/);
      expect(email.html).not.toMatch(/\{\{|<script/);
      // The buyer's name is text, never markup.
      expect(email.html).not.toContain("<Bekele>");
    },
  );

  it("gives the title, the venue and its address their own direction in an Arabic e-mail", async () => {
    const arabic = await renderOrderEmail({ kind: "order_cancelled", order: orderIn("ar"), link, now }, siteUrl);
    const where = "Blues Alley, 1073 Wisconsin Ave NW, Washington, DC 20007";
    expect(arabic.html).toContain(`<td dir="auto" style="padding:4px 0;vertical-align:top;">${where}</td>`);
    expect(arabic.text).toContain(`\u2068${where}\u2069`);
    // The total in the site's Arabic form, in one left-to-right piece.
    expect(arabic.text).toContain("\u2066US$\u00a050.00\u2069");
  });

  it("writes when the event is in its own time zone, named, in the buyer's language", async () => {
    const english = await renderOrderEmail({ kind: "order_cancelled", order: orderIn("en"), link, now }, siteUrl);
    expect(english.text).toMatch(/When: Friday, December 4, 2026, 7:00\s?–\s?10:00\sPM EST/);
    const french = await renderOrderEmail({ kind: "order_cancelled", order: orderIn("fr"), link, now }, siteUrl);
    expect(french.text).toMatch(/Quand : vendredi 4 décembre 2026.*19:00.*22:00/);
    expect(french.text).toContain("Total : 50,00");
    const amharic = await renderOrderEmail({ kind: "order_cancelled", order: orderIn("am"), link, now }, siteUrl);
    expect(amharic.text).toContain("ጠቅላላ፦ ");
  });

  it("lists each valid ticket of a confirmed order with its code and a QR picture attached inline", async () => {
    const order = orderIn("en");
    order.tickets.push({ ...order.tickets[0]!, id: "t3", code: "AAAAABBBBBCCCCCDDDDD", status: "void" });
    const email = await renderOrderEmail({ kind: "order_confirmed", order, link, now }, siteUrl);
    const pictures = (email.attachments ?? []).filter((attachment) => attachment.inline);
    expect(pictures.map((picture) => picture.filename)).toEqual([
      "ticket-0123456789ABCDEFGHJK.png",
      "ticket-ZYXWVTSRQPNMKJHGFEDC.png",
    ]);
    for (const ticket of order.tickets.slice(0, 2)) {
      expect(email.html).toContain(`src="cid:${qrFileName(ticket.code)}"`);
      expect(email.html).toContain(`alt="QR code of ticket ${formatTicketCode(ticket.code)}"`);
      expect(email.html).toContain(`>${formatTicketCode(ticket.code)}</p>`);
      expect(email.text).toContain(`Ticket code: ${formatTicketCode(ticket.code)}`);
    }
    // The void ticket is not offered for the door.
    expect(email.html).not.toContain("AAAAA");
    const { data, info } = await sharp(pictures[1]!.content).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe("ZYXWVTSRQPNMKJHGFEDC");
    expect(email.text).toContain(EMAIL_MESSAGES.en.order.calendarNote);
  });

  it.each(LANGUAGES)(
    "attaches the event to the %s confirmation as a valid event.ics on its zone's clocks",
    async (language) => {
      const order = orderIn(language);
      const email = await renderOrderEmail({ kind: "order_confirmed", order, link, now }, siteUrl);
      const ics = email.attachments?.find((attachment) => attachment.filename === "event.ics");
      expect(ics?.contentType).toBe("text/calendar; charset=utf-8; method=PUBLISH");
      expect(ics?.inline).toBeUndefined();
      const text = ics!.content.toString("utf8");
      expect(text).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2.0\r\n/);
      expect(text).toMatch(/END:VEVENT\r\nEND:VCALENDAR\r\n$/);
      for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
      const properties = icsProperties(text);
      expect(properties.get("UID")).toBe("event-42@events.example.org");
      expect(properties.get("DTSTART;TZID=America/New_York")).toBe("20261204T190000");
      expect(properties.get("DTEND;TZID=America/New_York")).toBe("20261204T220000");
      expect(properties.get("TZID")).toBe("America/New_York");
      expect(properties.get("SEQUENCE")).toBe("10");
      expect(properties.get("LAST-MODIFIED")).toBe("20261001T120010Z");
      expect(properties.get("DTSTAMP")).toBe("20261120T150000Z");
      expect(properties.get("SUMMARY")).toBe('Jazz & Soul\\, Night\\; "Live" $& more');
      expect(properties.get("LOCATION")).toBe("Blues Alley\\, 1073 Wisconsin Ave NW\\, Washington\\, DC 20007");
      expect(properties.get("URL")).toBe(`${siteUrl}/events/42`);
      expect(properties.get("STATUS")).toBe("CONFIRMED");
    },
  );

  it("attaches nothing to cancellations, refunds and offers", async () => {
    for (const kind of ["order_cancelled", "order_refunded", "waitlist_offer"] as const) {
      const email = await renderOrderEmail({ kind, order: orderIn("en"), link, now }, siteUrl);
      expect(email.attachments).toBeUndefined();
      expect(email.html).not.toContain("cid:");
    }
  });

  it("says how much a refund returns, in the buyer's language", async () => {
    const email = await renderOrderEmail({ kind: "order_refunded", order: orderIn("en"), link, now }, siteUrl);
    expect(email.text).toContain("$50.00 goes back to the card you paid with");
    expect(email.text).toContain(EMAIL_MESSAGES.en.order_refunded.timing);
  });

  it("tells a waitlisted person until when the ticket is held, in the event's time zone, and how to complete", async () => {
    const order = orderIn("en", { status: "pending", holdExpiresAt: new Date("2026-11-21T15:00:00Z") });
    const email = await renderOrderEmail({ kind: "waitlist_offer", order, link, now }, siteUrl);
    expect(email.text).toMatch(/Complete your order by Saturday, November 21, 2026(,| at) 10:00\sAM EST\./);
    expect(email.html).toContain(`>${EMAIL_MESSAGES.en.waitlist_offer.action}</a>`);
    const arabic = await renderOrderEmail(
      { kind: "waitlist_offer", order: { ...order, language: "ar" }, link, now },
      siteUrl,
    );
    expect(arabic.html).toContain(escapeHtml(EMAIL_MESSAGES.ar.waitlist_offer.action));
  });

  it("refuses a link that is not http(s)", async () => {
    await expect(
      renderOrderEmail({ kind: "order_confirmed", order: orderIn("en"), link: "javascript:alert(1)", now }, siteUrl),
    ).rejects.toThrow("http(s)");
  });
});
