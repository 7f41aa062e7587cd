import type { ReactNode } from "react";
import { Link } from "react-router";
import { InfoHeader } from "#app/components/info/info-page";
import { itemListJsonLd, pageLanguage, webPageJsonLd } from "#app/components/info/json-ld";
import { RESOURCE_GUIDES } from "#domain/resource-guides";
import { sitemapGroups } from "#app/components/info/site-pages";
import { formatCount, formatDate } from "#app/i18n/format";
import { metaTranslator } from "#app/i18n/meta";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { useTranslation } from "#app/i18n/use-translation";
import { pageMeta, siteOrigin } from "#app/seo";
import { EVENT_TYPES } from "#domain/event-types";
import type { Language } from "#domain/language";
import { currentTime } from "#server/clock";
import { listCategories } from "#server/services/categories";
import { searchEvents } from "#server/services/event-search";
import type { Route } from "./+types/site-map";

/** How many of the next events the sitemap lists. */
const LATEST_EVENTS = 12;

/** The categories with their upcoming counts, the next events, and the words of the guides it lists. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const now = currentTime();
  const [categories, latest, messages] = await Promise.all([
    listCategories(context.db, now),
    searchEvents(context.db, { sort: "date", limit: LATEST_EVENTS }, now),
    pageMessages(negotiateLanguage(request), ["siteMap", "resources", "eventTypes"]),
  ]);
  return {
    categories: categories.map(({ id, key, upcomingEvents }) => ({ id, key, upcomingEvents })),
    events: latest.events.map(({ id, title, startsAt, timeZone }) => ({ id, title, startsAt, timeZone })),
    pageMessages: messages,
  };
}

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  const title = `${t("siteMap.metaTitle")} | ${t("app.name")}`;
  const description = t("siteMap.metaDescription");
  const origin = siteOrigin(matches);
  const facts = { origin, path: "/sitemap", title, description, language: pageLanguage(matches) };
  const sections = sitemapGroups().flatMap((group) =>
    group.links.map((link) => ({ path: link.to, name: t(link.labelKey) })),
  );
  return [
    ...pageMeta(matches, { title, description, path: "/sitemap" }),
    { "script:ld+json": webPageJsonLd("CollectionPage", facts, { mainEntity: itemListJsonLd(origin, sections) }) },
  ];
}

function Group({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      <ul className="flex flex-col gap-2">{children}</ul>
    </section>
  );
}

const LINK = "text-primary underline-offset-4 hover:underline";

/**
 * /sitemap: every public section as the menus and the footer list them (navigation-links.ts, so a page
 * appears here once its link is back), every category with its upcoming events, the guides, and the
 * next events.
 */
export default function SiteMapPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const { categories, events } = loaderData;
  return (
    <div className="flex flex-col">
      <InfoHeader id="sitemap-title" eyebrow={t("app.name")} title={t("siteMap.title")} intro={t("siteMap.intro")} />
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-12 px-4 py-10">
        <section aria-labelledby="sitemap-sections" className="flex flex-col gap-6">
          <h2 id="sitemap-sections" className="text-2xl font-bold">
            {t("siteMap.pagesTitle")}
          </h2>
          <div className="grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
            {sitemapGroups().map((group, index) => (
              <Group key={group.titleKey} id={`sitemap-group-${index}`} title={t(group.titleKey)}>
                {group.links.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className={LINK}>
                      {t(link.labelKey)}
                    </Link>
                  </li>
                ))}
              </Group>
            ))}
          </div>
        </section>

        <div className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
          <Group id="sitemap-categories" title={t("siteMap.categoriesTitle")}>
            {categories.map((category) => (
              <li key={category.key} className="flex flex-wrap items-baseline gap-x-2">
                <Link to={`/categories?category=${category.id}`} className={LINK}>
                  {t(`category.${category.key}`)}
                </Link>
                <span className="text-sm text-muted-foreground">
                  {t("siteMap.upcomingCount", { number: formatCount(category.upcomingEvents, language) })}
                </span>
              </li>
            ))}
          </Group>
          <Group id="sitemap-resources" title={t("siteMap.resourcesTitle")}>
            <li>
              <Link to="/resources" className={LINK}>
                {t("resources.title")}
              </Link>
            </li>
            {RESOURCE_GUIDES.map((guide) => (
              <li key={guide.slug}>
                <Link to={`/resources/${guide.slug}`} className={LINK}>
                  {t(`resources.guides.${guide.slug}.title`)}
                </Link>
              </li>
            ))}
          </Group>
          <Group id="sitemap-event-types" title={t("siteMap.eventTypesTitle")}>
            <li>
              <Link to="/event-types" className={LINK}>
                {t("eventTypes.title")}
              </Link>
            </li>
            {EVENT_TYPES.map((type) => (
              <li key={type.slug}>
                <Link to={`/event-types/${type.slug}`} className={LINK}>
                  {t(`eventTypes.types.${type.slug}.name`)}
                </Link>
              </li>
            ))}
          </Group>
        </div>

        <Group id="sitemap-latest" title={t("siteMap.latestTitle")}>
          {events.length === 0 && <li className="text-muted-foreground">{t("siteMap.noEvents")}</li>}
          {events.map((event) => (
            <li key={event.id} className="flex flex-wrap items-baseline gap-x-2">
              <Link to={`/events/${event.id}`} className={LINK}>
                <bdi>{event.title}</bdi>
              </Link>
              <span className="text-sm text-muted-foreground">
                {formatDate(event.startsAt, event.timeZone, language)}
              </span>
            </li>
          ))}
          <li>
            <Link to="/events" className={`${LINK} font-medium`}>
              {t("siteMap.allEvents")}
            </Link>
          </li>
        </Group>
      </div>
    </div>
  );
}
