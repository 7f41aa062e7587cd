import { csvDocument } from "#domain/csv";
import type { PromoterFigures } from "./promoters";

/** The CSV's columns, named in the page's language by the caller. */
export const PROMOTER_CSV_COLUMNS = [
  "event",
  "promoter",
  "status",
  "link",
  "commissionPercent",
  "clicks",
  "orders",
  "tickets",
  "revenue",
  "commission",
] as const;
export type PromoterCsvColumn = (typeof PROMOTER_CSV_COLUMNS)[number];

/**
 * Promoters' figures as CSV, one line per promoter link: money in US dollars with two decimals (from
 * integer cents), confirmed orders only, as the pages show them.
 */
export function promoterFiguresCsv(
  rows: readonly PromoterFigures[],
  siteUrl: string,
  header: (column: PromoterCsvColumn) => string,
): string {
  const dollars = (cents: number) => (cents / 100).toFixed(2);
  return csvDocument(
    PROMOTER_CSV_COLUMNS.map(header),
    rows.map((row) => [
      row.eventTitle,
      row.name,
      row.status,
      row.status === "active" ? `${siteUrl}/events/${row.eventId}?ref=${row.code}` : null,
      row.commissionBps / 100,
      row.clicks,
      row.orders,
      row.tickets,
      dollars(row.revenueCents),
      dollars(row.commissionCents),
    ]),
  );
}
