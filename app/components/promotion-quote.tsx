import { formatMoney } from "#app/i18n/format";
import { useTranslation } from "#app/i18n/use-translation";
import type { Language } from "#domain/language";
import type { PromotionQuote } from "#domain/promotion-pricing";

/**
 * A promotion's price line by line (a digest with no edition to appear in says so) and its total: what
 * the organizer pays. A polite live region:
 * as the organizer changes the options, a screen reader hears the new total.
 */
export function PromotionQuoteSummary({ quote }: { quote: PromotionQuote }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const money = (cents: number) => formatMoney(cents, language);
  return (
    <section
      aria-labelledby="promote-quote-heading"
      aria-live="polite"
      className="flex flex-col gap-3 rounded-xl border border-border bg-card p-5 text-card-foreground"
    >
      <h2 id="promote-quote-heading" className="text-lg font-semibold">
        {t("promote.quote.title")}
      </h2>
      {quote.lines.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("promote.quote.empty")}</p>
      ) : (
        <dl className="flex flex-col gap-2 text-sm">
          {quote.lines.map((line) => (
            <div key={line.type} className="flex flex-wrap items-baseline justify-between gap-x-4">
              <dt>
                <span className="font-medium">{t(`promote.types.${line.type}`)}</span>{" "}
                <span className="text-muted-foreground">
                  {/* Only the digest comes to no unit: no edition while it runs, which cannot be bought. */}
                  {line.units === 0
                    ? t("promote.problems.no_digest_edition")
                    : t(`promote.quote.units.${line.unit}`, { units: line.units, price: money(line.unitCents) })}
                </span>
              </dt>
              <dd className="tabular-nums">{money(line.amountCents)}</dd>
            </div>
          ))}
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 border-t border-border pt-2 text-base font-semibold">
            <dt>{t("promote.quote.total")}</dt>
            <dd className="tabular-nums" data-testid="promote-total">
              {money(quote.totalCents)}
            </dd>
          </div>
        </dl>
      )}
    </section>
  );
}
