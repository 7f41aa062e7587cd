import { eventEntryOf, toICalendar } from "#domain/icalendar";
import { LOCALE_TAGS, textDirection, type Language } from "#domain/language";
import { formatTicketCode } from "#domain/ticket-code";
import { formatMoney, isolateUserText } from "#domain/text-direction";
import type { OrderDetail } from "#server/services/orders";
import { ticketQrPng } from "#server/tickets/ticket-qr";
import type { OrderEmailKind } from "#server/services/order-emails";
import {
  checkedLink,
  EMAIL_MESSAGES,
  escapeHtml,
  renderEmailBody,
  type EmailAttachment,
  type EmailContent,
  type EmailSection,
  type RenderedEmail,
} from "./render-email";

/** The QR pictures' size in the HTML: large enough to scan from a phone held up at the door. */
const QR_PIXELS = 180;
const MUTED_COLOR = "#3f3f46";
const RULE_COLOR = "#d4d4d8";
const MONOSPACE = "ui-monospace, 'SFMono-Regular', Menlo, Consolas, 'Liberation Mono', monospace";

export interface OrderEmail {
  kind: OrderEmailKind;
  order: OrderDetail;
  /** The order's page with an access token of its own; for a waitlist offer, where to complete it. */
  link: string;
  /** When the e-mail is written: the .ics's DTSTAMP. */
  now: Date;
}

/**
 * Writes an e-mail about an order, to its buyer, in the language they ordered in: the order's details
 * (event, when in the event's time zone, where, number, total) and a button to the order. A confirmed
 * order's e-mail also lists each ticket with its code and QR code, a PNG attached inline (`cid:`: many
 * mail programs block data: URLs and most block remote pictures), and attaches the event as event.ics.
 */
export async function renderOrderEmail(email: OrderEmail, siteUrl: string): Promise<RenderedEmail> {
  const { kind, order } = email;
  const language = order.language;
  const words = EMAIL_MESSAGES[language];
  const values = messageValues(order, language);
  const greeting = fill(words.order.greeting, values);
  const details = detailsSection(order, language);
  const privateLink = words.order.privateLink;
  const viewOrder = { label: words.order.viewOrder, href: checkedLink(email.link) };
  let content: EmailContent;
  let attachments: EmailAttachment[] = [];
  switch (kind) {
    case "order_confirmed": {
      const tickets = order.tickets.filter((ticket) => ticket.status === "valid");
      content = {
        heading: words.order_confirmed.heading,
        paragraphs: [greeting, fill(words.order_confirmed.intro, values)],
        sections: [details, ticketsSection(tickets, language)],
        action: viewOrder,
        notes: [words.order.showAtDoor, words.order.calendarNote, privateLink],
      };
      attachments = [
        ...(await Promise.all(
          tickets.map(async (ticket) => ({
            filename: qrFileName(ticket.code),
            contentType: "image/png",
            content: await ticketQrPng(ticket.code),
            inline: true,
          })),
        )),
        {
          filename: "event.ics",
          contentType: "text/calendar; charset=utf-8; method=PUBLISH",
          content: Buffer.from(eventCalendar(order, siteUrl, email.now), "utf8"),
        },
      ];
      break;
    }
    case "order_cancelled":
      content = {
        heading: words.order_cancelled.heading,
        paragraphs: [greeting, fill(words.order_cancelled.intro, values)],
        sections: [details],
        action: viewOrder,
        notes: [privateLink],
      };
      break;
    case "order_refunded":
      content = {
        heading: words.order_refunded.heading,
        paragraphs: [greeting, fill(words.order_refunded.intro, values), words.order_refunded.timing],
        sections: [details],
        action: viewOrder,
        notes: [privateLink],
      };
      break;
    case "waitlist_offer": {
      // The offer is a held order: its hold is the deadline, told in the event's time zone.
      const until = order.holdExpiresAt ?? order.createdAt;
      content = {
        heading: words.waitlist_offer.heading,
        paragraphs: [
          greeting,
          fill(words.waitlist_offer.intro, values),
          fill(words.waitlist_offer.holdUntil, { time: instant(until, order.event.timeZone, language) }),
        ],
        sections: [details],
        action: { label: words.waitlist_offer.action, href: viewOrder.href },
        notes: [privateLink],
      };
      break;
    }
  }
  const subject = fill(words[kind].subject, subjectValues(order, language));
  return {
    to: order.buyerEmail,
    language,
    subject,
    ...renderEmailBody(content, language, subject, siteUrl),
    ...(attachments.length > 0 ? { attachments } : {}),
  };
}

/** A message with its {{placeholders}} filled; a function replacement, so a "$&" in a title stays text. */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) => values[name] ?? placeholder);
}

/**
 * What the messages' {{placeholders}} take. The event's title and the buyer's name are isolated: in an
 * Arabic sentence a Latin title keeps its own direction, and its punctuation stays where it was written.
 */
export function messageValues(order: OrderDetail, language: Language): Record<string, string> {
  return {
    event: isolateUserText(order.event.title),
    name: isolateUserText(order.buyerName),
    amount: formatMoney(order.totalCents, language),
  };
}

/**
 * The same for a subject line, which people search their mail by: the title stays plain text, except in a
 * right-to-left language, where a Latin title in the line would otherwise move its neighbours about.
 */
export function subjectValues(order: OrderDetail, language: Language): Record<string, string> {
  const values = messageValues(order, language);
  return textDirection(language) === "rtl" ? values : { ...values, event: order.event.title, name: order.buyerName };
}

/** The inline QR picture's file name, which is also its Content-ID. */
export function qrFileName(code: string): string {
  return `ticket-${code}.png`;
}

/** The order's details as read now: event, when (in its zone), where, number and total; the event-change e-mails show them too. */
export function detailsSection(order: OrderDetail, language: Language): EmailSection {
  const words = EMAIL_MESSAGES[language].order;
  const { event } = order;
  const venue = event.venue;
  // "auto": someone's own words (the title, the venue and its address), in their own direction: written
  // left to right, '901 Wharf St SW' keeps its number first in an Arabic e-mail.
  const rows: [string, string, "ltr" | "auto" | null][] = [
    [words.event, event.title, "auto"],
    [words.when, range(event.startsAt, event.endsAt, event.timeZone, language), null],
    [words.where, `${venue.name}, ${venue.address}, ${venue.city}, ${venue.state} ${venue.zipCode}`, "auto"],
    [words.orderNumber, orderNumber(order.id), "ltr"],
    [words.total, order.totalCents === 0 ? words.free : formatMoney(order.totalCents, language), null],
  ];
  const html = `<h2 style="margin:24px 0 8px;font-size:18px;">${escapeHtml(words.details)}</h2>
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="width:100%;margin:0 0 8px;border-collapse:collapse;">
${rows
  .map(
    ([label, value, dir]) =>
      `<tr><td style="padding:4px 12px 4px 0;vertical-align:top;font-size:14px;color:${MUTED_COLOR};white-space:nowrap;">${escapeHtml(label)}</td><td${dir ? ` dir="${dir}"` : ""} style="padding:4px 0;vertical-align:top;">${escapeHtml(value)}</td></tr>`,
  )
  .join("\n")}
</table>`;
  const text = [
    words.details,
    ...rows.map(([label, value, dir]) =>
      fill(words.field, { label, value: dir === "auto" ? isolateUserText(value) : value }),
    ),
  ].join("\n");
  return { html, text };
}

function ticketsSection(tickets: OrderDetail["tickets"], language: Language): EmailSection {
  const words = EMAIL_MESSAGES[language].order;
  const html = `<h2 style="margin:24px 0 8px;font-size:18px;">${escapeHtml(words.ticketsHeading)}</h2>
${tickets
  .map((ticket) => {
    const code = formatTicketCode(ticket.code);
    const alt = escapeHtml(fill(words.qrAlt, { code }));
    // A white box around the picture keeps the QR code's contrast in mail programs with a dark theme.
    return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="width:100%;border-top:1px solid ${RULE_COLOR};border-collapse:collapse;"><tr><td style="padding:16px 0;">
<div style="display:inline-block;background-color:#ffffff;padding:4px;"><img src="cid:${escapeHtml(qrFileName(ticket.code))}" width="${QR_PIXELS}" height="${QR_PIXELS}" alt="${alt}" style="display:block;border:0;width:${QR_PIXELS}px;height:${QR_PIXELS}px;"></div>
<p dir="auto" style="margin:8px 0 0;font-weight:bold;">${escapeHtml(ticket.ticketTypeName)}</p>
<p style="margin:4px 0 0;font-size:14px;color:${MUTED_COLOR};">${escapeHtml(words.ticketCode)}</p>
<p dir="ltr" style="margin:0;font-family:${MONOSPACE};font-size:18px;letter-spacing:1px;">${escapeHtml(code)}</p>
</td></tr></table>`;
  })
  .join("\n")}`;
  const text = [
    words.ticketsHeading,
    ...tickets.map(
      (ticket) =>
        `${isolateUserText(ticket.ticketTypeName)}\n${fill(words.field, { label: words.ticketCode, value: formatTicketCode(ticket.code) })}`,
    ),
  ].join("\n\n");
  return { html, text };
}

/**
 * The event as an iCalendar file, the same entry (UID) as /events/:id/calendar.ics, on the event's
 * clocks; its SEQUENCE grows with every change, so the file a change e-mail carries replaces the old one.
 */
export function eventCalendar(order: OrderDetail, siteUrl: string, now: Date): string {
  const { event } = order;
  return toICalendar(
    [eventEntryOf(event, { origin: siteUrl, now, description: `${siteUrl}/events/${event.id}` })],
    event.title,
  );
}

/** The first eight hex digits, upper case: enough to tell one's orders apart and to quote to an organizer. */
function orderNumber(id: string): string {
  return id.replaceAll("-", "").slice(0, 8).toUpperCase();
}

const DATE_TIME: Intl.DateTimeFormatOptions = {
  weekday: "long",
  year: "numeric",
  month: "long",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
};

/** "Saturday, December 5, 2026, 7:00 – 10:00 PM EST": in the event's zone, which is named. */
function range(start: Date, end: Date, timeZone: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[language], { ...DATE_TIME, timeZone }).formatRange(start, end);
}

function instant(at: Date, timeZone: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[language], { ...DATE_TIME, timeZone }).format(at);
}
