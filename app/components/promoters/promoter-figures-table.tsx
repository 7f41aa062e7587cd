import { ScrollableTable } from "#app/components/ui/scrollable-table";
import { formatCount, formatMoney, formatPercentFromBps } from "#app/i18n/format";
import { useTranslation } from "#app/i18n/use-translation";
import type { Language } from "#domain/language";
import type { PromoterFigures } from "#server/services/promoters";

type Totals = Pick<PromoterFigures, "clicks" | "orders" | "tickets" | "revenueCents" | "commissionCents">;

/**
 * Promoters' figures as a table: one row per promoter link (the organizer's view names the promoter,
 * the promoter's view names the event), then the totals. Money in the page's language.
 */
export function PromoterFiguresTable({
  id,
  caption,
  rows,
  totals,
  by,
  siteUrl,
}: {
  id: string;
  caption: string;
  rows: PromoterFigures[];
  totals: Totals;
  by: "promoter" | "event";
  siteUrl: string;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const count = (value: number) => formatCount(value, language);
  const money = (cents: number) => formatMoney(cents, language);
  const figures = (row: Totals) => (
    <>
      <td className="p-2 text-end tabular-nums">{count(row.clicks)}</td>
      <td className="p-2 text-end tabular-nums">{count(row.orders)}</td>
      <td className="p-2 text-end tabular-nums">{count(row.tickets)}</td>
      <td className="p-2 text-end tabular-nums">{money(row.revenueCents)}</td>
      <td className="p-2 text-end tabular-nums">{money(row.commissionCents)}</td>
    </>
  );
  return (
    <ScrollableTable captionId={id} caption={caption}>
      <thead className="bg-muted text-xs uppercase tracking-wide">
        <tr>
          <th scope="col" className="p-2 text-start">
            {t(by === "promoter" ? "promoters.table.promoter" : "promoters.table.event")}
          </th>
          <th scope="col" className="p-2 text-start">
            {t("promoters.table.link")}
          </th>
          <th scope="col" className="p-2 text-end">
            {t("promoters.table.rate")}
          </th>
          <th scope="col" className="p-2 text-end">
            {t("promoters.table.clicks")}
          </th>
          <th scope="col" className="p-2 text-end">
            {t("promoters.table.orders")}
          </th>
          <th scope="col" className="p-2 text-end">
            {t("promoters.table.tickets")}
          </th>
          <th scope="col" className="p-2 text-end">
            {t("promoters.table.revenue")}
          </th>
          <th scope="col" className="p-2 text-end">
            {t("promoters.table.commission")}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.promoterId} className="border-t border-border">
            <th scope="row" className="p-2 text-start font-medium">
              <bdi>{by === "promoter" ? row.name : row.eventTitle}</bdi>
              {row.status === "invited" && (
                <span className="ms-2 rounded-full bg-muted px-2 py-0.5 text-xs">{t("promoters.table.invited")}</span>
              )}
            </th>
            <td className="p-2">
              {row.status === "active" ? (
                <code dir="ltr" className="text-xs">{`${siteUrl}/events/${row.eventId}?ref=${row.code}`}</code>
              ) : (
                <span className="text-muted-foreground">{t("promoters.table.pending")}</span>
              )}
            </td>
            <td className="p-2 text-end tabular-nums whitespace-nowrap">
              {formatPercentFromBps(row.commissionBps, language)}
            </td>
            {figures(row)}
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr className="border-t-2 border-border font-semibold">
          <th scope="row" colSpan={3} className="p-2 text-start">
            {t("promoters.table.total")}
          </th>
          {figures(totals)}
        </tr>
      </tfoot>
    </ScrollableTable>
  );
}
