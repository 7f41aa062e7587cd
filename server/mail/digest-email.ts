import type { EventSummary } from "#domain/event-summary";
import { LOCALE_TAGS, type Language } from "#domain/language";
import { priceLine } from "#domain/price";
import { formatMoney, isolateUserText } from "#domain/text-direction";
import type { Database } from "#server/db/client";
import { digestUnsubscribeToken } from "#server/services/digest-unsubscribe-token";
import { loadDigest, type Digest } from "#server/services/weekly-digest";
import type { Mailer } from "./mailer";
import { withLink } from "./newsletter-email";
import { checkedLink, escapeHtml, renderEmailBody, type EmailSection, type RenderedEmail } from "./render-email";

interface DigestWords {
  subject: string;
  heading: string;
  /** For a person with interests. */
  introInterests: string;
  /** For a newsletter subscriber. */
  introSubscriber: string;
  promoted: string;
  upcomingInterests: string;
  upcomingSubscriber: string;
  free: string;
  /** `{{price}}` is the lowest price. */
  from: string;
  action: string;
  whyInterests: string;
  whySubscriber: string;
  /** Followed by the unsubscribe link. */
  unsubscribe: string;
}

/** The weekly digest in the four languages. */
export const DIGEST_WORDS: Record<Language, DigestWords> = {
  en: {
    subject: "This week on DMV Events",
    heading: "Your weekly events digest",
    introInterests: "Here are upcoming events picked for your interests, with a few promoted events first.",
    introSubscriber: "Here are upcoming events around the DMV and beyond, with a few promoted events first.",
    promoted: "Promoted events",
    upcomingInterests: "Upcoming events for your interests",
    upcomingSubscriber: "Upcoming events",
    free: "Free Event",
    from: "From {{price}}",
    action: "See all events",
    whyInterests: "You receive this digest because it is turned on in your dashboard and you saved interests.",
    whySubscriber: "You receive this digest because you subscribed to the DMV Events newsletter.",
    unsubscribe: "Unsubscribe from this digest:",
  },
  fr: {
    subject: "Cette semaine sur DMV Events",
    heading: "Votre résumé hebdomadaire des événements",
    introInterests:
      "Voici des événements à venir choisis selon vos centres d’intérêt, précédés de quelques événements promus.",
    introSubscriber:
      "Voici des événements à venir dans la région DMV et ailleurs, précédés de quelques événements promus.",
    promoted: "Événements promus",
    upcomingInterests: "Événements à venir selon vos centres d’intérêt",
    upcomingSubscriber: "Événements à venir",
    free: "Événement gratuit",
    from: "À partir de {{price}}",
    action: "Voir tous les événements",
    whyInterests:
      "Vous recevez ce résumé parce qu’il est activé dans votre tableau de bord et que vous avez enregistré des centres d’intérêt.",
    whySubscriber: "Vous recevez ce résumé parce que vous vous êtes abonné à la lettre d’information de DMV Events.",
    unsubscribe: "Se désabonner de ce résumé :",
  },
  ar: {
    subject: "هذا الأسبوع على DMV Events",
    heading: "ملخصك الأسبوعي للفعاليات",
    introInterests: "إليك فعاليات قادمة مختارة وفق اهتماماتك، تسبقها بعض الفعاليات المروَّجة.",
    introSubscriber: "إليك فعاليات قادمة في منطقة DMV وخارجها، تسبقها بعض الفعاليات المروَّجة.",
    promoted: "فعاليات مروَّجة",
    upcomingInterests: "فعاليات قادمة وفق اهتماماتك",
    upcomingSubscriber: "فعاليات قادمة",
    free: "فعالية مجانية",
    from: "ابتداءً من {{price}}",
    action: "عرض جميع الفعاليات",
    whyInterests: "تتلقى هذا الملخص لأنه مفعَّل في لوحة التحكم الخاصة بك ولأنك حفظت اهتمامات.",
    whySubscriber: "تتلقى هذا الملخص لأنك اشتركت في النشرة الإخبارية من DMV Events.",
    unsubscribe: "إلغاء الاشتراك في هذا الملخص:",
  },
  am: {
    subject: "በዚህ ሳምንት በDMV Events",
    heading: "ሳምንታዊ የዝግጅቶች ማጠቃለያዎ",
    introInterests: "በፍላጎቶችዎ መሠረት የተመረጡ መጪ ዝግጅቶች እነሆ፤ ጥቂት የሚተዋወቁ ዝግጅቶች ቀድመው ቀርበዋል።",
    introSubscriber: "በDMV አካባቢ እና ከዚያም በላይ ያሉ መጪ ዝግጅቶች እነሆ፤ ጥቂት የሚተዋወቁ ዝግጅቶች ቀድመው ቀርበዋል።",
    promoted: "የሚተዋወቁ ዝግጅቶች",
    upcomingInterests: "ለፍላጎቶችዎ የሚሆኑ መጪ ዝግጅቶች",
    upcomingSubscriber: "መጪ ዝግጅቶች",
    free: "ነፃ ዝግጅት",
    from: "ከ{{price}} ጀምሮ",
    action: "ሁሉንም ዝግጅቶች ይመልከቱ",
    whyInterests: "ይህን ማጠቃለያ የሚቀበሉት በዳሽቦርድዎ ላይ ስለበራ እና ፍላጎቶችን ስላስቀመጡ ነው።",
    whySubscriber: "ይህን ማጠቃለያ የሚቀበሉት ለDMV Events ጋዜጣ ስለተመዘገቡ ነው።",
    unsubscribe: "ከዚህ ማጠቃለያ ምዝገባ ይሰርዙ፦",
  },
};

const MUTED_COLOR = "#3f3f46";
const ACCENT_COLOR = "#1d4ed8";

/**
 * Writes one recipient's digest: the promoted events, then the upcoming ones, each with its date in
 * the event's own time zone, its place and price line, linked to its page; and the unsubscribe link.
 */
export function renderDigestEmail(digest: Digest, unsubscribeLink: string, siteUrl: string): RenderedEmail {
  const words = DIGEST_WORDS[digest.language];
  const hasInterests = "userId" in digest.recipient;
  const unsubscribe = checkedLink(unsubscribeLink);
  const sections: EmailSection[] = [];
  if (digest.promoted.length > 0)
    sections.push(eventsSection(words.promoted, digest.promoted, digest.language, siteUrl));
  if (digest.upcoming.length > 0) {
    const title = hasInterests ? words.upcomingInterests : words.upcomingSubscriber;
    sections.push(eventsSection(title, digest.upcoming, digest.language, siteUrl));
  }
  const body = renderEmailBody(
    {
      heading: words.heading,
      paragraphs: [hasInterests ? words.introInterests : words.introSubscriber],
      sections,
      action: { label: words.action, href: checkedLink(`${siteUrl}/events`) },
      notes: [hasInterests ? words.whyInterests : words.whySubscriber, `${words.unsubscribe} ${unsubscribe}`],
      // An account's digest is one of its e-mail settings; a newsletter subscription has no account.
      isOptional: hasInterests,
    },
    digest.language,
    words.subject,
    siteUrl,
  );
  return {
    to: digest.to,
    language: digest.language,
    subject: words.subject,
    text: body.text,
    html: withLink(body.html, unsubscribe),
  };
}

function eventsSection(title: string, events: EventSummary[], language: Language, siteUrl: string): EmailSection {
  const items = events.map((event) => {
    const href = checkedLink(`${siteUrl}/events/${event.id}`);
    const place = `${isolateUserText(event.venue.name)}, ${isolateUserText(event.venue.city)}`;
    const details = [when(event, language), place, price(event, language)].filter(Boolean).join(" · ");
    return {
      html: `<li style="margin:0 0 12px;"><a href="${escapeHtml(href)}" dir="auto" style="color:${ACCENT_COLOR};font-weight:bold;">${escapeHtml(event.title)}</a><br><span style="font-size:14px;color:${MUTED_COLOR};">${escapeHtml(details)}</span></li>`,
      text: `- ${isolateUserText(event.title)}\n  ${details}\n  ${href}`,
    };
  });
  return {
    html: `<h2 style="margin:24px 0 12px;font-size:18px;">${escapeHtml(title)}</h2>\n<ul style="margin:0;padding-inline-start:20px;">${items.map((item) => item.html).join("")}</ul>`,
    text: `${title}\n${items.map((item) => item.text).join("\n")}`,
  };
}

function when(event: EventSummary, language: Language): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[language], {
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: event.timeZone,
    timeZoneName: "short",
  }).format(event.startsAt);
}

function price(event: EventSummary, language: Language): string {
  const line = priceLine(event.ticketTypes);
  const words = DIGEST_WORDS[language];
  const money = (cents: number) => formatMoney(cents, language);
  if (line.kind === "free") return words.free;
  if (line.kind === "from") return words.from.replaceAll("{{price}}", money(line.cents));
  if (line.kind === "single") return money(line.cents);
  return "";
}

/**
 * The SEND_DIGEST_EMAIL_JOB: the digest as of when it is sent (events change during the week), with a
 * signed unsubscribe link for its recipient. Nothing is sent to someone who unsubscribed meanwhile,
 * nor when there is no event to tell about.
 */
export async function sendDigestEmail(
  db: Database,
  mailer: Mailer,
  payload: unknown,
  context: { siteUrl: string; now: Date },
): Promise<void> {
  const digest = await loadDigest(db, payload, context.now);
  if (!digest) return;
  const token = await digestUnsubscribeToken(db, digest.recipient);
  const link = `${context.siteUrl}/newsletter?unsubscribe=${encodeURIComponent(token)}`;
  await mailer.deliver(renderDigestEmail(digest, link, context.siteUrl));
}
