import { requireViewer } from "#app/require-viewer";
import { negotiateLanguage } from "#app/i18n/preferences";
import { pageMessages } from "#app/i18n/page-messages.server";
import { myPromoterFigures } from "#server/services/promoters";
import { promoterFiguresCsv } from "#server/services/promoter-csv";
import type { Route } from "./+types/promoter-dashboard-csv";

/** /promoters/dashboard.csv: the signed-in person's promoter links with their figures, by event. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const rows = await myPromoterFigures(context.db, viewer);
  const { promoters } = await pageMessages(negotiateLanguage(request), ["promoters"]);
  const csv = promoterFiguresCsv(rows, context.config.publicUrl, (column) => promoters?.csvColumns[column] ?? column);
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Cache-Control": "private, no-store",
      "Content-Type": "text/csv; charset=utf-8; header=present",
      "Content-Disposition": 'attachment; filename="my-promoter-links.csv"',
    },
  });
}
