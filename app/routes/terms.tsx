import { Link } from "react-router";
import { TicketingFees, PromotionRates } from "#app/components/info/fee-summary";
import { InfoHeader, INFO_PAGES_UPDATED, TableOfContents, UpdatedLine } from "#app/components/info/info-page";
import { pageLanguage, webPageJsonLd } from "#app/components/info/json-ld";
import { TERMS_SECTIONS } from "#app/components/info/terms-sections";
import { TextSections } from "#app/components/info/text-sections";
import { metaTranslator } from "#app/i18n/meta";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { useTranslation } from "#app/i18n/use-translation";
import { pageMeta, siteOrigin } from "#app/seo";
import { HOLD_MINUTES, MAX_TICKETS_PER_ORDER } from "#domain/order";
import type { Route } from "./+types/terms";

/** The terms' words, and /pricing's and /promote's for the fees, which are stated in their words. */
export async function loader({ request }: Route.LoaderArgs) {
  return { pageMessages: await pageMessages(negotiateLanguage(request), ["terms", "pricing", "promote"]) };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  const title = `${t("terms.metaTitle")} | ${t("app.name")}`;
  const description = t("terms.metaDescription");
  const facts = { origin: siteOrigin(matches), path: "/terms", title, description, language: pageLanguage(matches) };
  return [
    ...pageMeta(matches, { title, description, path: "/terms" }),
    { "script:ld+json": webPageJsonLd("WebPage", facts, { dateModified: INFO_PAGES_UPDATED }) },
  ];
}

/**
 * /terms: the organizer and buyer terms in plain language. What they say the site does (holds, refunds,
 * cancellations, fees) is read from the code that does it: the figures from domain/, the refund rules as
 * server/services/orders.ts and event-cancellation.ts apply them.
 */
export default function TermsPage() {
  const { t } = useTranslation();
  const sections = TERMS_SECTIONS.map((section) => ({
    id: section.id,
    label: t(`terms.sections.${section.key}.title`),
  }));
  return (
    <div className="flex flex-col">
      <InfoHeader id="terms-title" eyebrow={t("terms.eyebrow")} title={t("terms.title")} intro={t("terms.intro")}>
        <UpdatedLine messageKey="terms.updated" />
      </InfoHeader>
      <div className="mx-auto grid w-full max-w-5xl gap-10 px-4 py-10 lg:grid-cols-[16rem_1fr]">
        <div className="lg:sticky lg:top-24 lg:self-start">
          <TableOfContents title={t("terms.tocTitle")} items={sections} />
        </div>
        <div className="flex min-w-0 flex-col gap-10">
          <TextSections
            prefix="terms"
            sections={TERMS_SECTIONS}
            values={{ maxTickets: MAX_TICKETS_PER_ORDER, holdMinutes: HOLD_MINUTES }}
            extra={{
              accounts: (
                <p>
                  <Link to="/privacy" className="text-primary underline underline-offset-4">
                    {t("footer.privacy")}
                  </Link>
                </p>
              ),
              fees: (
                <>
                  <p>
                    {t("terms.sections.fees.p1")}{" "}
                    <Link to="/pricing" className="text-primary underline underline-offset-4">
                      {t("footer.pricing")}
                    </Link>
                  </p>
                  <TicketingFees />
                  <p>{t("terms.sections.fees.promotions")}</p>
                  <PromotionRates label={t("pricing.rateCardCaption")} />
                  <p>{t("terms.sections.fees.p2")}</p>
                </>
              ),
              content: (
                <p>
                  <Link to="/community-guidelines" className="text-primary underline underline-offset-4">
                    {t("footer.communityGuidelines")}
                  </Link>
                </p>
              ),
            }}
          />
        </div>
      </div>
    </div>
  );
}
