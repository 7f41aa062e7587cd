import { data, redirect } from "react-router";
import { asEventStaff, STAFF_PAGE_HEADERS, staffEventId } from "./event-staff-page.server";
import { currentTime } from "#server/clock";
import { duplicateEvent } from "#server/services/event-authoring";
import type { Route } from "./+types/duplicate-event";

/** Nothing to show: duplicating is a POST from My Events. */
export function loader() {
  throw data(null, { status: 404, headers: STAFF_PAGE_HEADERS });
}

/**
 * Where a visitor (whose session ended while My Events was open) goes back to once signed in: My
 * Events, to press Duplicate again. Not this address, which takes only posts: its GET is a 404.
 */
const SIGN_IN_AND_BACK = `/signin?next=${encodeURIComponent("/dashboard#my-events")}`;

/**
 * POST /events/:id/duplicate: a draft copy of the event (its organizer or a co-organizer; anyone else
 * gets 404), opened in its edit page to change the dates and title.
 */
export async function action({ params, context }: Route.ActionArgs) {
  const viewer = context.viewer;
  if (!viewer) throw redirect(SIGN_IN_AND_BACK);
  const eventId = staffEventId(params);
  const copy = await asEventStaff(() => duplicateEvent(context.db, viewer, eventId, currentTime()));
  return redirect(`/events/${copy.id}/edit?saved=duplicated`, { headers: STAFF_PAGE_HEADERS });
}
