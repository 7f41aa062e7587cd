import { z } from "zod";
import { LANGUAGES, type Language } from "#domain/language";
import type { Mailer } from "./mailer";
import { checkedLink, renderEmailBody, type RenderedEmail } from "./render-email";

interface ConfirmationWords {
  subject: string;
  heading: string;
  /** {{email}}, {{ticketType}}, {{event}}. */
  intro: string;
  why: string;
  action: string;
  ignore: string;
}

/** The confirmation e-mail in the four languages. */
export const WAITLIST_CONFIRMATION_WORDS: Record<Language, ConfirmationWords> = {
  en: {
    subject: "Confirm your place on the waitlist for {{event}}",
    heading: "Confirm your waitlist place",
    intro: "Someone, hopefully you, put {{email}} on the waitlist for “{{ticketType}}” at “{{event}}”.",
    why: "Confirm within 24 hours to keep your place: when a ticket is freed, only confirmed places are offered it.",
    action: "Confirm my place",
    ignore: "If you did not ask for it, ignore this e-mail: the place lapses and nothing more is sent to you.",
  },
  fr: {
    subject: "Confirmez votre place sur la liste d’attente de {{event}}",
    heading: "Confirmez votre place sur la liste d’attente",
    intro:
      "Quelqu’un, vous sans doute, a inscrit {{email}} sur la liste d’attente de « {{ticketType}} » pour « {{event}} ».",
    why: "Confirmez sous 24 heures pour garder votre place : quand un billet se libère, seules les places confirmées se le voient proposer.",
    action: "Confirmer ma place",
    ignore: "Si vous ne l’avez pas demandé, ignorez cet e-mail : la place expire et rien d’autre ne vous sera envoyé.",
  },
  ar: {
    subject: "أكِّد مكانك في قائمة الانتظار لـ {{event}}",
    heading: "أكِّد مكانك في قائمة الانتظار",
    intro: "أضاف شخصٌ ما، ونأمل أن تكون أنت، العنوان {{email}} إلى قائمة الانتظار لـ «{{ticketType}}» في «{{event}}».",
    why: "أكِّد خلال 24 ساعة للاحتفاظ بمكانك: عندما تتوفر تذكرة، لا تُعرض إلا على الأماكن المؤكَّدة.",
    action: "تأكيد مكاني",
    ignore: "إذا لم تطلب ذلك، فتجاهل هذه الرسالة: سيسقط المكان ولن يُرسَل إليك شيء آخر.",
  },
  am: {
    subject: "ለ{{event}} በመጠባበቂያ ዝርዝሩ ላይ ያለዎትን ቦታ ያረጋግጡ",
    heading: "በመጠባበቂያ ዝርዝሩ ላይ ያለዎትን ቦታ ያረጋግጡ",
    intro: "አንድ ሰው፣ እርስዎ እንደሆኑ ተስፋ እናደርጋለን፣ {{email}}ን ለ«{{event}}» «{{ticketType}}» የመጠባበቂያ ዝርዝር ላይ አስገብቷል።",
    why: "ቦታዎን ለማቆየት በ24 ሰዓት ውስጥ ያረጋግጡ፤ ትኬት ሲለቀቅ የሚቀርበው ለተረጋገጡ ቦታዎች ብቻ ነው።",
    action: "ቦታዬን አረጋግጥ",
    ignore: "ይህን ካልጠየቁ ይህን ኢሜይል ችላ ይበሉ፤ ቦታው ጊዜው ያልፍበታል፣ ሌላ ምንም አይላክልዎትም።",
  },
};

const payloadSchema = z.object({
  to: z.string().min(3).max(320),
  language: z.enum(LANGUAGES),
  link: z.string().max(4_000),
  eventTitle: z.string().max(1_000),
  ticketTypeName: z.string().max(1_000),
});

export type WaitlistConfirmationEmail = z.infer<typeof payloadSchema>;

export function renderWaitlistConfirmationEmail(input: WaitlistConfirmationEmail, siteUrl: string): RenderedEmail {
  const words = WAITLIST_CONFIRMATION_WORDS[input.language];
  const fill = (text: string) =>
    text
      .replaceAll("{{email}}", input.to)
      .replaceAll("{{ticketType}}", input.ticketTypeName)
      .replaceAll("{{event}}", input.eventTitle);
  const subject = fill(words.subject);
  const body = renderEmailBody(
    {
      heading: words.heading,
      paragraphs: [fill(words.intro), words.why],
      action: { label: words.action, href: checkedLink(input.link) },
      notes: [words.ignore],
    },
    input.language,
    subject,
    siteUrl,
  );
  return { to: input.to, language: input.language, subject, text: body.text, html: body.html };
}

/** The SEND_WAITLIST_CONFIRMATION_JOB (services/email-jobs.ts). */
export async function sendWaitlistConfirmation(mailer: Mailer, payload: unknown, siteUrl: string): Promise<void> {
  await mailer.deliver(renderWaitlistConfirmationEmail(payloadSchema.parse(payload), siteUrl));
}
