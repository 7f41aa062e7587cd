import { CalendarClock, Users } from "lucide-react";
import { Link } from "react-router";
import { InfoHeader } from "#app/components/info/info-page";
import { itemListJsonLd, pageLanguage, webPageJsonLd } from "#app/components/info/json-ld";
import { formatCount } from "#app/i18n/format";
import { metaTranslator } from "#app/i18n/meta";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { useTranslation } from "#app/i18n/use-translation";
import { pageMeta, siteOrigin } from "#app/seo";
import { EVENT_TYPES } from "#domain/event-types";
import type { Language } from "#domain/language";
import type { Route } from "./+types/event-types";

export async function loader({ request }: Route.LoaderArgs) {
  return { pageMessages: await pageMessages(negotiateLanguage(request), ["eventTypes"]) };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  const title = `${t("eventTypes.metaTitle")} | ${t("app.name")}`;
  const description = t("eventTypes.metaDescription");
  const origin = siteOrigin(matches);
  const facts = { origin, path: "/event-types", title, description, language: pageLanguage(matches) };
  const types = EVENT_TYPES.map((type) => ({
    path: `/event-types/${type.slug}`,
    name: t(`eventTypes.types.${type.slug}.name`),
  }));
  return [
    ...pageMeta(matches, { title, description, path: "/event-types" }),
    { "script:ld+json": webPageJsonLd("CollectionPage", facts, { mainEntity: itemListJsonLd(origin, types) }) },
  ];
}

/** /event-types: a planning guide per kind of event, with how far ahead to start and how big it gets. */
export default function EventTypesPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  return (
    <div className="flex flex-col">
      <InfoHeader
        id="event-types-title"
        eyebrow={t("eventTypes.eyebrow")}
        title={t("eventTypes.title")}
        intro={t("eventTypes.intro")}
      />
      <ul className="mx-auto grid w-full max-w-5xl gap-4 px-4 py-10 sm:grid-cols-2 lg:grid-cols-3">
        {EVENT_TYPES.map((type) => (
          <li key={type.slug} className="flex flex-col gap-3 rounded-xl border border-border bg-card p-5">
            <h2 className="text-lg font-semibold">
              <Link to={`/event-types/${type.slug}`} className="hover:underline">
                {t(`eventTypes.types.${type.slug}.name`)}
              </Link>
            </h2>
            <p className="text-sm text-muted-foreground">{t(`eventTypes.types.${type.slug}.summary`)}</p>
            <dl className="mt-auto grid grid-cols-[auto_1fr] items-center gap-x-2 gap-y-1 text-sm">
              <dt className="flex items-center gap-2">
                <CalendarClock aria-hidden="true" className="h-4 w-4 text-primary" />
                {t("eventTypes.leadTimeTerm")}
              </dt>
              <dd className="font-medium">{formatCount(type.leadTimeWeeks, language)}</dd>
              <dt className="flex items-center gap-2">
                <Users aria-hidden="true" className="h-4 w-4 text-primary" />
                {t("eventTypes.sizeTerm")}
              </dt>
              <dd className="font-medium">
                {t("eventTypes.sizeValue", {
                  min: formatCount(type.size.min, language),
                  max: formatCount(type.size.max, language),
                })}
              </dd>
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}
