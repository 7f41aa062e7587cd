import { z } from "zod";
import { LANGUAGES, LOCALE_TAGS, type Language } from "#domain/language";
import type { Mailer } from "./mailer";
import { checkedLink, renderEmailBody, type RenderedEmail } from "./render-email";

interface InvitationWords {
  subject: string;
  heading: string;
  /** {{inviter}}, {{event}}, {{email}}. */
  intro: string;
  /** {{email}}. */
  howTo: string;
  action: string;
  /** {{date}}. */
  expires: string;
  ignore: string;
}

/** The invitation in the four languages. */
export const CO_ORGANIZER_INVITATION_WORDS: Record<Language, InvitationWords> = {
  en: {
    subject: "You are invited to co-organize {{event}} on DMV Events",
    heading: "An invitation to co-organize",
    intro: "{{inviter}} invites you ({{email}}) to co-organize “{{event}}” on DMV Events.",
    howTo:
      "To accept, open the link and sign in with {{email}}. No account with this address yet? Sign up with it first, then open the link again. Until you accept, your name is not on the event.",
    action: "See the invitation",
    expires: "The invitation is valid until {{date}}.",
    ignore: "Not interested, or not you? Ignore this e-mail: nothing happens without your answer.",
  },
  fr: {
    subject: "Vous êtes invité à coorganiser {{event}} sur DMV Events",
    heading: "Une invitation à coorganiser",
    intro: "{{inviter}} vous invite ({{email}}) à coorganiser « {{event}} » sur DMV Events.",
    howTo:
      "Pour accepter, ouvrez le lien et connectez-vous avec {{email}}. Pas encore de compte avec cette adresse ? Inscrivez-vous d’abord avec elle, puis rouvrez le lien. Tant que vous n’avez pas accepté, votre nom ne figure pas sur l’événement.",
    action: "Voir l’invitation",
    expires: "L’invitation est valable jusqu’au {{date}}.",
    ignore: "Pas intéressé, ou ce n’est pas vous ? Ignorez cet e-mail : rien ne se passe sans votre réponse.",
  },
  ar: {
    subject: "أنت مدعو للمشاركة في تنظيم {{event}} على DMV Events",
    heading: "دعوة للمشاركة في التنظيم",
    intro: "يدعوك {{inviter}} ({{email}}) للمشاركة في تنظيم «{{event}}» على DMV Events.",
    howTo:
      "للقبول، افتح الرابط وسجّل الدخول باستخدام {{email}}. ليس لديك حساب بهذا العنوان بعد؟ أنشئ حسابًا به أولًا، ثم افتح الرابط مرة أخرى. لن يظهر اسمك على الفعالية قبل أن تقبل.",
    action: "عرض الدعوة",
    expires: "الدعوة صالحة حتى {{date}}.",
    ignore: "غير مهتم، أو لست الشخص المقصود؟ تجاهل هذه الرسالة: لن يحدث شيء دون ردّك.",
  },
  am: {
    subject: "በDMV Events ላይ {{event}}ን በጋራ እንዲያዘጋጁ ተጋብዘዋል",
    heading: "በጋራ የማዘጋጀት ግብዣ",
    intro: "{{inviter}} እርስዎን ({{email}}) በDMV Events ላይ «{{event}}»ን በጋራ እንዲያዘጋጁ ይጋብዝዎታል።",
    howTo:
      "ለመቀበል ሊንኩን ይክፈቱና በ{{email}} ይግቡ። በዚህ አድራሻ እስካሁን መለያ የለዎትም? መጀመሪያ በእሱ ይመዝገቡ፣ ከዚያ ሊንኩን እንደገና ይክፈቱ። እስኪቀበሉ ድረስ ስምዎ በዝግጅቱ ላይ አይታይም።",
    action: "ግብዣውን ይመልከቱ",
    expires: "ግብዣው እስከ {{date}} ድረስ የሚሰራ ነው።",
    ignore: "ፍላጎት የለዎትም ወይስ እርስዎ አይደሉም? ይህን ኢሜይል ችላ ይበሉ፤ ያለ እርስዎ መልስ ምንም አይሆንም።",
  },
};

const payloadSchema = z.object({
  to: z.string().min(3).max(320),
  language: z.enum(LANGUAGES),
  link: z.string().max(4_000),
  eventTitle: z.string().max(1_000),
  inviterName: z.string().max(1_000),
  expiresAt: z.iso.datetime(),
});

export type CoOrganizerInvitationEmail = z.infer<typeof payloadSchema>;

export function renderCoOrganizerInvitationEmail(input: CoOrganizerInvitationEmail, siteUrl: string): RenderedEmail {
  const words = CO_ORGANIZER_INVITATION_WORDS[input.language];
  const date = new Intl.DateTimeFormat(LOCALE_TAGS[input.language], { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(input.expiresAt),
  );
  const fill = (text: string) =>
    text
      .replaceAll("{{inviter}}", input.inviterName)
      .replaceAll("{{event}}", input.eventTitle)
      .replaceAll("{{email}}", input.to)
      .replaceAll("{{date}}", date);
  const subject = fill(words.subject);
  const body = renderEmailBody(
    {
      heading: words.heading,
      paragraphs: [fill(words.intro), fill(words.howTo)],
      action: { label: words.action, href: checkedLink(input.link) },
      notes: [fill(words.expires), words.ignore],
    },
    input.language,
    subject,
    siteUrl,
  );
  return { to: input.to, language: input.language, subject, text: body.text, html: body.html };
}

/** The SEND_CO_ORGANIZER_INVITATION_JOB (services/email-jobs.ts). */
export async function sendCoOrganizerInvitation(mailer: Mailer, payload: unknown, siteUrl: string): Promise<void> {
  await mailer.deliver(renderCoOrganizerInvitationEmail(payloadSchema.parse(payload), siteUrl));
}
