import type { Language } from "./language";
import { parseIsoDay, zonedTimeToUtc } from "./time";

/**
 * What a saved plan (issue 20) turns into when its owner asks for a draft event: the default title (the
 * event type's name, the same words as the eventTypes page namespace: event-plan-draft.test.ts holds them
 * equal), the names of the ticket types the budget priced, and when such an event usually starts and ends.
 * The server cannot read the page locale files, hence these few words here.
 */

export const PLAN_EVENT_TIME_ZONE = "America/New_York";

const TYPE_NAMES: Record<Language, Record<string, string>> = {
  en: {
    conference: "Conference",
    concert: "Concert",
    workshop: "Workshop",
    meetup: "Meetup",
    festival: "Festival",
    party: "Party",
    fundraiser: "Charity fundraiser",
    sports: "Sports event",
    networking: "Networking event",
    exhibition: "Exhibition",
    tasting: "Food and drink tasting",
    "wellness-class": "Wellness class",
    "family-day": "Family day",
    "fashion-show": "Fashion show",
  },
  fr: {
    conference: "Conférence",
    concert: "Concert",
    workshop: "Atelier",
    meetup: "Rencontre",
    festival: "Festival",
    party: "Soirée",
    fundraiser: "Collecte de fonds caritative",
    sports: "Événement sportif",
    networking: "Soirée de réseautage",
    exhibition: "Exposition",
    tasting: "Dégustation",
    "wellness-class": "Cours de bien-être",
    "family-day": "Journée en famille",
    "fashion-show": "Défilé de mode",
  },
  ar: {
    conference: "مؤتمر",
    concert: "حفل موسيقي",
    workshop: "ورشة عمل",
    meetup: "لقاء",
    festival: "مهرجان",
    party: "حفلة",
    fundraiser: "حملة خيرية لجمع التبرعات",
    sports: "فعالية رياضية",
    networking: "فعالية تواصل مهني",
    exhibition: "معرض",
    tasting: "تذوّق طعام وشراب",
    "wellness-class": "حصة عافية",
    "family-day": "يوم عائلي",
    "fashion-show": "عرض أزياء",
  },
  am: {
    conference: "ጉባኤ",
    concert: "ኮንሰርት",
    workshop: "ዎርክሾፕ",
    meetup: "ስብሰባ",
    festival: "ፌስቲቫል",
    party: "ፓርቲ",
    fundraiser: "የበጎ አድራጎት ገንዘብ ማሰባሰቢያ",
    sports: "የስፖርት ዝግጅት",
    networking: "የሙያ ትስስር ዝግጅት",
    exhibition: "ኤግዚቢሽን",
    tasting: "የምግብና መጠጥ ቅምሻ",
    "wellness-class": "የጤናና ደህንነት ትምህርት",
    "family-day": "የቤተሰብ ቀን",
    "fashion-show": "የፋሽን ትርዒት",
  },
};

/** The event type's name in `language`: a plan's title when its owner gave none. */
export function eventTypeName(slug: string, language: Language): string {
  return TYPE_NAMES[language][slug] ?? TYPE_NAMES.en[slug] ?? slug;
}

/** The names the event-type words of every language give: for the test that keeps them equal to the page's. */
export function eventTypeNames(language: Language): Readonly<Record<string, string>> {
  return TYPE_NAMES[language];
}

export type PlannedTicketKind = "early-bird" | "general";

const TICKET_NAMES: Record<Language, Record<PlannedTicketKind, string>> = {
  en: { "early-bird": "Early bird", general: "General admission" },
  fr: { "early-bird": "Tarif préférentiel", general: "Entrée générale" },
  ar: { "early-bird": "حجز مبكر", general: "دخول عام" },
  am: { "early-bird": "ቀደም ብሎ ለሚገዙ", general: "አጠቃላይ መግቢያ" },
};

/** The name of a ticket type the budget priced, in the event's language. */
export function plannedTicketName(kind: PlannedTicketKind, language: Language): string {
  return TICKET_NAMES[language][kind];
}

/** When such events usually start (local hour) and how long they last (hours): evening shows, daytime classes. */
const USUAL_TIMES: Record<string, { hour: number; hours: number }> = {
  conference: { hour: 9, hours: 8 },
  concert: { hour: 19, hours: 3 },
  workshop: { hour: 10, hours: 3 },
  meetup: { hour: 18, hours: 2 },
  festival: { hour: 11, hours: 8 },
  party: { hour: 20, hours: 4 },
  fundraiser: { hour: 18, hours: 3 },
  sports: { hour: 9, hours: 4 },
  networking: { hour: 18, hours: 2 },
  exhibition: { hour: 10, hours: 7 },
  tasting: { hour: 18, hours: 3 },
  "wellness-class": { hour: 9, hours: 1 },
  "family-day": { hour: 10, hours: 6 },
  "fashion-show": { hour: 19, hours: 3 },
};
const DEFAULT_TIME = { hour: 18, hours: 3 };

/** The start and end of a draft made from a plan: the plan's day at the type's usual hour, in Washington's zone. */
export function plannedEventTimes(eventType: string, day: string): { startsAt: Date; endsAt: Date } {
  const date = parseIsoDay(day);
  if (!date) throw new Error(`Not a day: ${day}`);
  const { hour, hours } = USUAL_TIMES[eventType] ?? DEFAULT_TIME;
  const startsAt = zonedTimeToUtc({ ...date, hour, minute: 0 }, PLAN_EVENT_TIME_ZONE);
  return { startsAt, endsAt: new Date(startsAt.getTime() + hours * 60 * 60 * 1000) };
}

/** YYYY-MM-DD of `instant` on Washington's clocks: the planner's "today". */
export function planToday(instant: Date): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: PLAN_EVENT_TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(instant);
  return parts;
}
