import { z } from "zod";
import { BADGE_KEYS, badgeDefinition, isBadgeKey, type BadgeKey, type BadgeLevel } from "#domain/badges";
import { LANGUAGES, type Language } from "#domain/language";
import type { Mailer } from "./mailer";
import { checkedLink, renderEmailBody, type RenderedEmail } from "./render-email";

interface BadgeEmailWords {
  /** {{badge}}: the badge's name (one badge). */
  subjectOne: string;
  /** {{count}}: how many badges (several at once). */
  subjectMany: string;
  /** {{name}}: the person's name. */
  greeting: string;
  intro: string;
  /** {{badge}}, {{level}}. */
  line: string;
  action: string;
  optOut: string;
  /** The badges' names, as the site shows them (the `badges` page namespace; a unit test keeps them equal). */
  names: Record<BadgeKey, string>;
  levels: Record<BadgeLevel, string>;
}

/** The badge e-mail in the four languages. */
export const BADGE_EMAIL_WORDS: Record<Language, BadgeEmailWords> = {
  en: {
    subjectOne: "You earned a badge: {{badge}}",
    subjectMany: "You earned {{count}} badges",
    greeting: "Congratulations, {{name}}!",
    intro: "What you did on DMV Events earned you:",
    line: "{{badge}} ({{level}})",
    action: "See my badges",
    optOut: "You get this e-mail because badge e-mails are on in your e-mail settings; you can turn them off there.",
    names: {
      event_creator: "Event Creator",
      serial_organizer: "Serial Organizer",
      event_master: "Event Master",
      sold_out: "Sold Out",
      international_organizer: "International Organizer",
      community_builder: "Community Builder",
      first_timer: "First Timer",
      event_explorer: "Event Explorer",
      vip_member: "VIP Member",
      cultural_enthusiast: "Cultural Enthusiast",
      networking_pro: "Networking Pro",
      helpful_reviewer: "Helpful Reviewer",
      social_promoter: "Social Promoter",
      content_creator: "Content Creator",
      community_supporter: "Community Supporter",
    },
    levels: { bronze: "Bronze", silver: "Silver", gold: "Gold" },
  },
  fr: {
    subjectOne: "Vous avez obtenu un badge : {{badge}}",
    subjectMany: "Vous avez obtenu {{count}} badges",
    greeting: "Félicitations, {{name}} !",
    intro: "Votre activité sur DMV Events vous a valu :",
    line: "{{badge}} ({{level}})",
    action: "Voir mes badges",
    optOut:
      "Vous recevez cet e-mail parce que les e-mails de badges sont activés dans vos préférences d’e-mail ; vous pouvez les y désactiver.",
    names: {
      event_creator: "Créateur d’événements",
      serial_organizer: "Organisateur assidu",
      event_master: "Maître des événements",
      sold_out: "Complet",
      international_organizer: "Organisateur international",
      community_builder: "Bâtisseur de communauté",
      first_timer: "Première fois",
      event_explorer: "Explorateur d’événements",
      vip_member: "Membre VIP",
      cultural_enthusiast: "Passionné de cultures",
      networking_pro: "Pro du réseautage",
      helpful_reviewer: "Critique utile",
      social_promoter: "Promoteur social",
      content_creator: "Créateur de contenu",
      community_supporter: "Soutien de la communauté",
    },
    levels: { bronze: "Bronze", silver: "Argent", gold: "Or" },
  },
  ar: {
    subjectOne: "حصلت على شارة: {{badge}}",
    subjectMany: "حصلت على شارات جديدة ({{count}})",
    greeting: "تهانينا يا {{name}}!",
    intro: "ما قمت به على DMV Events أكسبك:",
    line: "{{badge}} ({{level}})",
    action: "عرض شاراتي",
    optOut: "تصلك هذه الرسالة لأن رسائل الشارات مفعّلة في إعدادات بريدك الإلكتروني؛ يمكنك إيقافها من هناك.",
    names: {
      event_creator: "منشئ الفعاليات",
      serial_organizer: "منظم متمرس",
      event_master: "خبير الفعاليات",
      sold_out: "نفدت التذاكر",
      international_organizer: "منظم دولي",
      community_builder: "باني المجتمع",
      first_timer: "المرة الأولى",
      event_explorer: "مستكشف الفعاليات",
      vip_member: "عضو VIP",
      cultural_enthusiast: "محب الثقافات",
      networking_pro: "محترف التواصل",
      helpful_reviewer: "مراجع مفيد",
      social_promoter: "مروج اجتماعي",
      content_creator: "صانع محتوى",
      community_supporter: "داعم المجتمع",
    },
    levels: { bronze: "برونزية", silver: "فضية", gold: "ذهبية" },
  },
  am: {
    subjectOne: "ባጅ አግኝተዋል፦ {{badge}}",
    subjectMany: "{{count}} ባጆች አግኝተዋል",
    greeting: "እንኳን ደስ አለዎት፣ {{name}}!",
    intro: "በDMV Events ላይ ያደረጉት ይህን አስገኝቶልዎታል፦",
    line: "{{badge}} ({{level}})",
    action: "ባጆቼን እይ",
    optOut: "ይህ ኢሜይል የደረሰዎት በኢሜይል ቅንብሮችዎ ውስጥ የባጅ ኢሜይሎች ስለበሩ ነው፤ እዚያው ሊያጠፏቸው ይችላሉ።",
    names: {
      event_creator: "የዝግጅት ፈጣሪ",
      serial_organizer: "ተከታታይ አዘጋጅ",
      event_master: "የዝግጅት ባለሙያ",
      sold_out: "ተሽጦ አልቋል",
      international_organizer: "ዓለም አቀፍ አዘጋጅ",
      community_builder: "ማኅበረሰብ ገንቢ",
      first_timer: "የመጀመሪያ ጊዜ",
      event_explorer: "የዝግጅት አሳሽ",
      vip_member: "የVIP አባል",
      cultural_enthusiast: "የባህል አፍቃሪ",
      networking_pro: "የትስስር ባለሙያ",
      helpful_reviewer: "ጠቃሚ ገምጋሚ",
      social_promoter: "ማኅበራዊ አስተዋዋቂ",
      content_creator: "የይዘት ፈጣሪ",
      community_supporter: "የማኅበረሰብ ደጋፊ",
    },
    levels: { bronze: "ነሐስ", silver: "ብር", gold: "ወርቅ" },
  },
};

const payloadSchema = z.object({
  to: z.string().min(3).max(320),
  language: z.enum(LANGUAGES),
  name: z.string().max(1_000),
  badges: z
    .array(z.string().refine(isBadgeKey))
    .min(1)
    .max(BADGE_KEYS.length)
    .transform((keys) => keys as BadgeKey[]),
});

/** The SEND_BADGE_EMAIL_JOB's payload (services/badges.ts queues it). */
export type BadgeEmail = z.input<typeof payloadSchema>;

export function renderBadgeEmail(input: BadgeEmail, siteUrl: string): RenderedEmail {
  const email = payloadSchema.parse(input);
  const words = BADGE_EMAIL_WORDS[email.language];
  const nameOf = (key: BadgeKey) => words.names[key];
  const subject =
    email.badges.length === 1
      ? words.subjectOne.replaceAll("{{badge}}", nameOf(email.badges[0]!))
      : words.subjectMany.replaceAll("{{count}}", String(email.badges.length));
  const lines = email.badges.map((key) =>
    words.line.replaceAll("{{badge}}", nameOf(key)).replaceAll("{{level}}", words.levels[badgeDefinition(key).level]),
  );
  const body = renderEmailBody(
    {
      heading: words.greeting.replaceAll("{{name}}", email.name),
      paragraphs: [words.intro, ...lines],
      action: { label: words.action, href: checkedLink(new URL("/dashboard#badges", siteUrl).toString()) },
      notes: [words.optOut],
    },
    email.language,
    subject,
    siteUrl,
  );
  return { to: email.to, language: email.language, subject, text: body.text, html: body.html };
}

/** The SEND_BADGE_EMAIL_JOB (services/badges.ts). */
export async function sendBadgeEmail(mailer: Mailer, payload: unknown, siteUrl: string): Promise<void> {
  await mailer.deliver(renderBadgeEmail(payload as BadgeEmail, siteUrl));
}
