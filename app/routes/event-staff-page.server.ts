import { data } from "react-router";
import { parseRecordId } from "#domain/record-id";
import { AppError } from "#server/errors";

/** Pages for an event's staff (check-in, orders) are about people: never kept by any cache. */
export const STAFF_PAGE_HEADERS = { "Cache-Control": "private, no-store" };

/** The event id of a staff page's URL; anything that is not one is the page's 404. */
export function staffEventId(params: { id: string }): number {
  const id = parseRecordId(params.id);
  if (id === null) throw data(null, { status: 404, headers: STAFF_PAGE_HEADERS });
  return id;
}

/**
 * Runs a staff page's use case; someone signed in who is not the event's organizer or a co-organizer
 * gets the same 404 as for an event that does not exist: the page does not tell strangers that the
 * event has tools they cannot use.
 */
export async function asEventStaff<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError && (error.code === "forbidden" || error.code === "not_found")) {
      throw data(null, { status: 404, headers: STAFF_PAGE_HEADERS });
    }
    throw error;
  }
}
