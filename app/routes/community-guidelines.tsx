import { Link } from "react-router";
import { InfoHeader, INFO_PAGES_UPDATED, TableOfContents, UpdatedLine } from "#app/components/info/info-page";
import { pageLanguage, webPageJsonLd } from "#app/components/info/json-ld";
import { GUIDELINES_SECTIONS } from "#app/components/info/terms-sections";
import { TextSections } from "#app/components/info/text-sections";
import { metaTranslator } from "#app/i18n/meta";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { useTranslation } from "#app/i18n/use-translation";
import { pageMeta, siteOrigin } from "#app/seo";
import type { Route } from "./+types/community-guidelines";

export async function loader({ request }: Route.LoaderArgs) {
  return { pageMessages: await pageMessages(negotiateLanguage(request), ["guidelines"]) };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  const title = `${t("guidelines.metaTitle")} | ${t("app.name")}`;
  const description = t("guidelines.metaDescription");
  const path = "/community-guidelines";
  const facts = { origin: siteOrigin(matches), path, title, description, language: pageLanguage(matches) };
  return [
    ...pageMeta(matches, { title, description, path }),
    { "script:ld+json": webPageJsonLd("WebPage", facts, { dateModified: INFO_PAGES_UPDATED }) },
  ];
}

/**
 * /community-guidelines: what gets an event, a review or a photo hidden, how to report it (the event
 * page's Report action), how staff decide and how to appeal; the contact page for other cases.
 */
export default function CommunityGuidelinesPage() {
  const { t } = useTranslation();
  const contact = (key: string) => (
    <p>
      {t(key)}{" "}
      <Link to="/contact" className="text-primary underline underline-offset-4">
        {t("nav.contact")}
      </Link>
    </p>
  );
  const items = GUIDELINES_SECTIONS.map((section) => ({
    id: section.id,
    label: t(`guidelines.sections.${section.key}.title`),
  }));
  return (
    <div className="flex flex-col">
      <InfoHeader
        id="guidelines-title"
        eyebrow={t("guidelines.eyebrow")}
        title={t("guidelines.title")}
        intro={t("guidelines.intro")}
      >
        <UpdatedLine messageKey="guidelines.updated" />
      </InfoHeader>
      <div className="mx-auto grid w-full max-w-5xl gap-10 px-4 py-10 lg:grid-cols-[16rem_1fr]">
        <div className="lg:sticky lg:top-24 lg:self-start">
          <TableOfContents title={t("guidelines.tocTitle")} items={items} />
        </div>
        <div className="flex min-w-0 flex-col gap-10">
          <TextSections
            prefix="guidelines"
            sections={GUIDELINES_SECTIONS}
            extra={{
              events: (
                <p>
                  <Link to="/terms#prohibited-events" className="text-primary underline underline-offset-4">
                    {t("footer.terms")}
                  </Link>
                </p>
              ),
              report: (
                <>
                  {contact("guidelines.sections.report.contact")}
                  <p className="rounded-lg border border-border bg-muted/50 p-4 font-medium">
                    {t("guidelines.sections.report.urgent")}
                  </p>
                </>
              ),
              appeals: contact("guidelines.sections.appeals.contact"),
            }}
          />
        </div>
      </div>
    </div>
  );
}
