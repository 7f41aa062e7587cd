import { data, redirect } from "react-router";
import { asEventStaff, STAFF_PAGE_HEADERS, staffEventId } from "#app/event-staff-page";
import { requireViewer } from "#app/require-viewer";
import { currentTime } from "#server/clock";
import { duplicateEvent } from "#server/services/event-authoring";
import type { Route } from "./+types/duplicate-event";

/** Nothing to show: duplicating is a POST from My Events. */
export function loader() {
  throw data(null, { status: 404, headers: STAFF_PAGE_HEADERS });
}

/**
 * POST /events/:id/duplicate: a draft copy of the event (its organizer or a co-organizer; anyone else
 * gets 404), opened in its edit page to change the dates and title.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = requireViewer(request, context);
  const eventId = staffEventId(params);
  const copy = await asEventStaff(() => duplicateEvent(context.db, viewer, eventId, currentTime()));
  return redirect(`/events/${copy.id}/edit?saved=duplicated`, { headers: STAFF_PAGE_HEADERS });
}
