import type { EventSummary } from "#domain/event-summary";
import { LOCALE_TAGS, type Language } from "#domain/language";
import { isolateUserText } from "#domain/text-direction";
import type { Database } from "#server/db/client";
import { loadFollowedEventsEmail, type FollowedEventsEmail } from "#server/services/followed-events-emails";
import { loadSavedReminder, type SavedReminder } from "#server/services/saved-reminders";
import { unfollowToken } from "#server/services/unfollow-token";
import type { Mailer } from "./mailer";
import { checkedLink, escapeHtml, renderEmailBody, type EmailSection, type RenderedEmail } from "./render-email";

interface SavesFollowsWords {
  reminderSubject: string;
  reminderHeading: string;
  /** {{name}}, {{event}}. */
  reminderIntro: string;
  reminderAction: string;
  reminderWhy: string;
  followedSubject: string;
  followedHeading: string;
  followedIntro: string;
  followedAction: string;
  followedWhy: string;
  /** {{organizer}}: the one-click link's words. */
  unfollow: string;
}

/** The saved event's reminder and the followed organizers' new events, in the four languages. */
export const SAVES_FOLLOWS_WORDS: Record<Language, SavesFollowsWords> = {
  en: {
    reminderSubject: "Tomorrow: {{event}}",
    reminderHeading: "Your saved event is tomorrow",
    reminderIntro: "Hello {{name}}, “{{event}}”, which you saved, is tomorrow:",
    reminderAction: "See the event",
    reminderWhy:
      "You receive this reminder because you saved this event. Turn reminders off in your dashboard's e-mail settings.",
    followedSubject: "New events from organizers you follow",
    followedHeading: "New from organizers you follow",
    followedIntro: "Hello {{name}}, organizers you follow have published new events:",
    followedAction: "See what you follow",
    followedWhy:
      "You receive this e-mail because you follow these organizers; at most one a day. Turn it off in your dashboard's e-mail settings.",
    unfollow: "Stop following {{organizer}}",
  },
  fr: {
    reminderSubject: "Demain : {{event}}",
    reminderHeading: "Votre événement enregistré a lieu demain",
    reminderIntro: "Bonjour {{name}}, « {{event}} », que vous avez enregistré, a lieu demain :",
    reminderAction: "Voir l’événement",
    reminderWhy:
      "Vous recevez ce rappel parce que vous avez enregistré cet événement. Désactivez les rappels dans les réglages d’e-mail de votre tableau de bord.",
    followedSubject: "Nouveaux événements des organisateurs que vous suivez",
    followedHeading: "Du nouveau chez les organisateurs que vous suivez",
    followedIntro: "Bonjour {{name}}, des organisateurs que vous suivez ont publié de nouveaux événements :",
    followedAction: "Voir ce que vous suivez",
    followedWhy:
      "Vous recevez cet e-mail parce que vous suivez ces organisateurs ; un par jour au plus. Désactivez-le dans les réglages d’e-mail de votre tableau de bord.",
    unfollow: "Ne plus suivre {{organizer}}",
  },
  ar: {
    reminderSubject: "غدًا: {{event}}",
    reminderHeading: "الفعالية التي حفظتها غدًا",
    reminderIntro: "مرحبًا {{name}}، «{{event}}» التي حفظتها تُقام غدًا:",
    reminderAction: "عرض الفعالية",
    reminderWhy: "تتلقى هذا التذكير لأنك حفظت هذه الفعالية. يمكنك إيقاف التذكيرات من إعدادات البريد في لوحة التحكم.",
    followedSubject: "فعاليات جديدة من منظمين تتابعهم",
    followedHeading: "جديد المنظمين الذين تتابعهم",
    followedIntro: "مرحبًا {{name}}، نشر منظمون تتابعهم فعاليات جديدة:",
    followedAction: "عرض ما تتابعه",
    followedWhy:
      "تتلقى هذه الرسالة لأنك تتابع هؤلاء المنظمين، ورسالة واحدة في اليوم على الأكثر. يمكنك إيقافها من إعدادات البريد في لوحة التحكم.",
    unfollow: "إلغاء متابعة {{organizer}}",
  },
  am: {
    reminderSubject: "ነገ፦ {{event}}",
    reminderHeading: "ያስቀመጡት ዝግጅት ነገ ነው",
    reminderIntro: "ሰላም {{name}}፣ ያስቀመጡት «{{event}}» ነገ ነው፦",
    reminderAction: "ዝግጅቱን ይመልከቱ",
    reminderWhy: "ይህን ማስታወሻ የሚቀበሉት ይህን ዝግጅት ስላስቀመጡ ነው። ማስታወሻዎችን በዳሽቦርድዎ የኢሜይል ቅንብሮች ውስጥ ማጥፋት ይችላሉ።",
    followedSubject: "ከሚከተሏቸው አዘጋጆች አዳዲስ ዝግጅቶች",
    followedHeading: "ከሚከተሏቸው አዘጋጆች አዲስ ነገር",
    followedIntro: "ሰላም {{name}}፣ የሚከተሏቸው አዘጋጆች አዳዲስ ዝግጅቶችን አውጥተዋል፦",
    followedAction: "የሚከተሉትን ይመልከቱ",
    followedWhy: "ይህን ኢሜይል የሚቀበሉት እነዚህን አዘጋጆች ስለሚከተሉ ነው፤ በቀን ቢበዛ አንድ። በዳሽቦርድዎ የኢሜይል ቅንብሮች ውስጥ ማጥፋት ይችላሉ።",
    unfollow: "{{organizer}}ን መከተል ያቁሙ",
  },
};

const MUTED_COLOR = "#3f3f46";
const ACCENT_COLOR = "#1d4ed8";

/** The event's date and time where it happens, with its zone's name (an e-mail is read anywhere). */
export function eventWhen(event: Pick<EventSummary, "startsAt" | "timeZone">, language: Language): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[language], {
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: event.timeZone,
    timeZoneName: "short",
  }).format(event.startsAt);
}

function eventItem(event: EventSummary, language: Language, siteUrl: string, extra?: { html: string; text: string }) {
  const href = checkedLink(`${siteUrl}/events/${event.id}`);
  const place = `${isolateUserText(event.venue.name)}, ${isolateUserText(event.venue.city)}`;
  const details = `${eventWhen(event, language)} · ${place}`;
  return {
    html: `<li style="margin:0 0 12px;"><a href="${escapeHtml(href)}" dir="auto" style="color:${ACCENT_COLOR};font-weight:bold;">${escapeHtml(event.title)}</a><br><span style="font-size:14px;color:${MUTED_COLOR};">${escapeHtml(details)}</span>${extra?.html ?? ""}</li>`,
    text: `- ${isolateUserText(event.title)}\n  ${details}\n  ${href}${extra?.text ?? ""}`,
  };
}

function listSection(items: { html: string; text: string }[]): EmailSection {
  return {
    html: `<ul style="margin:16px 0 0;padding-inline-start:20px;">${items.map((item) => item.html).join("")}</ul>`,
    text: items.map((item) => item.text).join("\n"),
  };
}

const fill = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((filled, [key, value]) => filled.replaceAll(`{{${key}}}`, value), text);

/** The day-before reminder of a saved event: its date and time in the event's own time zone, its place. */
export function renderSavedReminderEmail(reminder: SavedReminder, siteUrl: string): RenderedEmail {
  const words = SAVES_FOLLOWS_WORDS[reminder.language];
  const values = { name: isolateUserText(reminder.name), event: isolateUserText(reminder.event.title) };
  // The subject names the title as it is: a mail program shows isolating marks as boxes.
  const subject = fill(words.reminderSubject, { event: reminder.event.title });
  const body = renderEmailBody(
    {
      heading: words.reminderHeading,
      paragraphs: [fill(words.reminderIntro, values)],
      sections: [listSection([eventItem(reminder.event, reminder.language, siteUrl)])],
      action: { label: words.reminderAction, href: checkedLink(`${siteUrl}/events/${reminder.event.id}`) },
      notes: [words.reminderWhy],
    },
    reminder.language,
    subject,
    siteUrl,
  );
  return { to: reminder.to, language: reminder.language, subject, text: body.text, html: body.html };
}

/**
 * The day's new events of the organizers a person follows, each with a one-click link to stop
 * following its organizer (`unfollowLinks` by organizer id).
 */
export function renderFollowedEventsEmail(
  email: FollowedEventsEmail,
  unfollowLinks: ReadonlyMap<string, string>,
  siteUrl: string,
): RenderedEmail {
  const words = SAVES_FOLLOWS_WORDS[email.language];
  const items = email.events.map((event) => {
    const link = unfollowLinks.get(event.organizer.id);
    if (!link) return eventItem(event, email.language, siteUrl);
    const label = fill(words.unfollow, { organizer: isolateUserText(event.organizer.name) });
    const href = checkedLink(link);
    return eventItem(event, email.language, siteUrl, {
      html: `<br><a href="${escapeHtml(href)}" style="font-size:13px;color:${ACCENT_COLOR};">${escapeHtml(label)}</a>`,
      text: `\n  ${label}: ${href}`,
    });
  });
  const body = renderEmailBody(
    {
      heading: words.followedHeading,
      paragraphs: [fill(words.followedIntro, { name: isolateUserText(email.name) })],
      sections: [listSection(items)],
      action: { label: words.followedAction, href: checkedLink(`${siteUrl}/dashboard#following`) },
      notes: [words.followedWhy],
    },
    email.language,
    words.followedSubject,
    siteUrl,
  );
  return { to: email.to, language: email.language, subject: words.followedSubject, text: body.text, html: body.html };
}

/** The SEND_SAVED_REMINDER_EMAIL_JOB (services/saved-reminders.ts). */
export async function sendSavedReminderEmail(
  db: Database,
  mailer: Mailer,
  payload: unknown,
  context: { siteUrl: string; now: Date },
): Promise<void> {
  const reminder = await loadSavedReminder(db, payload, context.now);
  if (reminder) await mailer.deliver(renderSavedReminderEmail(reminder, context.siteUrl));
}

/** The SEND_FOLLOWED_EVENTS_EMAIL_JOB (services/followed-events-emails.ts), with its signed unfollow links. */
export async function sendFollowedEventsEmail(
  db: Database,
  mailer: Mailer,
  payload: unknown,
  context: { siteUrl: string; now: Date },
): Promise<void> {
  const email = await loadFollowedEventsEmail(db, payload, context.now);
  if (!email) return;
  const links = new Map<string, string>();
  for (const organizerId of new Set(email.events.map((event) => event.organizer.id))) {
    const token = await unfollowToken(db, { followerId: email.userId, organizerId });
    links.set(organizerId, `${context.siteUrl}/unfollow?token=${encodeURIComponent(token)}`);
  }
  await mailer.deliver(renderFollowedEventsEmail(email, links, context.siteUrl));
}
