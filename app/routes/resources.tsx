import { BookOpen } from "lucide-react";
import { Link } from "react-router";
import { InfoHeader } from "#app/components/info/info-page";
import { itemListJsonLd, pageLanguage, webPageJsonLd } from "#app/components/info/json-ld";
import { RESOURCE_GUIDES } from "#domain/resource-guides";
import { buttonClasses } from "#app/components/ui/button";
import { metaTranslator } from "#app/i18n/meta";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { useTranslation } from "#app/i18n/use-translation";
import { pageMeta, siteOrigin } from "#app/seo";
import type { Route } from "./+types/resources";

export async function loader({ request }: Route.LoaderArgs) {
  return { pageMessages: await pageMessages(negotiateLanguage(request), ["resources"]) };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  const title = `${t("resources.metaTitle")} | ${t("app.name")}`;
  const description = t("resources.metaDescription");
  const origin = siteOrigin(matches);
  const facts = { origin, path: "/resources", title, description, language: pageLanguage(matches) };
  const guides = RESOURCE_GUIDES.map((guide) => ({
    path: `/resources/${guide.slug}`,
    name: t(`resources.guides.${guide.slug}.title`),
  }));
  return [
    ...pageMeta(matches, { title, description, path: "/resources" }),
    { "script:ld+json": webPageJsonLd("CollectionPage", facts, { mainEntity: itemListJsonLd(origin, guides) }) },
  ];
}

/** /resources: the organizers' guides, each a page of its own, and the way to the event-type guides. */
export default function ResourcesPage() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col">
      <InfoHeader
        id="resources-title"
        eyebrow={t("resources.eyebrow")}
        title={t("resources.title")}
        intro={t("resources.intro")}
      />
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-10 px-4 py-10">
        <ul className="grid gap-4 sm:grid-cols-2">
          {RESOURCE_GUIDES.map((guide) => (
            <li key={guide.slug} className="flex flex-col gap-3 rounded-xl border border-border bg-card p-5">
              <BookOpen aria-hidden="true" className="h-6 w-6 text-primary" />
              <h2 className="text-xl font-semibold">
                <Link to={`/resources/${guide.slug}`} className="hover:underline">
                  {t(`resources.guides.${guide.slug}.title`)}
                </Link>
              </h2>
              <p className="text-muted-foreground">{t(`resources.guides.${guide.slug}.summary`)}</p>
            </li>
          ))}
        </ul>
        <section
          aria-labelledby="resources-event-types"
          className="flex flex-col items-start gap-3 rounded-xl bg-muted/50 p-6"
        >
          <h2 id="resources-event-types" className="text-xl font-semibold">
            {t("resources.eventTypesTitle")}
          </h2>
          <p className="max-w-prose text-muted-foreground">{t("resources.eventTypesBody")}</p>
          <Link to="/event-types" className={buttonClasses("primary")}>
            {t("resources.eventTypesCta")}
          </Link>
        </section>
      </div>
    </div>
  );
}
