import { asc } from "drizzle-orm";
import type { EventSummary } from "#domain/event-summary";
import type { Database } from "#server/db/client";
import { majorEventTeasers } from "#server/db/schema";
import { loadEventSummaries } from "./event-summaries";

export interface MajorEvent {
  tagline: string;
  videoUrl: string | null;
  event: EventSummary;
}

/** The flagship events teased on the home page, in their order. */
export async function listMajorEvents(db: Database, now: Date): Promise<MajorEvent[]> {
  const teasers = await db.select().from(majorEventTeasers).orderBy(asc(majorEventTeasers.position));
  const summaries = await loadEventSummaries(
    db,
    teasers.map((teaser) => teaser.eventId),
    now,
  );
  const byId = new Map(summaries.map((summary) => [summary.id, summary]));
  return teasers.flatMap((teaser) => {
    const event = byId.get(teaser.eventId);
    return event ? [{ tagline: teaser.tagline, videoUrl: teaser.videoUrl, event }] : [];
  });
}
