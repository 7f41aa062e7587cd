import { z } from "zod";
import { LANGUAGES, type Language } from "#domain/language";
import type { Mailer } from "./mailer";
import { checkedLink, renderEmailBody, type RenderedEmail } from "./render-email";

interface InvitationWords {
  subject: string;
  heading: string;
  /** {{inviter}}, {{event}}. */
  intro: string;
  /** {{rate}}. */
  commission: string;
  noCommission: string;
  howTo: string;
  action: string;
  ignore: string;
}

/** The invitation in the four languages. */
export const PROMOTER_INVITATION_WORDS: Record<Language, InvitationWords> = {
  en: {
    subject: "You are invited to promote {{event}} on DMV Events",
    heading: "An invitation to promote an event",
    intro: "{{inviter}} invites you to promote “{{event}}” on DMV Events with a link of your own.",
    commission: "You earn {{rate}} % of the ticket revenue of every order placed through your link.",
    noCommission: "This invitation comes without a commission.",
    howTo:
      "To accept, sign in with this address and open your promoter dashboard. No account yet? Sign up with this address first.",
    action: "Open my promoter dashboard",
    ignore: "Not interested? Ignore this e-mail: nothing happens without your answer.",
  },
  fr: {
    subject: "Vous êtes invité à promouvoir {{event}} sur DMV Events",
    heading: "Une invitation à promouvoir un événement",
    intro: "{{inviter}} vous invite à promouvoir « {{event}} » sur DMV Events avec votre propre lien.",
    commission: "Vous touchez {{rate}} % du montant des billets de chaque commande passée par votre lien.",
    noCommission: "Cette invitation ne prévoit pas de commission.",
    howTo:
      "Pour accepter, connectez-vous avec cette adresse et ouvrez votre tableau de bord de promoteur. Pas encore de compte ? Inscrivez-vous d’abord avec cette adresse.",
    action: "Ouvrir mon tableau de bord de promoteur",
    ignore: "Pas intéressé ? Ignorez cet e-mail : rien ne se passe sans votre réponse.",
  },
  ar: {
    subject: "أنت مدعو للترويج لـ {{event}} على DMV Events",
    heading: "دعوة للترويج لفعالية",
    intro: "يدعوك {{inviter}} للترويج لـ «{{event}}» على DMV Events برابط خاص بك.",
    commission: "تحصل على {{rate}} ٪ من قيمة التذاكر في كل طلب يتم عبر رابطك.",
    noCommission: "هذه الدعوة بلا عمولة.",
    howTo:
      "للقبول، سجّل الدخول بهذا العنوان وافتح لوحة المروّج الخاصة بك. ليس لديك حساب بعد؟ أنشئ حسابًا بهذا العنوان أولًا.",
    action: "افتح لوحة المروّج",
    ignore: "غير مهتم؟ تجاهل هذه الرسالة: لن يحدث شيء دون ردّك.",
  },
  am: {
    subject: "በDMV Events ላይ {{event}}ን እንዲያስተዋውቁ ተጋብዘዋል",
    heading: "ዝግጅትን የማስተዋወቅ ግብዣ",
    intro: "{{inviter}} በDMV Events ላይ «{{event}}»ን በራስዎ ሊንክ እንዲያስተዋውቁ ይጋብዝዎታል።",
    commission: "በሊንክዎ በኩል ከሚደረግ እያንዳንዱ ትዕዛዝ የትኬት ገቢ {{rate}} % ያገኛሉ።",
    noCommission: "ይህ ግብዣ ኮሚሽን የለውም።",
    howTo: "ለመቀበል በዚህ አድራሻ ይግቡና የአስተዋዋቂ ዳሽቦርድዎን ይክፈቱ። እስካሁን መለያ የለዎትም? መጀመሪያ በዚህ አድራሻ ይመዝገቡ።",
    action: "የአስተዋዋቂ ዳሽቦርዴን ክፈት",
    ignore: "ፍላጎት የለዎትም? ይህን ኢሜይል ችላ ይበሉ፤ ያለ እርስዎ መልስ ምንም አይሆንም።",
  },
};

const payloadSchema = z.object({
  to: z.string().min(3).max(320),
  language: z.enum(LANGUAGES),
  link: z.string().max(4_000),
  eventTitle: z.string().max(1_000),
  inviterName: z.string().max(1_000),
  commissionBps: z.int().min(0).max(10_000),
});

export type PromoterInvitationEmail = z.infer<typeof payloadSchema>;

export function renderPromoterInvitationEmail(input: PromoterInvitationEmail, siteUrl: string): RenderedEmail {
  const words = PROMOTER_INVITATION_WORDS[input.language];
  const fill = (text: string) =>
    text
      .replaceAll("{{inviter}}", input.inviterName)
      .replaceAll("{{event}}", input.eventTitle)
      .replaceAll("{{rate}}", String(input.commissionBps / 100));
  const subject = fill(words.subject);
  const body = renderEmailBody(
    {
      heading: words.heading,
      paragraphs: [
        fill(words.intro),
        input.commissionBps > 0 ? fill(words.commission) : words.noCommission,
        words.howTo,
      ],
      action: { label: words.action, href: checkedLink(input.link) },
      notes: [words.ignore],
    },
    input.language,
    subject,
    siteUrl,
  );
  return { to: input.to, language: input.language, subject, text: body.text, html: body.html };
}

/** The SEND_PROMOTER_INVITATION_JOB (services/email-jobs.ts). */
export async function sendPromoterInvitation(mailer: Mailer, payload: unknown, siteUrl: string): Promise<void> {
  await mailer.deliver(renderPromoterInvitationEmail(payloadSchema.parse(payload), siteUrl));
}
