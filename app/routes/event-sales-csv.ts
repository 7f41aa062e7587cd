import { asEventStaff, STAFF_PAGE_HEADERS, staffEventId } from "./event-staff-page.server";
import { requireViewer } from "#app/require-viewer";
import { negotiateLanguage } from "#app/i18n/preferences";
import { loadMessages } from "#app/i18n/messages";
import { translatorFor } from "#app/i18n/translator";
import { shownName } from "#domain/deleted-account";
import { eventSalesCsv } from "#server/services/event-orders";
import type { Route } from "./+types/event-sales-csv";

/**
 * /events/:id/sales.csv: every ticket of the event as a CSV file, for its organizer and co-organizers
 * (the sales page links it); a 404 for anyone else, and visitors are sent to sign in first. It starts
 * with a byte order mark so that spreadsheets read the UTF-8 names (Amharic, Arabic) as such. The
 * header row is in the page's language.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const eventId = staffEventId(params);
  const language = negotiateLanguage(request);
  const { t } = translatorFor(language, await loadMessages(language));
  const csv = await asEventStaff(() =>
    eventSalesCsv(
      context.db,
      viewer,
      eventId,
      (column, timeZone) => t(`eventSales.csv.${column}`, { timeZone }),
      (name) => shownName(t, name),
    ),
  );
  return new Response(`\uFEFF${csv}`, {
    headers: {
      ...STAFF_PAGE_HEADERS,
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": `attachment; filename="event-${eventId}-sales.csv"`,
    },
  });
}
