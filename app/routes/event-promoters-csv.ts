import { requireViewer } from "#app/require-viewer";
import { negotiateLanguage } from "#app/i18n/preferences";
import { pageMessages } from "#app/i18n/page-messages.server";
import { eventPromoterFigures } from "#server/services/promoters";
import { promoterFiguresCsv } from "#server/services/promoter-csv";
import { asEventStaff, STAFF_PAGE_HEADERS, staffEventId } from "./event-staff-page.server";
import type { Route } from "./+types/event-promoters-csv";

/**
 * /events/:id/promoters.csv: the event's promoters with their figures, for its organizers (a 404 for
 * anyone else). A byte order mark first, so spreadsheets read the UTF-8 names; the header row in the
 * page's language.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const eventId = staffEventId(params);
  const rows = await asEventStaff(() => eventPromoterFigures(context.db, viewer, eventId));
  const { promoters } = await pageMessages(negotiateLanguage(request), ["promoters"]);
  const csv = promoterFiguresCsv(rows, context.config.publicUrl, (column) => promoters?.csvColumns[column] ?? column);
  return new Response(`\uFEFF${csv}`, {
    headers: {
      ...STAFF_PAGE_HEADERS,
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="event-${eventId}-promoters.csv"`,
    },
  });
}
