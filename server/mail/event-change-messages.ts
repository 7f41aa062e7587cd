import type { Language } from "#domain/language";

/**
 * The words of the "event changed" and "event cancelled" e-mails (render-event-change-email.ts), kept
 * apart from messages/*.ts so the four languages of these two e-mails read side by side. English
 * defines the keys; the type makes every language give all of them. `{{event}}` is the event's title,
 * `{{amount}}` the order's total.
 */
const en = {
  event_changed: {
    subject: "{{event}} has changed",
    heading: "The event has changed",
    intro: {
      date: "The organizer moved {{event}} to a new date and time.",
      venue: "The organizer moved {{event}} to a new venue.",
      date_and_venue: "The organizer changed the date, time and venue of {{event}}.",
    },
    stillValid: "Your tickets stay valid: there is nothing to do. The new details are below.",
  },
  event_cancelled: {
    subject: "{{event}} is cancelled",
    heading: "The event is cancelled",
    intro: "We are sorry: the organizer cancelled {{event}}. Your tickets are no longer valid.",
    refunded:
      "Your payment of {{amount}} is being refunded to the card you paid with; another e-mail will confirm it. A refund usually reaches the card within 5 to 10 business days.",
    free: "Your registration is cancelled; there is nothing to do.",
  },
};

export type EventChangeMessages = typeof en;

const fr: EventChangeMessages = {
  event_changed: {
    subject: "{{event}} a changé",
    heading: "L’événement a changé",
    intro: {
      date: "L’organisateur a déplacé {{event}} à une nouvelle date et une nouvelle heure.",
      venue: "L’organisateur a déplacé {{event}} dans un nouveau lieu.",
      date_and_venue: "L’organisateur a changé la date, l’heure et le lieu de {{event}}.",
    },
    stillValid: "Vos billets restent valables : vous n’avez rien à faire. Voici les nouvelles informations.",
  },
  event_cancelled: {
    subject: "{{event}} est annulé",
    heading: "L’événement est annulé",
    intro: "Nous sommes désolés : l’organisateur a annulé {{event}}. Vos billets ne sont plus valables.",
    refunded:
      "Votre paiement de {{amount}} est en cours de remboursement sur la carte utilisée ; un autre e-mail vous le confirmera. Un remboursement arrive généralement sur la carte sous 5 à 10 jours ouvrés.",
    free: "Votre inscription est annulée ; vous n’avez rien à faire.",
  },
};

const ar: EventChangeMessages = {
  event_changed: {
    subject: "تغيّرت تفاصيل {{event}}",
    heading: "تغيّرت تفاصيل الفعالية",
    intro: {
      date: "نقل المنظّم {{event}} إلى تاريخ ووقت جديدين.",
      venue: "نقل المنظّم {{event}} إلى مكان جديد.",
      date_and_venue: "غيّر المنظّم تاريخ {{event}} ووقتها ومكانها.",
    },
    stillValid: "تذاكرك لا تزال صالحة ولا داعي لأي إجراء. التفاصيل الجديدة أدناه.",
  },
  event_cancelled: {
    subject: "أُلغيت {{event}}",
    heading: "أُلغيت الفعالية",
    intro: "نأسف لإبلاغك بأن المنظّم ألغى {{event}}. لم تعد تذاكرك صالحة.",
    refunded:
      "يجري استرداد دفعتك البالغة {{amount}} إلى البطاقة التي دفعت بها، وستصلك رسالة أخرى لتأكيد ذلك. يصل المبلغ المسترد إلى البطاقة عادةً خلال 5 إلى 10 أيام عمل.",
    free: "أُلغي تسجيلك ولا داعي لأي إجراء.",
  },
};

const am: EventChangeMessages = {
  event_changed: {
    subject: "{{event}} ተቀይሯል",
    heading: "ዝግጅቱ ተቀይሯል",
    intro: {
      date: "አዘጋጁ {{event}}ን ወደ አዲስ ቀን እና ሰዓት አዛውሮታል።",
      venue: "አዘጋጁ {{event}}ን ወደ አዲስ ቦታ አዛውሮታል።",
      date_and_venue: "አዘጋጁ የ{{event}}ን ቀን፣ ሰዓት እና ቦታ ቀይሯል።",
    },
    stillValid: "ትኬቶችዎ አሁንም የሚሰሩ ናቸው፤ ምንም ማድረግ አያስፈልግዎትም። አዲሶቹ ዝርዝሮች ከታች አሉ።",
  },
  event_cancelled: {
    subject: "{{event}} ተሰርዟል",
    heading: "ዝግጅቱ ተሰርዟል",
    intro: "ይቅርታ፤ አዘጋጁ {{event}}ን ሰርዞታል። ትኬቶችዎ ከእንግዲህ አይሰሩም።",
    refunded:
      "የከፈሉት {{amount}} ወደ ከፈሉበት ካርድ እየተመለሰ ነው፤ ሌላ ኢሜይል ያረጋግጥልዎታል። ተመላሽ ገንዘብ አብዛኛውን ጊዜ በ5 እስከ 10 የሥራ ቀናት ውስጥ ካርዱ ላይ ይደርሳል።",
    free: "ምዝገባዎ ተሰርዟል፤ ምንም ማድረግ አያስፈልግዎትም።",
  },
};

export const EVENT_CHANGE_MESSAGES: Record<Language, EventChangeMessages> = { en, fr, ar, am };
