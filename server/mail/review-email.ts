import { z } from "zod";
import { LANGUAGES, type Language } from "#domain/language";
import type { Mailer } from "./mailer";
import { checkedLink, renderEmailBody, type RenderedEmail } from "./render-email";

interface ReviewWords {
  postedSubject: string;
  postedHeading: string;
  /** {{event}}, {{rating}}. */
  postedIntro: string;
  postedAction: string;
  answeredSubject: string;
  answeredHeading: string;
  /** {{event}}. */
  answeredIntro: string;
  answeredAction: string;
  /** The way to turn these e-mails off. */
  settings: string;
}

/** The e-mails about reviews (a review arrived; a review was answered), in the four languages. */
export const REVIEW_EMAIL_WORDS: Record<Language, ReviewWords> = {
  en: {
    postedSubject: "New review of {{event}}",
    postedHeading: "Someone reviewed your event",
    postedIntro: "A guest of “{{event}}” rated it {{rating}} out of 5. You can answer the review publicly, once.",
    postedAction: "Read the review",
    answeredSubject: "The organizer answered your review of {{event}}",
    answeredHeading: "Your review was answered",
    answeredIntro: "The organizer of “{{event}}” answered your review publicly.",
    answeredAction: "Read the answer",
    settings: "You get this e-mail because review e-mails are on in your e-mail settings: {{link}}",
  },
  fr: {
    postedSubject: "Nouvel avis sur {{event}}",
    postedHeading: "Quelqu’un a donné son avis sur votre événement",
    postedIntro:
      "Un participant à « {{event}} » lui a donné {{rating}} sur 5. Vous pouvez répondre publiquement à cet avis, une fois.",
    postedAction: "Lire l’avis",
    answeredSubject: "L’organisateur a répondu à votre avis sur {{event}}",
    answeredHeading: "Votre avis a reçu une réponse",
    answeredIntro: "L’organisateur de « {{event}} » a répondu publiquement à votre avis.",
    answeredAction: "Lire la réponse",
    settings: "Vous recevez cet e-mail car les e-mails sur les avis sont activés dans vos réglages : {{link}}",
  },
  ar: {
    postedSubject: "تقييم جديد لـ {{event}}",
    postedHeading: "قيّم أحدهم فعاليتك",
    postedIntro: "منح أحد حضور «{{event}}» الفعالية {{rating}} من 5. يمكنك الرد على التقييم علنًا مرة واحدة.",
    postedAction: "قراءة التقييم",
    answeredSubject: "ردّ المنظِّم على تقييمك لـ {{event}}",
    answeredHeading: "تلقّى تقييمك ردًا",
    answeredIntro: "ردّ منظِّم «{{event}}» على تقييمك علنًا.",
    answeredAction: "قراءة الرد",
    settings: "تصلك هذه الرسالة لأن رسائل التقييمات مفعّلة في إعدادات بريدك: {{link}}",
  },
  am: {
    postedSubject: "ስለ {{event}} አዲስ ግምገማ",
    postedHeading: "አንድ ሰው ዝግጅትዎን ገምግሟል",
    postedIntro: "የ«{{event}}» ተሳታፊ ከ5 {{rating}} ሰጥቷል። ለግምገማው አንድ ጊዜ በይፋ መመለስ ይችላሉ።",
    postedAction: "ግምገማውን ያንብቡ",
    answeredSubject: "አዘጋጁ ስለ {{event}} ለሰጡት ግምገማ ምላሽ ሰጥቷል",
    answeredHeading: "ግምገማዎ ምላሽ አግኝቷል",
    answeredIntro: "የ«{{event}}» አዘጋጅ ለግምገማዎ በይፋ ምላሽ ሰጥቷል።",
    answeredAction: "ምላሹን ያንብቡ",
    settings: "ይህ ኢሜይል የደረሰዎት በኢሜይል ቅንብሮችዎ ውስጥ የግምገማ ኢሜይሎች ስለበሩ ነው፦ {{link}}",
  },
};

const payloadSchema = z.object({
  kind: z.enum(["posted", "answered"]),
  to: z.string().min(3).max(320),
  language: z.enum(LANGUAGES),
  eventId: z.number().int().positive(),
  eventTitle: z.string().max(1_000),
  rating: z.number().int().min(1).max(5),
  reviewId: z.number().int().positive(),
});

export type ReviewEmail = z.infer<typeof payloadSchema>;

export function renderReviewEmail(input: ReviewEmail, siteUrl: string): RenderedEmail {
  const words = REVIEW_EMAIL_WORDS[input.language];
  const fill = (text: string) =>
    text
      .replaceAll("{{event}}", input.eventTitle)
      .replaceAll("{{rating}}", String(input.rating))
      .replaceAll("{{link}}", `${siteUrl}/dashboard/settings/emails`);
  const posted = input.kind === "posted";
  const subject = fill(posted ? words.postedSubject : words.answeredSubject);
  const body = renderEmailBody(
    {
      heading: posted ? words.postedHeading : words.answeredHeading,
      paragraphs: [fill(posted ? words.postedIntro : words.answeredIntro)],
      action: {
        label: posted ? words.postedAction : words.answeredAction,
        href: checkedLink(`${siteUrl}/events/${input.eventId}#review-${input.reviewId}`),
      },
      notes: [fill(words.settings)],
    },
    input.language,
    subject,
    siteUrl,
  );
  return { to: input.to, language: input.language, subject, text: body.text, html: body.html };
}

/** The SEND_REVIEW_EMAIL_JOB (services/reviews.ts). */
export async function sendReviewEmail(mailer: Mailer, payload: unknown, siteUrl: string): Promise<void> {
  await mailer.deliver(renderReviewEmail(payloadSchema.parse(payload), siteUrl));
}
