import { z } from "zod";
import { LANGUAGES, LOCALE_TAGS, type Language } from "#domain/language";
import type { Mailer } from "./mailer";
import { checkedLink, renderEmailBody, type RenderedEmail } from "./render-email";

interface ModerationWords {
  /** {{event}}. */
  hiddenSubject: string;
  hiddenHeading: string;
  /** {{event}}, {{date}}. */
  hiddenIntro: string;
  reasonLead: string;
  appeal: string;
  /** {{guidelines}}: its address, last, so that no punctuation sticks to it. */
  guidelinesLine: string;
  /** {{contact}}: its address, last. */
  contactLine: string;
  hiddenAction: string;
  /** {{event}}. */
  restoredSubject: string;
  restoredHeading: string;
  /** {{event}}, {{date}}. */
  restoredIntro: string;
  restoredAction: string;
  why: string;
}

/** The e-mails an event's organizers get when staff hide or restore it, in the four languages. */
export const MODERATION_EMAIL_WORDS: Record<Language, ModerationWords> = {
  en: {
    hiddenSubject: "Your event “{{event}}” was hidden on DMV Events",
    hiddenHeading: "Your event was hidden",
    hiddenIntro:
      "Our staff hid “{{event}}” on {{date}}. It no longer appears anywhere on DMV Events: not in lists, search, feeds or the sitemap, and its page is closed to the public. Nothing was deleted, and you and your co-organizers can still open it.",
    reasonLead: "The reason our staff gave:",
    appeal:
      "If you think this is a mistake, or once you have fixed what is wrong, read our community guidelines and write to us through the contact page to appeal, naming the event.",
    guidelinesLine: "Community guidelines: {{guidelines}}",
    contactLine: "Contact page: {{contact}}",
    hiddenAction: "Open your event",
    restoredSubject: "Your event “{{event}}” is back on DMV Events",
    restoredHeading: "Your event is visible again",
    restoredIntro:
      "Our staff restored “{{event}}” on {{date}}. It is back in lists, search and feeds, and its page is open to everyone again.",
    restoredAction: "See your event",
    why: "You receive this e-mail because you organize or co-organize this event.",
  },
  fr: {
    hiddenSubject: "Votre événement « {{event}} » a été masqué sur DMV Events",
    hiddenHeading: "Votre événement a été masqué",
    hiddenIntro:
      "Notre équipe a masqué « {{event}} » le {{date}}. Il n’apparaît plus nulle part sur DMV Events : ni dans les listes, ni dans la recherche, ni dans les flux ou le plan du site, et sa page est fermée au public. Rien n’a été supprimé, et vous comme vos coorganisateurs pouvez toujours l’ouvrir.",
    reasonLead: "Le motif indiqué par notre équipe :",
    appeal:
      "Si vous pensez qu’il s’agit d’une erreur, ou une fois le problème corrigé, lisez nos règles de la communauté et écrivez-nous depuis la page de contact pour faire appel, en nommant l’événement.",
    guidelinesLine: "Règles de la communauté : {{guidelines}}",
    contactLine: "Page de contact : {{contact}}",
    hiddenAction: "Ouvrir votre événement",
    restoredSubject: "Votre événement « {{event}} » est de retour sur DMV Events",
    restoredHeading: "Votre événement est de nouveau visible",
    restoredIntro:
      "Notre équipe a rétabli « {{event}} » le {{date}}. Il figure de nouveau dans les listes, la recherche et les flux, et sa page est à nouveau ouverte à tous.",
    restoredAction: "Voir votre événement",
    why: "Vous recevez cet e-mail parce que vous organisez ou coorganisez cet événement.",
  },
  ar: {
    hiddenSubject: "تم إخفاء فعاليتك «{{event}}» على DMV Events",
    hiddenHeading: "تم إخفاء فعاليتك",
    hiddenIntro:
      "أخفى فريقنا «{{event}}» في {{date}}. لم تعد تظهر في أي مكان على DMV Events: لا في القوائم ولا في البحث ولا في الخلاصات ولا في خريطة الموقع، وصفحتها مغلقة أمام الجمهور. لم يُحذف شيء، ولا يزال بإمكانك أنت والمنظمين المشاركين فتحها.",
    reasonLead: "السبب الذي ذكره فريقنا:",
    appeal:
      "إذا كنت تظن أن هذا خطأ، أو بعد إصلاح المشكلة، اقرأ إرشادات مجتمعنا وراسلنا عبر صفحة الاتصال لتقديم اعتراض، مع ذكر اسم الفعالية.",
    guidelinesLine: "إرشادات المجتمع: {{guidelines}}",
    contactLine: "صفحة الاتصال: {{contact}}",
    hiddenAction: "افتح فعاليتك",
    restoredSubject: "عادت فعاليتك «{{event}}» إلى DMV Events",
    restoredHeading: "أصبحت فعاليتك مرئية من جديد",
    restoredIntro:
      "أعاد فريقنا «{{event}}» في {{date}}. عادت إلى القوائم والبحث والخلاصات، وصفحتها مفتوحة للجميع من جديد.",
    restoredAction: "اعرض فعاليتك",
    why: "تتلقى هذه الرسالة لأنك تنظم هذه الفعالية أو تشارك في تنظيمها.",
  },
  am: {
    hiddenSubject: "ዝግጅትዎ «{{event}}» በDMV Events ላይ ተደብቋል",
    hiddenHeading: "ዝግጅትዎ ተደብቋል",
    hiddenIntro:
      "ሰራተኞቻችን «{{event}}»ን በ{{date}} ደብቀውታል። ከአሁን በኋላ በDMV Events ላይ የትም አይታይም፦ በዝርዝሮች፣ በፍለጋ፣ በምግቦች ወይም በጣቢያ ካርታው ላይ የለም፤ ገጹም ለሕዝብ ተዘግቷል። ምንም አልተሰረዘም፤ እርስዎና አብረውዎ የሚያዘጋጁት አሁንም ሊከፍቱት ይችላሉ።",
    reasonLead: "ሰራተኞቻችን የሰጡት ምክንያት፦",
    appeal: "ስህተት ነው ብለው ካሰቡ ወይም ችግሩን ካስተካከሉ በኋላ፣ የማህበረሰብ መመሪያዎቻችንን ያንብቡና የዝግጅቱን ስም ጠቅሰው በመገናኛ ገጹ በኩል ይግባኝ ለማለት ይጻፉልን።",
    guidelinesLine: "የማህበረሰብ መመሪያዎች፦ {{guidelines}}",
    contactLine: "የመገናኛ ገጽ፦ {{contact}}",
    hiddenAction: "ዝግጅትዎን ይክፈቱ",
    restoredSubject: "ዝግጅትዎ «{{event}}» ወደ DMV Events ተመልሷል",
    restoredHeading: "ዝግጅትዎ እንደገና ይታያል",
    restoredIntro: "ሰራተኞቻችን «{{event}}»ን በ{{date}} መልሰውታል። እንደገና በዝርዝሮች፣ በፍለጋና በምግቦች ላይ ይገኛል፤ ገጹም ለሁሉም እንደገና ክፍት ነው።",
    restoredAction: "ዝግጅትዎን ይመልከቱ",
    why: "ይህን ኢሜይል የሚቀበሉት ይህን ዝግጅት ስለሚያዘጋጁ ወይም በጋራ ስለሚያዘጋጁ ነው።",
  },
};

const payloadSchema = z.object({
  to: z.string().min(3).max(320),
  language: z.enum(LANGUAGES),
  kind: z.enum(["hidden", "restored"]),
  eventId: z.int().min(1),
  eventTitle: z.string().max(1_000),
  reason: z.string().max(4_000).nullable(),
  at: z.iso.datetime(),
});

export type ModerationEmail = z.infer<typeof payloadSchema>;

export function renderModerationEmail(input: ModerationEmail, siteUrl: string): RenderedEmail {
  const words = MODERATION_EMAIL_WORDS[input.language];
  const date = new Intl.DateTimeFormat(LOCALE_TAGS[input.language], { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(input.at),
  );
  const fill = (text: string) =>
    text
      .replaceAll("{{event}}", input.eventTitle)
      .replaceAll("{{date}}", date)
      .replaceAll("{{guidelines}}", `${siteUrl}/community-guidelines`)
      .replaceAll("{{contact}}", `${siteUrl}/contact`);
  const hidden = input.kind === "hidden";
  const subject = fill(hidden ? words.hiddenSubject : words.restoredSubject);
  const paragraphs = hidden
    ? [
        fill(words.hiddenIntro),
        ...(input.reason ? [words.reasonLead, input.reason] : []),
        words.appeal,
        fill(words.guidelinesLine),
        fill(words.contactLine),
      ]
    : [fill(words.restoredIntro)];
  const body = renderEmailBody(
    {
      heading: hidden ? words.hiddenHeading : words.restoredHeading,
      paragraphs,
      action: {
        label: hidden ? words.hiddenAction : words.restoredAction,
        href: checkedLink(`${siteUrl}/events/${input.eventId}`),
      },
      notes: [words.why],
    },
    input.language,
    subject,
    siteUrl,
  );
  return { to: input.to, language: input.language, subject, text: body.text, html: body.html };
}

/** The SEND_MODERATION_EMAIL_JOB (services/event-moderation.ts). */
export async function sendModerationEmail(mailer: Mailer, payload: unknown, siteUrl: string): Promise<void> {
  await mailer.deliver(renderModerationEmail(payloadSchema.parse(payload), siteUrl));
}
