import { parseRecordId } from "#domain/record-id";
import { data } from "react-router";
import { toICalendar } from "#domain/icalendar";
import { currentTime } from "#server/clock";
import { getEventDetail } from "#server/services/event-detail";
import type { Route } from "./+types/event-calendar";

/** /events/:id/calendar.ics: the event as an iCalendar file for any calendar app. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const id = parseRecordId(params.id);
  if (id === null) throw data(null, { status: 404 });
  const now = currentTime();
  const event = await getEventDetail(context.db, id, now);
  if (!event) throw data(null, { status: 404 });
  const origin = context.config.publicUrl;
  const body = toICalendar(
    [
      {
        uid: `event-${event.id}@${new URL(origin).hostname}`,
        title: event.title,
        description: `${event.description}\n\n${origin}/events/${event.id}`,
        startsAt: event.startsAt,
        endsAt: event.endsAt,
        location: `${event.venue.name}, ${event.venue.address}, ${event.venue.city}, ${event.venue.state} ${event.venue.zipCode}`,
        url: `${origin}/events/${event.id}`,
        now,
        status: event.status === "cancelled" ? "CANCELLED" : "CONFIRMED",
      },
    ],
    event.title,
  );
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="event-${event.id}.ics"`,
      "Cache-Control": "public, max-age=300",
    },
  });
}
