import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Language } from "#domain/language";
import { isolateUserText } from "#domain/text-direction";
import type { Database } from "#server/db/client";
import { events, profiles, promotionCampaigns, users } from "#server/db/schema";
import type { Mailer } from "./mailer";
import { checkedLink, renderEmailBody, type RenderedEmail } from "./render-email";

interface PromotionEndedWords {
  subject: string;
  heading: string;
  /** `{{title}}` is the event's title. */
  intro: string;
  next: string;
  action: string;
}

/** The "your promotion ended" e-mail in the four languages. */
export const PROMOTION_ENDED_WORDS: Record<Language, PromotionEndedWords> = {
  en: {
    subject: "Your promotion has ended",
    heading: "Your promotion has ended",
    intro: "The promotion of “{{title}}” has reached its end date: the event is no longer featured or promoted.",
    next: "You can see what it included, or start a new promotion, on the campaign's page.",
    action: "See the campaign",
  },
  fr: {
    subject: "Votre promotion est terminée",
    heading: "Votre promotion est terminée",
    intro: "La promotion de « {{title}} » est arrivée à sa date de fin : l’événement n’est plus mis en avant ni promu.",
    next: "Vous pouvez voir ce qu’elle comprenait, ou lancer une nouvelle promotion, sur la page de la campagne.",
    action: "Voir la campagne",
  },
  ar: {
    subject: "انتهى الترويج الخاص بك",
    heading: "انتهى الترويج الخاص بك",
    intro: "بلغ ترويج «{{title}}» تاريخ انتهائه: لم تعد الفعالية مميزة أو مروَّجة.",
    next: "يمكنك الاطلاع على ما تضمنه، أو بدء ترويج جديد، في صفحة الحملة.",
    action: "عرض الحملة",
  },
  am: {
    subject: "ማስተዋወቂያዎ አብቅቷል",
    heading: "ማስተዋወቂያዎ አብቅቷል",
    intro: "የ«{{title}}» ማስተዋወቂያ የማብቂያ ቀኑ ደርሷል፤ ዝግጅቱ ከእንግዲህ ተለይቶ አይቀርብም ወይም አይተዋወቅም።",
    next: "ያካተተውን ማየት ወይም አዲስ ማስተዋወቂያ መጀመር በዘመቻው ገጽ ላይ ይችላሉ።",
    action: "ዘመቻውን ይመልከቱ",
  },
};

const payloadSchema = z.object({ campaignId: z.uuid() });

/** Writes the e-mail telling an organizer that a campaign ended, in their language. */
export function renderPromotionEndedEmail(
  input: { to: string; language: Language; eventTitle: string; campaignId: string },
  siteUrl: string,
): RenderedEmail {
  const words = PROMOTION_ENDED_WORDS[input.language];
  const body = renderEmailBody(
    {
      heading: words.heading,
      paragraphs: [words.intro.replaceAll("{{title}}", () => isolateUserText(input.eventTitle)), words.next],
      action: { label: words.action, href: checkedLink(`${siteUrl}/promote/${input.campaignId}`) },
      notes: [],
    },
    input.language,
    words.subject,
    siteUrl,
  );
  return { to: input.to, language: input.language, subject: words.subject, ...body };
}

/**
 * The SEND_PROMOTION_ENDED_EMAIL_JOB: reads the campaign, its event and organizer when sending, and
 * hands the message to the mailer. A campaign deleted meanwhile (with its event) sends nothing.
 */
export async function sendPromotionEndedEmail(
  db: Database,
  mailer: Mailer,
  payload: unknown,
  siteUrl: string,
): Promise<void> {
  const { campaignId } = payloadSchema.parse(payload);
  const [row] = await db
    .select({ email: users.email, language: profiles.preferredLanguage, eventTitle: events.title })
    .from(promotionCampaigns)
    .innerJoin(events, eq(events.id, promotionCampaigns.eventId))
    .innerJoin(users, eq(users.id, promotionCampaigns.organizerId))
    .leftJoin(profiles, eq(profiles.userId, promotionCampaigns.organizerId))
    .where(eq(promotionCampaigns.id, campaignId));
  if (!row) return;
  await mailer.deliver(
    renderPromotionEndedEmail(
      { to: row.email, language: row.language ?? "en", eventTitle: row.eventTitle, campaignId },
      siteUrl,
    ),
  );
}
