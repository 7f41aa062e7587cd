import type { Language } from "#domain/language";
import { formatMoney } from "#app/i18n/format";
import { useTranslation } from "#app/i18n/use-translation";

export interface OrderLine {
  ticketTypeId: number;
  name: string;
  quantity: number;
  unitPriceCents: number;
}

/** What is being bought: each ticket type's count and price, and the total (integer cents, in USD). */
export function OrderLines({ lines, totalCents }: { lines: readonly OrderLine[]; totalCents: number }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const price = (cents: number) => (cents === 0 ? t("event.free") : formatMoney(cents, language));
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{t("checkout.lines.caption")}</caption>
      <thead>
        <tr className="border-b border-border text-muted-foreground">
          <th scope="col" className="py-2 text-start font-medium">
            {t("checkout.lines.ticket")}
          </th>
          <th scope="col" className="py-2 text-end font-medium">
            {t("checkout.lines.quantity")}
          </th>
          <th scope="col" className="py-2 text-end font-medium">
            {t("checkout.lines.price")}
          </th>
          <th scope="col" className="py-2 text-end font-medium">
            {t("checkout.lines.subtotal")}
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.ticketTypeId} className="border-b border-border">
            <th scope="row" className="py-2 text-start font-medium">
              <bdi>{line.name}</bdi>
            </th>
            <td className="py-2 text-end tabular-nums">{line.quantity}</td>
            <td className="py-2 text-end tabular-nums">{price(line.unitPriceCents)}</td>
            <td className="py-2 text-end tabular-nums">{price(line.quantity * line.unitPriceCents)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={3} className="pt-3 text-start text-base font-bold">
            {t("checkout.lines.total")}
          </th>
          <td className="pt-3 text-end text-base font-bold tabular-nums">{price(totalCents)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
