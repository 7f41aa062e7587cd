import { z } from "zod";
import { CONTACT_TOPICS, type ContactTopic } from "#domain/contact-message";
import { LANGUAGES, type Language } from "#domain/language";
import type { ContactEmailPayload } from "#server/services/contact";
import type { Mailer } from "./mailer";
import { checkedLink, escapeHtml, renderEmailBody, type EmailContent, type RenderedEmail } from "./render-email";

interface ContactWords {
  topics: Record<ContactTopic, string>;
  /** {{reference}}, {{name}}, {{email}}, {{topic}}, {{related}}, {{event}} are filled in. */
  staffNotice: {
    subject: string;
    replySubject: string;
    heading: string;
    from: string;
    topic: string;
    related: string;
    action: string;
    note: string;
  };
  senderCopy: { subject: string; heading: string; intro: string; copy: string; note: string };
  organizerCopy: { subject: string; heading: string; intro: string; copy: string; note: string };
  staffAnswer: { subject: string; heading: string; intro: string; note: string };
  organizerRelay: {
    subject: string;
    heading: string;
    intro: string;
    related: string;
    action: string;
    note: string;
    abuse: string;
  };
}

/** The contact e-mails in the four languages. */
export const CONTACT_EMAIL_WORDS: Record<Language, ContactWords> = {
  en: {
    topics: {
      buyer_help: "Help with tickets",
      organizer_help: "Help for organizers",
      press: "Press",
      partnership: "Partnership",
      problem: "Report a problem",
    },
    staffNotice: {
      subject: "[{{reference}}] {{topic}}: a message from {{name}}",
      replySubject: "[{{reference}}] A new reply from {{name}}",
      heading: "A message through the contact page",
      from: "From: {{name}} <{{email}}>",
      topic: "Topic: {{topic}}",
      related: "Order or event reference given: {{related}}",
      action: "Answer in the console",
      note: "Answer in the console to keep the thread; replying to this e-mail writes to the sender directly.",
    },
    senderCopy: {
      subject: "We received your message ({{reference}})",
      heading: "Thank you, we received your message",
      intro: "Your reference is {{reference}}. We usually answer within two working days.",
      copy: "A copy of your message:",
      note: "If you write to us again about this, give the reference {{reference}}.",
    },
    organizerCopy: {
      subject: "Your message to the organizer of {{event}} ({{reference}})",
      heading: "Your message was passed on",
      intro: "We passed your message on to the organizer of “{{event}}”. They will answer you at this address.",
      copy: "A copy of your message:",
      note: "Your reference is {{reference}}. Organizers answer for their own events; DMV Events does not see their answers.",
    },
    staffAnswer: {
      subject: "Re: your message [{{reference}}]",
      heading: "An answer to your message",
      intro: "The DMV Events team answered your message {{reference}}:",
      note: "To write back, reply to this e-mail and keep the reference {{reference}} in the subject.",
    },
    organizerRelay: {
      subject: "A message about {{event}} from {{name}}",
      heading: "A message about your event",
      intro: "{{name}} wrote to you from the page of “{{event}}”:",
      related: "Order reference given: {{related}}",
      action: "Open the event",
      note: "Reply to this e-mail to answer {{name}}: your reply goes to their address. They were not shown yours.",
      abuse: "If this message is abusive, write to us through the contact page with the reference {{reference}}.",
    },
  },
  fr: {
    topics: {
      buyer_help: "Aide pour les billets",
      organizer_help: "Aide aux organisateurs",
      press: "Presse",
      partnership: "Partenariat",
      problem: "Signaler un problème",
    },
    staffNotice: {
      subject: "[{{reference}}] {{topic}} : un message de {{name}}",
      replySubject: "[{{reference}}] Une nouvelle réponse de {{name}}",
      heading: "Un message reçu par la page de contact",
      from: "De : {{name}} <{{email}}>",
      topic: "Sujet : {{topic}}",
      related: "Référence de commande ou d’événement indiquée : {{related}}",
      action: "Répondre dans la console",
      note: "Répondez dans la console pour garder le fil ; répondre à cet e-mail écrit directement à l’expéditeur.",
    },
    senderCopy: {
      subject: "Nous avons bien reçu votre message ({{reference}})",
      heading: "Merci, nous avons bien reçu votre message",
      intro: "Votre référence est {{reference}}. Nous répondons en général sous deux jours ouvrés.",
      copy: "Une copie de votre message :",
      note: "Si vous nous écrivez de nouveau à ce sujet, indiquez la référence {{reference}}.",
    },
    organizerCopy: {
      subject: "Votre message à l’organisateur de {{event}} ({{reference}})",
      heading: "Votre message a été transmis",
      intro: "Nous avons transmis votre message à l’organisateur de « {{event}} ». Il vous répondra à cette adresse.",
      copy: "Une copie de votre message :",
      note: "Votre référence est {{reference}}. Les organisateurs répondent de leurs propres événements ; DMV Events ne voit pas leurs réponses.",
    },
    staffAnswer: {
      subject: "Re : votre message [{{reference}}]",
      heading: "Une réponse à votre message",
      intro: "L’équipe de DMV Events a répondu à votre message {{reference}} :",
      note: "Pour nous écrire de nouveau, répondez à cet e-mail en gardant la référence {{reference}} dans l’objet.",
    },
    organizerRelay: {
      subject: "Un message de {{name}} au sujet de {{event}}",
      heading: "Un message au sujet de votre événement",
      intro: "{{name}} vous a écrit depuis la page de « {{event}} » :",
      related: "Référence de commande indiquée : {{related}}",
      action: "Ouvrir l’événement",
      note: "Répondez à cet e-mail pour répondre à {{name}} : votre réponse part à son adresse. La vôtre ne lui a pas été montrée.",
      abuse: "Si ce message est abusif, écrivez-nous par la page de contact avec la référence {{reference}}.",
    },
  },
  ar: {
    topics: {
      buyer_help: "مساعدة بشأن التذاكر",
      organizer_help: "مساعدة المنظِّمين",
      press: "الصحافة",
      partnership: "شراكة",
      problem: "الإبلاغ عن مشكلة",
    },
    staffNotice: {
      subject: "[{{reference}}] {{topic}}: رسالة من {{name}}",
      replySubject: "[{{reference}}] ردّ جديد من {{name}}",
      heading: "رسالة عبر صفحة التواصل",
      from: "من: {{name}} <{{email}}>",
      topic: "الموضوع: {{topic}}",
      related: "مرجع الطلب أو الفعالية المذكور: {{related}}",
      action: "الرد من لوحة الإدارة",
      note: "ردّ من لوحة الإدارة للاحتفاظ بالمحادثة؛ أما الرد على هذه الرسالة فيُرسَل إلى المرسِل مباشرةً.",
    },
    senderCopy: {
      subject: "تلقّينا رسالتك ({{reference}})",
      heading: "شكرًا لك، لقد تلقّينا رسالتك",
      intro: "رقمك المرجعي هو {{reference}}. نرد عادةً خلال يومَي عمل.",
      copy: "نسخة من رسالتك:",
      note: "إذا راسلتنا مجددًا بهذا الشأن، فاذكر الرقم المرجعي {{reference}}.",
    },
    organizerCopy: {
      subject: "رسالتك إلى منظِّم {{event}} ({{reference}})",
      heading: "أُرسلت رسالتك",
      intro: "أرسلنا رسالتك إلى منظِّم «{{event}}». سيردّ عليك على هذا العنوان.",
      copy: "نسخة من رسالتك:",
      note: "رقمك المرجعي هو {{reference}}. يتولّى المنظِّمون الرد بشأن فعالياتهم؛ ولا تطّلع DMV Events على ردودهم.",
    },
    staffAnswer: {
      subject: "رد: رسالتك [{{reference}}]",
      heading: "رد على رسالتك",
      intro: "ردّ فريق DMV Events على رسالتك {{reference}}:",
      note: "لمراسلتنا مجددًا، ردّ على هذه الرسالة مع إبقاء الرقم المرجعي {{reference}} في الموضوع.",
    },
    organizerRelay: {
      subject: "رسالة من {{name}} بشأن {{event}}",
      heading: "رسالة بشأن فعاليتك",
      intro: "كتب إليك {{name}} من صفحة «{{event}}»:",
      related: "مرجع الطلب المذكور: {{related}}",
      action: "فتح الفعالية",
      note: "ردّ على هذه الرسالة للإجابة على {{name}}: سيصل ردّك إلى عنوانه. لم يُعرَض عليه عنوانك.",
      abuse: "إذا كانت هذه الرسالة مسيئة، فراسلنا عبر صفحة التواصل مع ذكر الرقم المرجعي {{reference}}.",
    },
  },
  am: {
    topics: {
      buyer_help: "የትኬት እርዳታ",
      organizer_help: "ለአዘጋጆች እርዳታ",
      press: "ፕሬስ",
      partnership: "አጋርነት",
      problem: "ችግር ሪፖርት ያድርጉ",
    },
    staffNotice: {
      subject: "[{{reference}}] {{topic}}፦ ከ{{name}} የመጣ መልእክት",
      replySubject: "[{{reference}}] ከ{{name}} አዲስ ምላሽ",
      heading: "በመገናኛ ገጹ በኩል የመጣ መልእክት",
      from: "ከ፦ {{name}} <{{email}}>",
      topic: "ርዕስ፦ {{topic}}",
      related: "የተሰጠ የትዕዛዝ ወይም የዝግጅት ማጣቀሻ፦ {{related}}",
      action: "በአስተዳደር ገጹ ይመልሱ",
      note: "ውይይቱ እንዲቀመጥ በአስተዳደር ገጹ ይመልሱ፤ ለዚህ ኢሜይል መመለስ በቀጥታ ለላኪው ይጽፋል።",
    },
    senderCopy: {
      subject: "መልእክትዎ ደርሶናል ({{reference}})",
      heading: "እናመሰግናለን፣ መልእክትዎ ደርሶናል",
      intro: "የማጣቀሻ ቁጥርዎ {{reference}} ነው። ብዙውን ጊዜ በሁለት የሥራ ቀናት ውስጥ እንመልሳለን።",
      copy: "የመልእክትዎ ቅጂ፦",
      note: "ስለዚሁ ጉዳይ እንደገና ሲጽፉልን የማጣቀሻ ቁጥሩን {{reference}} ይጥቀሱ።",
    },
    organizerCopy: {
      subject: "ለ{{event}} አዘጋጅ የላኩት መልእክት ({{reference}})",
      heading: "መልእክትዎ ተላልፏል",
      intro: "መልእክትዎን ለ«{{event}}» አዘጋጅ አስተላልፈናል። በዚህ አድራሻ ይመልሱልዎታል።",
      copy: "የመልእክትዎ ቅጂ፦",
      note: "የማጣቀሻ ቁጥርዎ {{reference}} ነው። አዘጋጆች ስለራሳቸው ዝግጅቶች ይመልሳሉ፤ DMV Events ምላሾቻቸውን አያይም።",
    },
    staffAnswer: {
      subject: "መልስ፦ መልእክትዎ [{{reference}}]",
      heading: "ለመልእክትዎ የተሰጠ መልስ",
      intro: "የDMV Events ቡድን ለመልእክትዎ {{reference}} መልስ ሰጥቷል፦",
      note: "እንደገና ለመጻፍ ለዚህ ኢሜይል ይመልሱ፤ የማጣቀሻ ቁጥሩን {{reference}} በርዕሱ ውስጥ ያቆዩ።",
    },
    organizerRelay: {
      subject: "ስለ{{event}} ከ{{name}} የመጣ መልእክት",
      heading: "ስለ ዝግጅትዎ የመጣ መልእክት",
      intro: "{{name}} ከ«{{event}}» ገጽ ጽፈውልዎታል፦",
      related: "የተሰጠ የትዕዛዝ ማጣቀሻ፦ {{related}}",
      action: "ዝግጅቱን ይክፈቱ",
      note: "ለ{{name}} ለመመለስ ለዚህ ኢሜይል ይመልሱ፤ መልስዎ ወደ አድራሻቸው ይሄዳል። የእርስዎ አድራሻ አልታያቸውም።",
      abuse: "ይህ መልእክት ስድብ ያለበት ከሆነ በመገናኛ ገጹ በኩል በማጣቀሻ ቁጥር {{reference}} ይጻፉልን።",
    },
  },
};

/** A contact e-mail's payload as services/contact.ts queued it; checked again because jobs outlive code versions. */
const payloadSchema = z.object({
  template: z.enum(["staff_notice", "sender_copy", "staff_answer", "organizer_relay"]),
  to: z.string().min(3).max(320),
  language: z.enum(LANGUAGES),
  replyTo: z.string().min(3).max(320).optional(),
  reference: z.string().max(20),
  threadId: z.number().int().positive(),
  senderName: z.string().max(200),
  senderEmail: z.string().max(320),
  topic: z.enum(CONTACT_TOPICS).nullable(),
  relatedReference: z.string().max(200).nullable(),
  eventId: z.number().int().positive().nullable(),
  eventTitle: z.string().max(1_000).nullable(),
  body: z.string().max(20_000),
  isReply: z.boolean().optional(),
}) satisfies z.ZodType<ContactEmailPayload>;

/** A message quoted as it was written: escaped, its line breaks kept. */
function quoted(body: string) {
  return {
    html: `<blockquote style="margin:0 0 16px;padding:12px 16px;border-inline-start:4px solid #d4d4d8;background-color:#fafafa;white-space:pre-wrap;">${escapeHtml(body)}</blockquote>`,
    text: body
      .split("\n")
      .map((line) => `> ${line}`)
      .join("\n"),
  };
}

export function renderContactEmail(input: ContactEmailPayload, siteUrl: string): RenderedEmail {
  const words = CONTACT_EMAIL_WORDS[input.language];
  const fill = (text: string) =>
    text
      .replaceAll("{{reference}}", input.reference)
      .replaceAll("{{name}}", input.senderName)
      .replaceAll("{{email}}", input.senderEmail)
      .replaceAll("{{topic}}", input.topic ? words.topics[input.topic] : "")
      .replaceAll("{{related}}", input.relatedReference ?? "")
      .replaceAll("{{event}}", input.eventTitle ?? "");
  const related = (line: string) => (input.relatedReference ? [fill(line)] : []);
  let subject: string;
  let content: EmailContent;
  if (input.template === "staff_notice") {
    const notice = words.staffNotice;
    subject = fill(input.isReply ? notice.replySubject : notice.subject);
    content = {
      heading: notice.heading,
      paragraphs: [fill(notice.from), ...(input.topic ? [fill(notice.topic)] : []), ...related(notice.related)],
      sections: [quoted(input.body)],
      action: { label: notice.action, href: checkedLink(`${siteUrl}/admin/messages/${input.threadId}`) },
      notes: [notice.note],
    };
  } else if (input.template === "sender_copy") {
    const copy = input.eventId ? words.organizerCopy : words.senderCopy;
    subject = fill(copy.subject);
    content = {
      heading: copy.heading,
      paragraphs: [fill(copy.intro), copy.copy],
      sections: [quoted(input.body)],
      notes: [fill(copy.note)],
    };
  } else if (input.template === "staff_answer") {
    const answer = words.staffAnswer;
    subject = fill(answer.subject);
    content = {
      heading: answer.heading,
      paragraphs: [fill(answer.intro)],
      sections: [quoted(input.body)],
      notes: [fill(answer.note)],
    };
  } else {
    const relay = words.organizerRelay;
    subject = fill(relay.subject);
    content = {
      heading: relay.heading,
      paragraphs: [fill(relay.intro)],
      sections: [
        quoted(input.body),
        ...related(relay.related).map((text) => ({
          html: `<p style="margin:0 0 16px;">${escapeHtml(text)}</p>`,
          text,
        })),
      ],
      ...(input.eventId
        ? { action: { label: relay.action, href: checkedLink(`${siteUrl}/events/${input.eventId}`) } }
        : {}),
      notes: [fill(relay.note), fill(relay.abuse)],
    };
  }
  const body = renderEmailBody(content, input.language, subject, siteUrl);
  return {
    to: input.to,
    language: input.language,
    subject,
    text: body.text,
    html: body.html,
    ...(input.replyTo ? { replyTo: input.replyTo } : {}),
  };
}

/** The SEND_CONTACT_EMAIL_JOB (services/email-jobs.ts). */
export async function sendContactEmail(mailer: Mailer, payload: unknown, siteUrl: string): Promise<void> {
  await mailer.deliver(renderContactEmail(payloadSchema.parse(payload), siteUrl));
}
