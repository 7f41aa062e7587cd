import { access } from "node:fs/promises";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, LOCALE_TAGS, textDirection, type Language } from "#domain/language";
import { directionOfText, isolateUserText } from "#domain/text-direction";
import { isUuid } from "#server/auth/secrets";
import type { Database } from "#server/db/client";
import { eventImages, events, promotionCampaigns, venues } from "#server/db/schema";
import { ensureSampleImage, imageFileName, parseSampleImageKey } from "#server/images/sample-images";
import type { Actor } from "./actor";

/**
 * The social media share kit of a campaign with the `social` type: an Open Graph picture (1200×630
 * PNG, the size Facebook, LinkedIn and X show large) made from the event's first image and its title,
 * and a ready post in each of the four languages, so the organizer can post in whichever their
 * audience reads.
 */

export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

/** The post in each language; {{title}}, {{date}}, {{place}} and {{url}} are filled in. */
export const SHARE_TEXTS: Record<Language, string> = {
  en: "Don't miss {{title}}: {{date}} at {{place}}. Tickets are on sale now: {{url}}",
  fr: "Ne manquez pas {{title}} : {{date}} à {{place}}. La billetterie est ouverte : {{url}}",
  ar: "لا تفوّت {{title}}: {{date}} في {{place}}. التذاكر متاحة الآن: {{url}}",
  am: "{{title}} እንዳያመልጥዎ፦ {{date}} በ{{place}}። ትኬቶች አሁን በሽያጭ ላይ ናቸው፦ {{url}}",
};

export interface ShareKit {
  campaignId: string;
  eventId: number;
  eventTitle: string;
  eventUrl: string;
  /** The ready post, by language. */
  texts: Record<Language, string>;
}

interface ShareKitEvent {
  campaignId: string;
  eventId: number;
  title: string;
  startsAt: Date;
  timeZone: string;
  /** The event's own language: the picture's words are written in it, as its title is. */
  language: Language;
  place: string;
  imageKey: string | null;
  imageWidths: number[];
}

/**
 * The event behind one of the actor's campaigns that includes the social type; null for anyone
 * else's campaign, one without the social type, or no campaign (the caller answers 404 for all).
 */
async function findShareKitEvent(db: Database, actor: Actor, campaignId: string): Promise<ShareKitEvent | null> {
  if (!isUuid(campaignId)) return null;
  const [row] = await db
    .select({
      campaignId: promotionCampaigns.id,
      types: promotionCampaigns.types,
      paidAt: promotionCampaigns.paidAt,
      eventId: events.id,
      title: events.title,
      startsAt: events.startsAt,
      timeZone: events.timeZone,
      language: events.language,
      venueName: venues.name,
      city: venues.city,
    })
    .from(promotionCampaigns)
    .innerJoin(events, eq(events.id, promotionCampaigns.eventId))
    .innerJoin(venues, eq(venues.id, events.venueId))
    .where(and(eq(promotionCampaigns.id, campaignId), eq(promotionCampaigns.organizerId, actor.userId)));
  if (!row || !row.paidAt || !row.types.includes("social")) return null;
  const [image] = await db
    .select({ storageKey: eventImages.storageKey, widths: eventImages.widths })
    .from(eventImages)
    .where(eq(eventImages.eventId, row.eventId))
    .orderBy(asc(eventImages.position))
    .limit(1);
  return {
    campaignId: row.campaignId,
    eventId: row.eventId,
    title: row.title,
    startsAt: row.startsAt,
    timeZone: row.timeZone,
    language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE,
    place: row.city ? `${row.venueName}, ${row.city}` : row.venueName,
    imageKey: image?.storageKey ?? null,
    imageWidths: image?.widths ?? [],
  };
}

/** The share kit's texts for one of the actor's social campaigns; null as findShareKitEvent. */
export async function getShareKit(
  db: Database,
  actor: Actor,
  campaignId: string,
  siteUrl: string,
): Promise<ShareKit | null> {
  const event = await findShareKitEvent(db, actor, campaignId);
  if (!event) return null;
  const eventUrl = `${siteUrl}/events/${event.eventId}`;
  const texts = Object.fromEntries(
    LANGUAGES.map((language) => [language, shareText(language, event, eventUrl)]),
  ) as Record<Language, string>;
  return { campaignId: event.campaignId, eventId: event.eventId, eventTitle: event.title, eventUrl, texts };
}

/** The event's day as `language` writes it, in the event's own time zone. */
function eventDay(language: Language, event: ShareKitEvent): string {
  return new Intl.DateTimeFormat(LOCALE_TAGS[language], {
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: event.timeZone,
  }).format(event.startsAt);
}

function shareText(language: Language, event: ShareKitEvent, url: string): string {
  const date = eventDay(language, event);
  // The title and the place keep their own direction inside a post in the other one.
  const values: Record<string, string> = {
    title: isolateUserText(event.title),
    date,
    place: isolateUserText(event.place),
    url,
  };
  // A function replacement, so that a "$&" in a title stays text.
  return SHARE_TEXTS[language].replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
}

/**
 * The share kit's Open Graph picture for one of the actor's social campaigns, as PNG bytes; null as
 * findShareKitEvent. The event's image fills the frame (cropped to cover), darkened at the bottom so
 * the title and date written over it stay readable whatever the picture.
 */
export async function renderShareKitImage(
  db: Database,
  actor: Actor,
  campaignId: string,
  uploadsDir: string,
): Promise<Buffer | null> {
  const event = await findShareKitEvent(db, actor, campaignId);
  if (!event) return null;
  const { default: sharp } = await import("sharp");
  const source = await eventImageFile(event, uploadsDir);
  const base = source
    ? sharp(source).resize(SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT, { fit: "cover", position: "attention" })
    : sharp({
        create: { width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT, channels: 3, background: "#1e3a8a" },
      });
  const date = eventDay(event.language, event);
  return base
    .composite([
      {
        input: Buffer.from(
          overlaySvg(
            { text: event.title, direction: directionOfText(event.title) },
            { text: `${date} · ${isolateUserText(event.place)}`, direction: textDirection(event.language) },
          ),
        ),
        top: 0,
        left: 0,
      },
    ])
    .png({ compressionLevel: 8 })
    .toBuffer();
}

/** The widest stored file of the event's first image (a sample picture is drawn on demand); null without one. */
async function eventImageFile(event: ShareKitEvent, uploadsDir: string): Promise<string | null> {
  if (!event.imageKey || event.imageWidths.length === 0) return null;
  const width = Math.max(...event.imageWidths);
  const file = path.join(uploadsDir, imageFileName(event.imageKey, width));
  try {
    await access(file);
    return file;
  } catch {
    return parseSampleImageKey(event.imageKey) ? ensureSampleImage(uploadsDir, event.imageKey, width) : null;
  }
}

const TITLE_LINE_CHARACTERS = 34;
const TITLE_LINES = 2;

const MARGIN = 60;

interface PictureLine {
  text: string;
  direction: "ltr" | "rtl";
}

/**
 * Where a line starts, in its own direction: right-to-left text (an Arabic title) is set from the right
 * margin, its ellipsis on the left, where it ends. The SVG renderer reorders the letters by the
 * bidirectional algorithm; the isolates in the text keep a Latin place whole in an Arabic line.
 */
function lineStart(direction: "ltr" | "rtl"): string {
  return direction === "rtl"
    ? `x="${SHARE_IMAGE_WIDTH - MARGIN}" direction="rtl" text-anchor="start"`
    : `x="${MARGIN}" direction="ltr" text-anchor="start"`;
}

/** The gradient and the text, as SVG: the title on up to two lines (cut with an ellipsis), then the date and place. */
function overlaySvg(title: PictureLine, subtitle: PictureLine): string {
  const lines = wrap(title.text, TITLE_LINE_CHARACTERS, TITLE_LINES);
  const firstLineY = SHARE_IMAGE_HEIGHT - 90 - lines.length * 64;
  const titleLines = lines
    .map(
      (line, index) =>
        `<text ${lineStart(title.direction)} y="${firstLineY + 64 * (index + 1)}" class="title">${escapeXml(line)}</text>`,
    )
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_IMAGE_WIDTH}" height="${SHARE_IMAGE_HEIGHT}">
  <defs><linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0.35" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.85"/>
  </linearGradient></defs>
  <style>.title{font:700 56px sans-serif;fill:#fff}.sub{font:400 30px sans-serif;fill:#f1f5f9}</style>
  <rect width="100%" height="100%" fill="url(#shade)"/>
  ${titleLines}
  <text ${lineStart(subtitle.direction)} y="${SHARE_IMAGE_HEIGHT - 50}" class="sub">${escapeXml(cut(subtitle.text, 70))}</text>
</svg>`;
}

/** Words into at most `maxLines` lines of about `width` characters, the last one ending "…" when cut. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines.map((item) => cut(item, width));
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${cut(kept[maxLines - 1]!, width - 1)}…`;
  return kept;
}

function cut(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1).trimEnd()}…`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
