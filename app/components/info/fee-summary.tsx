import { formatMoney, LOCALE_TAGS } from "#app/i18n/format";
import { useTranslation } from "#app/i18n/use-translation";
import type { Language } from "#domain/language";
import { PROMOTION_LIMITS, PROMOTION_TYPES, RATE_CARD, TICKETING_FEES } from "#domain/promotion-pricing";

/**
 * The ticketing fees, in /pricing's own words and from the data /pricing and checkout read
 * (domain/promotion-pricing.ts): the terms never state a figure of their own.
 */
export function TicketingFees() {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const percent = new Intl.NumberFormat(LOCALE_TAGS[language], { style: "percent", maximumFractionDigits: 2 }).format(
    TICKETING_FEES.basisPoints / 10_000,
  );
  const hasNoFees = TICKETING_FEES.basisPoints === 0 && TICKETING_FEES.fixedCentsPerPaidOrder === 0;
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-border bg-card p-5">
      <dl data-testid="ticketing-fees" className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">{t("pricing.percentFee")}</dt>
        <dd>{percent}</dd>
        <dt className="font-medium">{t("pricing.fixedFee")}</dt>
        <dd>{formatMoney(TICKETING_FEES.fixedCentsPerPaidOrder, language)}</dd>
      </dl>
      <p className="text-sm text-muted-foreground">{hasNoFees ? t("pricing.noFees") : t("pricing.feesApply")}</p>
      <p className="text-sm text-muted-foreground">{t("pricing.freeEvents")}</p>
    </div>
  );
}

/** The promotion packages with their prices, from the rate card /pricing and /promote show. */
export function PromotionRates({ label }: { label: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  return (
    <div className="flex flex-col gap-2">
      <ul aria-label={label} data-testid="promotion-rates" className="flex flex-col gap-2">
        {PROMOTION_TYPES.map((type) => (
          <li key={type} className="rounded-lg border border-border p-3">
            <span className="font-medium">{t(`promote.types.${type}`)}</span>
            {" · "}
            <span>
              {t(`promote.rates.${RATE_CARD[type].unit}`, { price: formatMoney(RATE_CARD[type].cents, language) })}
            </span>
            <span className="mt-1 block text-sm text-muted-foreground">{t(`promote.typeDescriptions.${type}`)}</span>
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted-foreground">
        {t("pricing.limits", { min: PROMOTION_LIMITS.minDays, max: PROMOTION_LIMITS.maxDays })}
      </p>
    </div>
  );
}
