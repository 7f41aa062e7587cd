import { Link } from "react-router";
import { buttonClasses } from "#app/components/ui/button";
import { formatMoney, LOCALE_TAGS } from "#app/i18n/format";
import { metaTranslator } from "#app/i18n/meta";
import { useTranslation } from "#app/i18n/use-translation";
import { pageMeta } from "#app/seo";
import type { Language } from "#domain/language";
import { PROMOTION_LIMITS, PROMOTION_TYPES, RATE_CARD, TICKETING_FEES } from "#domain/promotion-pricing";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import type { Route } from "./+types/pricing";

/** The rate card's words: the pricing page's own, and the promotion types as /promote names them. */
export async function loader({ request }: Route.LoaderArgs) {
  return { pageMessages: await pageMessages(negotiateLanguage(request), ["pricing", "promote"]) };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return pageMeta(matches, {
    title: `${t("pricing.metaTitle")} | ${t("app.name")}`,
    description: t("pricing.intro"),
    path: "/pricing",
  });
}

/**
 * /pricing: the promotion rate card and the ticketing fees, read from the data the quote, the
 * purchase and checkout use (domain/promotion-pricing.ts), so what is published is what is charged.
 */
export default function PricingPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const percent = new Intl.NumberFormat(LOCALE_TAGS[language], { style: "percent", maximumFractionDigits: 2 }).format(
    TICKETING_FEES.basisPoints / 10_000,
  );
  const fixed = formatMoney(TICKETING_FEES.fixedCentsPerPaidOrder, language);
  const hasNoFees = TICKETING_FEES.basisPoints === 0 && TICKETING_FEES.fixedCentsPerPaidOrder === 0;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-8 px-4 py-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold">{t("pricing.title")}</h1>
        <p className="text-muted-foreground">{t("pricing.intro")}</p>
      </header>

      <section
        aria-labelledby="pricing-tickets"
        className="flex flex-col gap-3 rounded-xl border border-border bg-card p-5"
      >
        <h2 id="pricing-tickets" className="text-xl font-semibold">
          {t("pricing.ticketsTitle")}
        </h2>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
          <dt className="font-medium">{t("pricing.percentFee")}</dt>
          <dd>{percent}</dd>
          <dt className="font-medium">{t("pricing.fixedFee")}</dt>
          <dd>{fixed}</dd>
        </dl>
        <p className="text-sm text-muted-foreground">{hasNoFees ? t("pricing.noFees") : t("pricing.feesApply")}</p>
        <p className="text-sm text-muted-foreground">{t("pricing.freeEvents")}</p>
      </section>

      <section aria-labelledby="pricing-promotions" className="flex flex-col gap-3">
        <h2 id="pricing-promotions" className="text-xl font-semibold">
          {t("pricing.promotionsTitle")}
        </h2>
        <p className="text-muted-foreground">{t("pricing.promotionsIntro")}</p>
        {/* When the table is wider than a phone it scrolls sideways: a named region in the tab order lets the
            keyboard reach it and scroll it with the arrow keys. */}
        <div
          role="region"
          aria-label={t("pricing.rateCardCaption")}
          tabIndex={0}
          className="overflow-x-auto rounded-xl border border-border bg-card focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <table className="w-full text-start text-sm">
            <caption className="sr-only">{t("pricing.rateCardCaption")}</caption>
            <thead className="border-b border-border">
              <tr>
                <th scope="col" className="p-3 text-start font-semibold">
                  {t("pricing.typeColumn")}
                </th>
                {/* On a phone each promotion's description sits under its name: the price stays in view. */}
                <th scope="col" className="hidden p-3 text-start font-semibold sm:table-cell">
                  {t("pricing.whatColumn")}
                </th>
                <th scope="col" className="p-3 text-end font-semibold">
                  {t("pricing.priceColumn")}
                </th>
              </tr>
            </thead>
            <tbody>
              {PROMOTION_TYPES.map((type) => (
                <tr key={type} className="border-b border-border last:border-b-0">
                  <th scope="row" className="p-3 text-start align-top font-medium">
                    {t(`promote.types.${type}`)}
                    <span className="mt-1 block font-normal text-muted-foreground sm:hidden">
                      {t(`promote.typeDescriptions.${type}`)}
                    </span>
                  </th>
                  <td className="hidden p-3 align-top text-muted-foreground sm:table-cell">
                    {t(`promote.typeDescriptions.${type}`)}
                  </td>
                  <td data-testid="rate" className="p-3 text-end align-top sm:whitespace-nowrap">
                    {t(`promote.rates.${RATE_CARD[type].unit}`, {
                      price: formatMoney(RATE_CARD[type].cents, language),
                    })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="text-sm text-muted-foreground">
          {t("pricing.limits", { min: PROMOTION_LIMITS.minDays, max: PROMOTION_LIMITS.maxDays })}
        </p>
        <Link to="/promote" className={buttonClasses("primary", "md", "self-start")}>
          {t("pricing.promoteCta")}
        </Link>
      </section>
    </div>
  );
}
