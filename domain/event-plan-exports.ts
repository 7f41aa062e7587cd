import { csvDocument } from "./csv";
import type { BudgetLine } from "./event-plan-input";
import { escapeText, foldLine } from "./icalendar";

/*
 * What a saved plan (issue 20) exports: its timeline as an iCalendar file (each task an all-day entry on
 * its due day) and its budget as CSV. Words come in from the caller, already in the person's language.
 */

export interface TimelineEntry {
  /** The task's key: with the plan's id, the entry's UID, the same in every export of the plan. */
  key: string;
  /** YYYY-MM-DD. */
  dueOn: string;
  summary: string;
  description: string;
  done: boolean;
}

const compactDay = (day: string) => day.replaceAll("-", "");

function nextDay(day: string): string {
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 60 * 60 * 1000);
  return next.toISOString().slice(0, 10);
}

function utcStamp(instant: Date): string {
  return `${instant.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;
}

/**
 * The plan's timeline as iCalendar (RFC 5545): one all-day VEVENT per task, DTSTART;VALUE=DATE on its due
 * day and DTEND the day after (exclusive), UID `plan-{id}-{key}@{host}` so a calendar that imports the file
 * again updates the entries rather than doubling them (a done task says so in the summary the caller
 * writes). Lines folded at 75 octets.
 */
export function planTimelineCalendar(plan: {
  id: number;
  name: string;
  url: string;
  host: string;
  now: Date;
  entries: readonly TimelineEntry[];
}): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//DMV Events//Event plan//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    `NAME:${escapeText(plan.name)}`,
    `X-WR-CALNAME:${escapeText(plan.name)}`,
    ...plan.entries.flatMap((entry) => [
      "BEGIN:VEVENT",
      `UID:plan-${plan.id}-${entry.key.replace(/[^A-Za-z0-9._-]/g, "_")}@${plan.host}`,
      `DTSTAMP:${utcStamp(plan.now)}`,
      `DTSTART;VALUE=DATE:${compactDay(entry.dueOn)}`,
      `DTEND;VALUE=DATE:${compactDay(nextDay(entry.dueOn))}`,
      `SUMMARY:${escapeText(entry.summary)}`,
      `DESCRIPTION:${escapeText(entry.description)}`,
      `URL:${plan.url.replace(/[\u0000-\u001f\u007f]/g, "")}`,
      "TRANSP:TRANSPARENT",
      "END:VEVENT",
    ]),
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}

export interface BudgetCsvWords {
  header: readonly [string, string, string];
  category: (category: BudgetLine["category"]) => string;
  total: string;
  perAttendee: string;
  breakEven: string;
  fewer: string;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/**
 * The budget as CSV: a row per line (category, per attendee or empty, amount), then the total, the cost per
 * attendee, the break-even ticket price and the sensitivity line (what a ticket must cost if 30 % fewer come).
 * Amounts in dollars with two decimals, as spreadsheets read them.
 */
export function planBudgetCsv(
  lines: readonly BudgetLine[],
  summary: {
    totalCents: number;
    perAttendeeCents: number;
    breakEvenPriceCents: number;
    fewerBreakEvenPriceCents: number;
  },
  words: BudgetCsvWords,
): string {
  return csvDocument(words.header, [
    ...lines.map((line) => [
      words.category(line.category),
      line.perAttendeeCents === null ? null : dollars(line.perAttendeeCents),
      dollars(line.amountCents),
    ]),
    [words.total, null, dollars(summary.totalCents)],
    [words.perAttendee, null, dollars(summary.perAttendeeCents)],
    [words.breakEven, null, dollars(summary.breakEvenPriceCents)],
    [words.fewer, null, dollars(summary.fewerBreakEvenPriceCents)],
  ]);
}
