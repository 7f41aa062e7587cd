import { z } from "zod";
import { LANGUAGES, type Language } from "#domain/language";
import type { Mailer } from "./mailer";
import { checkedLink, escapeHtml, renderEmailBody, type RenderedEmail } from "./render-email";

interface ConfirmationWords {
  subject: string;
  heading: string;
  intro: string;
  action: string;
  ignore: string;
  /** Followed by the unsubscribe link. */
  unsubscribe: string;
}

/** The confirmation e-mail (double opt-in) in the four languages. */
export const NEWSLETTER_CONFIRMATION_WORDS: Record<Language, ConfirmationWords> = {
  en: {
    subject: "Confirm your subscription to the DMV Events weekly digest",
    heading: "Confirm your subscription",
    intro:
      "Someone, hopefully you, asked to receive the DMV Events weekly digest at {{email}}: promoted and upcoming events, every Monday.",
    action: "Confirm my subscription",
    ignore: "If you did not ask for it, ignore this e-mail: nothing will be sent to you.",
    unsubscribe: "Changed your mind later? Unsubscribe here:",
  },
  fr: {
    subject: "Confirmez votre abonnement au résumé hebdomadaire de DMV Events",
    heading: "Confirmez votre abonnement",
    intro:
      "Quelqu’un, vous sans doute, a demandé à recevoir le résumé hebdomadaire de DMV Events à l’adresse {{email}} : événements promus et à venir, chaque lundi.",
    action: "Confirmer mon abonnement",
    ignore: "Si vous ne l’avez pas demandé, ignorez cet e-mail : rien ne vous sera envoyé.",
    unsubscribe: "Vous changez d’avis plus tard ? Désabonnez-vous ici :",
  },
  ar: {
    subject: "أكِّد اشتراكك في الملخص الأسبوعي من DMV Events",
    heading: "أكِّد اشتراكك",
    intro:
      "طلب شخصٌ ما، ونأمل أن تكون أنت، تلقي الملخص الأسبوعي من DMV Events على العنوان {{email}}: فعاليات مروَّجة وقادمة، كل يوم اثنين.",
    action: "تأكيد اشتراكي",
    ignore: "إذا لم تطلب ذلك، فتجاهل هذه الرسالة: لن يُرسَل إليك شيء.",
    unsubscribe: "غيّرت رأيك لاحقًا؟ ألغِ الاشتراك من هنا:",
  },
  am: {
    subject: "ለDMV Events ሳምንታዊ ማጠቃለያ ምዝገባዎን ያረጋግጡ",
    heading: "ምዝገባዎን ያረጋግጡ",
    intro:
      "አንድ ሰው፣ እርስዎ እንደሆኑ ተስፋ እናደርጋለን፣ የDMV Events ሳምንታዊ ማጠቃለያን በ{{email}} ለመቀበል ጠይቋል፤ የሚተዋወቁ እና የሚመጡ ዝግጅቶች፣ በየሰኞ።",
    action: "ምዝገባዬን አረጋግጥ",
    ignore: "ይህን ካልጠየቁ ይህን ኢሜይል ችላ ይበሉ፤ ምንም አይላክልዎትም።",
    unsubscribe: "በኋላ ሐሳብዎን ቀየሩ? ምዝገባውን እዚህ ይሰርዙ፦",
  },
};

const payloadSchema = z.object({
  to: z.string().min(3).max(320),
  language: z.enum(LANGUAGES),
  link: z.string().max(4_000),
});

/**
 * The confirmation e-mail: a button to `/newsletter?confirm=TOKEN` and, for later, the same token's
 * unsubscribe link (the subscription's one secret opens both; the page asks before acting).
 */
export function renderNewsletterConfirmationEmail(
  input: { to: string; language: Language; link: string },
  siteUrl: string,
): RenderedEmail {
  const words = NEWSLETTER_CONFIRMATION_WORDS[input.language];
  const confirmLink = new URL(checkedLink(input.link));
  const unsubscribeLink = new URL(confirmLink);
  unsubscribeLink.search = "";
  unsubscribeLink.searchParams.set("unsubscribe", confirmLink.searchParams.get("confirm") ?? "");
  const body = renderEmailBody(
    {
      heading: words.heading,
      paragraphs: [words.intro.replaceAll("{{email}}", input.to)],
      action: { label: words.action, href: confirmLink.href },
      notes: [words.ignore, `${words.unsubscribe} ${unsubscribeLink.href}`],
    },
    input.language,
    words.subject,
    siteUrl,
  );
  return {
    to: input.to,
    language: input.language,
    subject: words.subject,
    text: body.text,
    html: withLink(body.html, unsubscribeLink.href),
  };
}

/**
 * The shared layout writes notes as plain text; this makes the one URL in a note a link in the HTML
 * (the text version shows it as is, which mail programs link themselves).
 */
export function withLink(html: string, href: string): string {
  const escaped = escapeHtml(href);
  return html.replace(
    escaped,
    `<a href="${escaped}" dir="ltr" style="color:#1d4ed8;word-break:break-all;">${escaped}</a>`,
  );
}

/** The SEND_NEWSLETTER_CONFIRMATION_JOB (services/email-jobs.ts). */
export async function sendNewsletterConfirmation(mailer: Mailer, payload: unknown, siteUrl: string): Promise<void> {
  await mailer.deliver(renderNewsletterConfirmationEmail(payloadSchema.parse(payload), siteUrl));
}
