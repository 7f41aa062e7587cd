import { Hono } from "hono";
import { toICalendar } from "#domain/icalendar";
import { parseRecordId } from "#domain/record-id";
import { currentTime } from "#server/clock";
import type { AppEnv } from "#server/http/app-env";
import { calendarEntryOf } from "#server/services/calendar-entries";
import { getEventDetail } from "#server/services/event-detail";

/**
 * /events/:id/calendar.ics: the event as an iCalendar file for any calendar app. Served here rather
 * than by a page route so that an unknown event falls through to the pages, whose not-found page
 * answers it as it answers any address that leads nowhere (a resource route could only answer JSON).
 */
export function createEventCalendarFile() {
  const files = new Hono<AppEnv>();
  files.get("/events/:id/calendar.ics", async (c, next) => {
    const id = parseRecordId(c.req.param("id"));
    const now = currentTime();
    const event = id === null ? null : await getEventDetail(c.get("db"), id, now);
    if (!event) {
      await next();
      return;
    }
    const body = toICalendar([calendarEntryOf(event, c.get("config").publicUrl, now)], event.title);
    return c.body(body, 200, {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="event-${event.id}.ics"`,
      "Cache-Control": "public, max-age=300",
    });
  });
  return files;
}
