import { data, Link } from "react-router";
import { CampaignStateBadge } from "#app/components/my-promotions";
import { buttonClasses } from "#app/components/ui/button";
import { formatDate, formatMoney, formatTime } from "#app/i18n/format";
import { metaTranslator } from "#app/i18n/meta";
import { privatePageMeta } from "#app/seo";
import { useTranslation } from "#app/i18n/use-translation";
import { requireViewer } from "#app/require-viewer";
import { LANGUAGES, type Language } from "#domain/language";
import { currentTime } from "#server/clock";
import { getMyCampaign } from "#server/services/promotions";
import { getShareKit } from "#server/services/share-kit";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import type { Route } from "./+types/promotion";

const PRIVATE = { "Cache-Control": "private, no-store" };
const RTL_LANGUAGES: readonly Language[] = ["ar"];

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return privatePageMeta(matches, `${t("promotion.metaTitle")} | ${t("app.name")}`);
}

export function headers() {
  return PRIVATE;
}

/**
 * /promote/:campaignId: one of the organizer's campaigns — where it stands, when it runs, its
 * placements and, with the social type, the share kit. Anyone else's campaign is a 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = requireViewer(request, context);
  const actor = { userId: viewer.userId };
  const campaign = await getMyCampaign(context.db, actor, params.campaignId, currentTime());
  if (!campaign) throw data(null, { status: 404 });
  const shareKit = campaign.types.includes("social")
    ? await getShareKit(context.db, actor, campaign.id, context.config.publicUrl)
    : null;
  const isJustPaid = new URL(request.url).searchParams.get("paid") === "1";
  return data(
    {
      campaign,
      shareKit,
      isJustPaid,
      pageMessages: await pageMessages(negotiateLanguage(request), ["promote", "promotion"]),
    },
    { headers: PRIVATE },
  );
}

export default function PromotionPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const { campaign, shareKit, isJustPaid } = loaderData;
  const zone = campaign.eventTimeZone;
  const when = (instant: Date) => `${formatDate(instant, zone, language)} ${formatTime(instant, zone, language)}`;

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-col gap-2">
        <p className="text-sm text-muted-foreground">{t("promotion.kicker")}</p>
        <h1 className="text-3xl font-bold">{campaign.eventTitle}</h1>
        <div>
          <CampaignStateBadge state={campaign.state} />
        </div>
      </header>

      {isJustPaid && campaign.state !== null && (
        <p
          role="status"
          className="rounded-md border border-green-700 bg-green-50 p-3 text-sm text-green-900 dark:border-green-400 dark:bg-green-950 dark:text-green-100"
        >
          {t("promotion.paid")}
        </p>
      )}
      {campaign.state === null && (
        <p role="status" className="rounded-md border border-border bg-card p-3 text-sm">
          {t("promotion.awaitingPayment")}
        </p>
      )}

      <section
        aria-labelledby="promotion-details"
        className="flex flex-col gap-3 rounded-xl border border-border bg-card p-5 text-card-foreground"
      >
        <h2 id="promotion-details" className="text-lg font-semibold">
          {t("promotion.detailsTitle")}
        </h2>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-medium">{t("promotion.event")}</dt>
          <dd>
            <Link to={`/events/${campaign.eventId}`} className="text-primary underline underline-offset-2">
              {campaign.eventTitle}
            </Link>
          </dd>
          <dt className="font-medium">{t("promotion.types")}</dt>
          <dd>{campaign.types.map((type) => t(`promote.types.${type}`)).join(", ")}</dd>
          <dt className="font-medium">{t("promotion.startsAt")}</dt>
          <dd>{when(campaign.startsAt)}</dd>
          <dt className="font-medium">{t("promotion.endsAt")}</dt>
          <dd>{when(campaign.endsAt)}</dd>
          <dt className="font-medium">{t("promotion.price")}</dt>
          <dd>
            {/* A campaign bought without a budget (the promote page asks for none) stores its price as one. */}
            {campaign.budgetCents === campaign.priceCents
              ? formatMoney(campaign.priceCents, language)
              : t("promotion.priceOfBudget", {
                  price: formatMoney(campaign.priceCents, language),
                  budget: formatMoney(campaign.budgetCents, language),
                })}
          </dd>
          {campaign.cardBrand && campaign.cardLast4 && (
            <>
              <dt className="font-medium">{t("promotion.paidWith")}</dt>
              <dd>
                {t("promotion.card", {
                  brand: t(`payment.brands.${campaign.cardBrand}`),
                  last4: campaign.cardLast4,
                })}
              </dd>
            </>
          )}
        </dl>
        <p className="text-xs text-muted-foreground">{t("promotion.timeZone", { zone })}</p>
      </section>

      <section
        aria-labelledby="promotion-placements"
        className="flex flex-col gap-3 rounded-xl border border-border bg-card p-5 text-card-foreground"
      >
        <h2 id="promotion-placements" className="text-lg font-semibold">
          {t("promotion.placementsTitle")}
        </h2>
        <ul className="flex flex-col gap-2 text-sm">
          {campaign.placements.map((placement) => (
            <li key={placement.placement} className="flex flex-wrap justify-between gap-2">
              <span className="font-medium">{t(`promotion.placements.${placement.placement}`)}</span>
              <span className="text-muted-foreground">
                {placement.isActive && campaign.state !== "ended" ? t("promotion.running") : t("promotion.stopped")}
              </span>
            </li>
          ))}
          {campaign.types.includes("digest") && (
            <li className="flex flex-wrap justify-between gap-2">
              <span className="font-medium">{t("promotion.placements.digest")}</span>
              <span className="text-muted-foreground">{t("promotion.digestNote")}</span>
            </li>
          )}
          {campaign.types.includes("social") && (
            <li className="flex flex-wrap justify-between gap-2">
              <span className="font-medium">{t("promotion.placements.social")}</span>
              <span className="text-muted-foreground">{t("promotion.socialNote")}</span>
            </li>
          )}
        </ul>
      </section>

      {shareKit && (
        <section
          aria-labelledby="promotion-share-kit"
          className="flex flex-col gap-4 rounded-xl border border-border bg-card p-5 text-card-foreground"
        >
          <h2 id="promotion-share-kit" className="text-lg font-semibold">
            {t("promotion.shareKitTitle")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("promotion.shareKitIntro")}</p>
          <img
            src={`/promote/${campaign.id}/share-kit.png`}
            alt={t("promotion.shareImageAlt", { title: campaign.eventTitle })}
            width={1200}
            height={630}
            loading="lazy"
            className="h-auto w-full rounded-md border border-border"
          />
          <a
            href={`/promote/${campaign.id}/share-kit.png`}
            download
            className={buttonClasses("outline", "md", "self-start")}
          >
            {t("promotion.downloadImage")}
          </a>
          <h3 className="font-semibold">{t("promotion.textsTitle")}</h3>
          <ul className="flex flex-col gap-3">
            {LANGUAGES.map((textLanguage) => (
              <li key={textLanguage} className="flex flex-col gap-1">
                <span className="text-sm font-medium">{t(`eventLanguage.${textLanguage}`)}</span>
                <p
                  lang={textLanguage}
                  dir={RTL_LANGUAGES.includes(textLanguage) ? "rtl" : "ltr"}
                  className="rounded-md border border-border bg-background p-3 text-sm break-words select-all"
                >
                  {shareKit.texts[textLanguage]}
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}

      <div className="flex flex-wrap gap-3">
        <Link to="/promote" className={buttonClasses("primary", "md")}>
          {t("promotion.promoteAnother")}
        </Link>
        <Link to="/dashboard" className={buttonClasses("outline", "md")}>
          {t("promotion.toDashboard")}
        </Link>
      </div>
    </div>
  );
}
