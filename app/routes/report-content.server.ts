import { and, eq, isNull } from "drizzle-orm";
import { data } from "react-router";
import { parseRecordId } from "#domain/record-id";
import type { Database } from "#server/db/client";
import { events, galleryPhotos, reviews } from "#server/db/schema";
import type { ContentSubjectType } from "#server/services/content-moderation";
import { publicEventPageCondition } from "#server/services/event-visibility";

/** How much of a review's text (or a photo's caption) the report form quotes. */
const EXCERPT_LENGTH = 280;

export interface ReportedContent {
  type: ContentSubjectType;
  id: number;
  event: { id: number; title: string; language: string };
  excerpt: string | null;
}

/**
 * The review or photo a report page (`/reviews/{id}/report`, `/photos/{id}/report`) is about, as long as
 * the public can see it; otherwise the page is a 404.
 */
export async function reportedContentOf(
  db: Database,
  request: Request,
  params: { id?: string },
): Promise<ReportedContent> {
  const type: ContentSubjectType = new URL(request.url).pathname.startsWith("/photos/") ? "photo" : "review";
  const id = parseRecordId(params.id ?? "");
  const table = type === "review" ? reviews : galleryPhotos;
  const [row] =
    id === null
      ? []
      : await db
          .select({
            eventId: events.id,
            title: events.title,
            language: events.language,
            text: type === "review" ? reviews.body : galleryPhotos.alt,
          })
          .from(table)
          .innerJoin(events, eq(events.id, table.eventId))
          .where(and(eq(table.id, id), isNull(table.hiddenAt), publicEventPageCondition()));
  if (!row || id === null) throw data(null, { status: 404 });
  const text = row.text?.trim() ?? "";
  return {
    type,
    id,
    event: { id: row.eventId, title: row.title, language: row.language },
    excerpt: text ? (text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH)}…` : text) : null,
  };
}
