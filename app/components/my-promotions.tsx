import { Link } from "react-router";
import { buttonClasses } from "#app/components/ui/button";
import { formatDate, formatMoney } from "#app/i18n/format";
import { useTranslation } from "#app/i18n/use-translation";
import { CAMPAIGN_STATES, type CampaignState } from "#domain/promotion-pricing";
import type { CampaignSummary } from "#server/services/promotions";

const STATE_CLASSES: Record<CampaignState | "awaiting", string> = {
  scheduled: "border-sky-700 text-sky-900 dark:border-sky-400 dark:text-sky-100",
  active: "border-green-700 text-green-800 dark:border-green-400 dark:text-green-200",
  ended: "border-border bg-muted text-foreground",
  awaiting: "border-amber-700 text-amber-900 dark:border-amber-400 dark:text-amber-100",
};

/** Where a campaign stands, as a small badge: scheduled, active, ended, or awaiting payment (null). */
export function CampaignStateBadge({ state }: { state: CampaignState | null }) {
  const { t } = useTranslation();
  const key = state ?? "awaiting";
  return (
    <span className={`inline-block rounded-full border px-2.5 py-0.5 text-xs font-semibold ${STATE_CLASSES[key]}`}>
      {t(`promote.states.${key}`)}
    </span>
  );
}

/**
 * The dashboard's My Promotions: the person's paid campaigns grouped as scheduled, active and ended,
 * each linking to its page. `campaigns` is listMyCampaigns' answer (paid ones only).
 */
export function MyPromotionsSection({ campaigns }: { campaigns: CampaignSummary[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return (
    <section id="my-promotions" aria-labelledby="my-promotions-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="my-promotions-title" className="text-2xl font-semibold">
          {t("myPromotions.title")}
        </h2>
        <Link to="/promote" className={buttonClasses("primary", "sm")}>
          {t("myPromotions.promote")}
        </Link>
      </div>
      {campaigns.length === 0 ? (
        <p className="text-muted-foreground">{t("myPromotions.empty")}</p>
      ) : (
        CAMPAIGN_STATES.map((state) => {
          const group = campaigns.filter((campaign) => campaign.state === state);
          if (group.length === 0) return null;
          const headingId = `my-promotions-${state}`;
          return (
            <section key={state} aria-labelledby={headingId} className="flex flex-col gap-2">
              <h3 id={headingId} className="text-lg font-semibold">
                {t(`myPromotions.groups.${state}`)}
              </h3>
              <ul className="flex flex-col gap-2">
                {group.map((campaign) => (
                  <li
                    key={campaign.id}
                    className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-card p-4 text-card-foreground"
                  >
                    <div className="flex flex-col gap-1">
                      <Link to={`/promote/${campaign.id}`} className="font-semibold underline-offset-4 hover:underline">
                        {campaign.eventTitle}
                      </Link>
                      <p className="text-sm text-muted-foreground">
                        {t("myPromotions.summary", {
                          types: campaign.types.map((type) => t(`promote.types.${type}`)).join(", "),
                          start: formatDate(new Date(campaign.startsAt), campaign.eventTimeZone, language),
                          end: formatDate(new Date(campaign.endsAt), campaign.eventTimeZone, language),
                          price: formatMoney(campaign.priceCents, language),
                        })}
                      </p>
                    </div>
                    <CampaignStateBadge state={campaign.state} />
                  </li>
                ))}
              </ul>
            </section>
          );
        })
      )}
    </section>
  );
}
