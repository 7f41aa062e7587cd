import type { OrderDetail } from "#server/services/orders";
import type { EventChangeEmailRequest } from "#server/services/event-change-emails";
import { EVENT_CHANGE_MESSAGES } from "./event-change-messages";
import { checkedLink, EMAIL_MESSAGES, renderEmailBody, type EmailContent, type RenderedEmail } from "./render-email";
import { detailsSection, eventCalendar, fill, messageValues, subjectValues } from "./render-order-email";

/**
 * Writes the "event changed" or "event cancelled" e-mail to an order's buyer, in the language they
 * ordered in, in the layout of the order e-mails: what happened, the order's details as they are now
 * (the new date in the event's zone, the new venue), a button to the order, and the event as
 * event.ics with the same UID as before, so a calendar that has it updates (or drops) the entry.
 */
export function renderEventChangeEmail(
  request: EventChangeEmailRequest,
  order: OrderDetail,
  context: { siteUrl: string; now: Date },
): RenderedEmail {
  const language = order.language;
  const orderWords = EMAIL_MESSAGES[language].order;
  const words = EVENT_CHANGE_MESSAGES[language];
  const values = messageValues(order, language);
  const subjectWords = subjectValues(order, language);
  const greeting = fill(orderWords.greeting, values);
  const action = { label: orderWords.viewOrder, href: checkedLink(request.link) };
  let subject: string;
  let content: EmailContent;
  if (request.kind === "event_changed") {
    subject = fill(words.event_changed.subject, subjectWords);
    content = {
      heading: words.event_changed.heading,
      paragraphs: [greeting, fill(words.event_changed.intro[request.change], values), words.event_changed.stillValid],
      sections: [detailsSection(order, language)],
      action,
      notes: [orderWords.calendarNote, orderWords.privateLink],
    };
  } else {
    subject = fill(words.event_cancelled.subject, subjectWords);
    const next = request.isRefunded ? words.event_cancelled.refunded : words.event_cancelled.free;
    content = {
      heading: words.event_cancelled.heading,
      paragraphs: [greeting, fill(words.event_cancelled.intro, values), fill(next, values)],
      sections: [detailsSection(order, language)],
      action,
      notes: [orderWords.privateLink],
    };
  }
  return {
    to: order.buyerEmail,
    language,
    subject,
    ...renderEmailBody(content, language, subject, context.siteUrl),
    attachments: [
      {
        filename: "event.ics",
        contentType: "text/calendar; charset=utf-8; method=PUBLISH",
        content: Buffer.from(eventCalendar(order, context.siteUrl, context.now), "utf8"),
      },
    ],
  };
}
