import { data, redirect } from "react-router";
import { notificationHref } from "#domain/notification-link";
import { requireViewer } from "#app/require-viewer";
import { currentTime } from "#server/clock";
import { AppError } from "#server/errors";
import { markNotificationRead } from "#server/services/notification-inbox";
import type { Route } from "./+types/notification-open";

/**
 * /notifications/:id, each notification's link on /notifications: marks it read (following it again
 * changes nothing) and leads to what it is about. Someone else's notification is a 404, as a missing one.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const id = /^\d{1,10}$/.test(params.id) ? Number(params.id) : NaN;
  try {
    const notification = await markNotificationRead(context.db, viewer, id, currentTime());
    return redirect(notificationHref(notification), { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") throw data(null, { status: 404 });
    throw error;
  }
}
