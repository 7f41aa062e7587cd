import type { PermitTopic, PlanningItem } from "#domain/event-types";
import { LOCALE_TAGS, type Language } from "#domain/language";
import { isolateUserText } from "#domain/text-direction";
import type { Database } from "#server/db/client";
import { loadPlanTaskReminder, type PlanTaskReminder } from "#server/services/plan-task-reminders";
import type { Mailer } from "./mailer";
import { checkedLink, escapeHtml, renderEmailBody, type EmailSection, type RenderedEmail } from "./render-email";

interface PlanReminderWords {
  subject: string;
  heading: string;
  /** {{name}}. */
  intro: string;
  /** {{date}}. */
  due: string;
  /** {{title}}: the plan's button-like link. */
  openPlan: string;
  action: string;
  why: string;
  /** {{permit}}. */
  permit: string;
  items: Record<PlanningItem, string>;
  permits: Record<PermitTopic, string>;
}

/** The "tasks due soon" e-mail of saved event plans, in the four languages (short names of the tasks). */
export const PLAN_REMINDER_WORDS: Record<Language, PlanReminderWords> = {
  en: {
    subject: "Tasks of your event plan due soon",
    heading: "Tasks due in the next few days",
    intro: "Hello {{name}}, these tasks of your saved event plans fall due within three days.",
    due: "due {{date}}",
    openPlan: "Open “{{title}}”",
    action: "See my plans",
    why: "You get this e-mail because you saved an event plan on DMV Events. Tick tasks as you finish them, and we will not remind you of them.",
    permit: "Check the permit: {{permit}}",
    items: {
      "define-goals": "Define the goals and audience",
      "set-budget": "Set the budget",
      "book-venue": "Book the venue",
      "check-permits": "Check the permits",
      "book-talent": "Book performers",
      "line-up-speakers": "Line up speakers",
      "sound-and-stage": "Arrange sound and stage",
      "arrange-catering": "Arrange catering",
      "gather-materials": "Gather materials",
      "find-sponsors": "Find sponsors",
      "set-ticket-tiers": "Set ticket types and prices",
      "publish-event": "Publish the event",
      "promote-event": "Promote the event",
      "recruit-staff": "Recruit staff and volunteers",
      "accessibility-plan": "Plan for accessibility",
      "safety-plan": "Plan for safety",
      "weather-plan": "Plan for bad weather",
      "get-insurance": "Get insurance",
      "set-up-check-in": "Set up check-in",
      "follow-up": "Follow up with attendees",
    },
    permits: {
      alcohol: "alcohol",
      "amplified-sound": "amplified sound",
      "public-space": "parks and public spaces",
      "street-closure": "street closures",
      "food-service": "food service",
      "temporary-structures": "tents and stages",
      "charitable-gaming": "raffles and charitable gaming",
      occupancy: "occupancy",
    },
  },
  fr: {
    subject: "Des tâches de votre plan d’événement arrivent à échéance",
    heading: "Tâches à faire dans les prochains jours",
    intro: "Bonjour {{name}}, ces tâches de vos plans d’événement enregistrés arrivent à échéance d’ici trois jours.",
    due: "pour le {{date}}",
    openPlan: "Ouvrir « {{title}} »",
    action: "Voir mes plans",
    why: "Vous recevez cet e-mail parce que vous avez enregistré un plan d’événement sur DMV Events. Cochez les tâches une fois faites : nous ne vous les rappellerons pas.",
    permit: "Vérifier l’autorisation : {{permit}}",
    items: {
      "define-goals": "Définir les objectifs et le public",
      "set-budget": "Établir le budget",
      "book-venue": "Réserver le lieu",
      "check-permits": "Vérifier les autorisations",
      "book-talent": "Engager les artistes",
      "line-up-speakers": "Réunir les intervenants",
      "sound-and-stage": "Prévoir le son et la scène",
      "arrange-catering": "Organiser le traiteur",
      "gather-materials": "Rassembler le matériel",
      "find-sponsors": "Trouver des sponsors",
      "set-ticket-tiers": "Fixer les types et prix de billets",
      "publish-event": "Publier l’événement",
      "promote-event": "Faire connaître l’événement",
      "recruit-staff": "Recruter personnel et bénévoles",
      "accessibility-plan": "Prévoir l’accessibilité",
      "safety-plan": "Prévoir la sécurité",
      "weather-plan": "Prévoir le mauvais temps",
      "get-insurance": "Souscrire une assurance",
      "set-up-check-in": "Préparer l’accueil des participants",
      "follow-up": "Recontacter les participants",
    },
    permits: {
      alcohol: "alcool",
      "amplified-sound": "son amplifié",
      "public-space": "parcs et espaces publics",
      "street-closure": "fermetures de rues",
      "food-service": "restauration",
      "temporary-structures": "tentes et scènes",
      "charitable-gaming": "tombolas et jeux caritatifs",
      occupancy: "capacité",
    },
  },
  ar: {
    subject: "مهام في خطة فعاليتك يقترب موعدها",
    heading: "مهام موعدها خلال الأيام القليلة القادمة",
    intro: "مرحبًا {{name}}، يحين موعد هذه المهام من خطط فعالياتك المحفوظة خلال ثلاثة أيام.",
    due: "موعدها {{date}}",
    openPlan: "فتح «{{title}}»",
    action: "عرض خططي",
    why: "تصلك هذه الرسالة لأنك حفظت خطة فعالية على DMV Events. أشِّر على المهام عند إنجازها ولن نذكّرك بها.",
    permit: "تحقَّق من التصريح: {{permit}}",
    items: {
      "define-goals": "تحديد الأهداف والجمهور",
      "set-budget": "وضع الميزانية",
      "book-venue": "حجز المكان",
      "check-permits": "التحقق من التصاريح",
      "book-talent": "التعاقد مع الفنانين",
      "line-up-speakers": "دعوة المتحدثين",
      "sound-and-stage": "تجهيز الصوت والمسرح",
      "arrange-catering": "ترتيب الضيافة",
      "gather-materials": "تجهيز المواد",
      "find-sponsors": "إيجاد الرعاة",
      "set-ticket-tiers": "تحديد أنواع التذاكر وأسعارها",
      "publish-event": "نشر الفعالية",
      "promote-event": "الترويج للفعالية",
      "recruit-staff": "استقطاب فريق العمل والمتطوعين",
      "accessibility-plan": "التخطيط لإمكانية الوصول",
      "safety-plan": "التخطيط للسلامة",
      "weather-plan": "الاستعداد لسوء الطقس",
      "get-insurance": "الحصول على تأمين",
      "set-up-check-in": "تجهيز تسجيل الدخول",
      "follow-up": "المتابعة مع الحضور",
    },
    permits: {
      alcohol: "الكحول",
      "amplified-sound": "الصوت المضخَّم",
      "public-space": "الحدائق والأماكن العامة",
      "street-closure": "إغلاق الشوارع",
      "food-service": "تقديم الطعام",
      "temporary-structures": "الخيام والمسارح",
      "charitable-gaming": "السحوبات والألعاب الخيرية",
      occupancy: "السعة",
    },
  },
  am: {
    subject: "የዝግጅት ዕቅድዎ ሥራዎች ቀናቸው ቀርቧል",
    heading: "በሚቀጥሉት ጥቂት ቀናት የሚደርሱ ሥራዎች",
    intro: "ሰላም {{name}}፣ የተቀመጡ የዝግጅት ዕቅዶችዎ እነዚህ ሥራዎች በሦስት ቀናት ውስጥ ይደርሳሉ።",
    due: "የመጨረሻ ቀን {{date}}",
    openPlan: "«{{title}}»ን ክፈት",
    action: "ዕቅዶቼን ይመልከቱ",
    why: "ይህ ኢሜይል የደረሰዎት በDMV Events ላይ የዝግጅት ዕቅድ ስላስቀመጡ ነው። ሥራዎችን ሲጨርሱ ምልክት ያድርጉባቸው፤ ከዚያ አናስታውስዎትም።",
    permit: "ፈቃዱን ያረጋግጡ፦ {{permit}}",
    items: {
      "define-goals": "ግቦችንና ታዳሚዎችን ይወስኑ",
      "set-budget": "በጀቱን ያዘጋጁ",
      "book-venue": "ቦታውን ይያዙ",
      "check-permits": "ፈቃዶችን ያረጋግጡ",
      "book-talent": "አርቲስቶችን ይቅጠሩ",
      "line-up-speakers": "ተናጋሪዎችን ይጋብዙ",
      "sound-and-stage": "ድምፅና መድረክ ያዘጋጁ",
      "arrange-catering": "ምግብና መስተንግዶ ያዘጋጁ",
      "gather-materials": "ቁሳቁሶችን ያሰባስቡ",
      "find-sponsors": "ስፖንሰሮችን ያፈላልጉ",
      "set-ticket-tiers": "የትኬት ዓይነቶችንና ዋጋዎችን ይወስኑ",
      "publish-event": "ዝግጅቱን ያትሙ",
      "promote-event": "ዝግጅቱን ያስተዋውቁ",
      "recruit-staff": "ሠራተኞችንና በጎ ፈቃደኞችን ይመልምሉ",
      "accessibility-plan": "ለተደራሽነት ያቅዱ",
      "safety-plan": "ለደህንነት ያቅዱ",
      "weather-plan": "ለመጥፎ የአየር ሁኔታ ያቅዱ",
      "get-insurance": "ኢንሹራንስ ይግዙ",
      "set-up-check-in": "የመግቢያ ምዝገባን ያዘጋጁ",
      "follow-up": "ተሳታፊዎችን መልሰው ያግኙ",
    },
    permits: {
      alcohol: "አልኮል",
      "amplified-sound": "የተጎላ ድምፅ",
      "public-space": "መናፈሻዎችና ሕዝባዊ ቦታዎች",
      "street-closure": "መንገድ መዝጋት",
      "food-service": "የምግብ አገልግሎት",
      "temporary-structures": "ድንኳኖችና መድረኮች",
      "charitable-gaming": "ሎተሪዎችና የበጎ አድራጎት ጨዋታዎች",
      occupancy: "የሰው አቅም",
    },
  },
};

const fill = (text: string, values: Record<string, string>) =>
  Object.entries(values).reduce((filled, [key, value]) => filled.replaceAll(`{{${key}}}`, value), text);

function dueDate(day: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[language], {
    weekday: "short",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${day}T12:00:00Z`));
}

/** One section per plan: its title linking to the plan's page, then its tasks with their due days. */
function planSection(
  plan: PlanTaskReminder["plans"][number],
  words: PlanReminderWords,
  language: Language,
  siteUrl: string,
): EmailSection {
  const href = checkedLink(`${siteUrl}/dashboard/plans/${plan.id}`);
  const tasks = plan.tasks.map((task) => {
    const name = task.permit ? fill(words.permit, { permit: words.permits[task.permit] }) : words.items[task.item];
    return { name, due: fill(words.due, { date: dueDate(task.dueOn, language) }) };
  });
  const label = fill(words.openPlan, { title: plan.title });
  return {
    html: `<p style="margin:16px 0 4px;font-weight:bold;" dir="auto">${escapeHtml(plan.title)}</p><ul style="margin:0 0 8px;padding-inline-start:20px;">${tasks
      .map((task) => `<li>${escapeHtml(task.name)} · ${escapeHtml(task.due)}</li>`)
      .join(
        "",
      )}</ul><p style="margin:0 0 16px;"><a href="${escapeHtml(href)}" style="color:#1d4ed8;">${escapeHtml(label)}</a></p>`,
    text: `${isolateUserText(plan.title)}\n${tasks.map((task) => `- ${task.name} · ${task.due}`).join("\n")}\n${label}: ${href}`,
  };
}

/** The e-mail of a person's plan tasks due soon, by plan, with a link to each plan and to the e-mail settings. */
export function renderPlanTaskReminderEmail(reminder: PlanTaskReminder, siteUrl: string): RenderedEmail {
  const words = PLAN_REMINDER_WORDS[reminder.language];
  const body = renderEmailBody(
    {
      heading: words.heading,
      paragraphs: [fill(words.intro, { name: isolateUserText(reminder.name) })],
      sections: reminder.plans.map((plan) => planSection(plan, words, reminder.language, siteUrl)),
      action: { label: words.action, href: checkedLink(`${siteUrl}/dashboard/plans`) },
      notes: [words.why],
      isOptional: true,
    },
    reminder.language,
    words.subject,
    siteUrl,
  );
  return { to: reminder.to, language: reminder.language, subject: words.subject, text: body.text, html: body.html };
}

/** The SEND_PLAN_TASK_REMINDER_EMAIL_JOB (services/plan-task-reminders.ts). */
export async function sendPlanTaskReminderEmail(
  db: Database,
  mailer: Mailer,
  payload: unknown,
  context: { siteUrl: string; now: Date },
): Promise<void> {
  const reminder = await loadPlanTaskReminder(db, payload, context.now);
  if (reminder) await mailer.deliver(renderPlanTaskReminderEmail(reminder, context.siteUrl));
}
