import { data, Link } from "react-router";
import { EventCard } from "#app/components/event-card";
import { Checklist, InfoHeader, InfoSection, INFO_PAGES_UPDATED, ToolLinks } from "#app/components/info/info-page";
import { articleJsonLd, pageLanguage } from "#app/components/info/json-ld";
import { buttonClasses } from "#app/components/ui/button";
import { formatCount } from "#app/i18n/format";
import { metaTranslator } from "#app/i18n/meta";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { useTranslation } from "#app/i18n/use-translation";
import { pageMeta, siteOrigin } from "#app/seo";
import { EVENT_TYPES, eventTypeBySlug } from "#domain/event-types";
import type { Language } from "#domain/language";
import { currentTime } from "#server/clock";
import { upcomingEventsIn } from "./event-types.server";
import { SavedEvents } from "#app/components/saves-follows/save-button";
import { savedEventsOf } from "./saves-follows.server";
import type { Route } from "./+types/event-type";

/** How many upcoming events of the type's categories the guide shows. */
const EVENTS_SHOWN = 4;
const PLAN_PARTS = ["timeline", "venue", "tickets", "staffing"] as const;

/** An unknown type is the site's not-found page. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const type = eventTypeBySlug(params.slug);
  if (!type) throw data(null, { status: 404 });
  const now = currentTime();
  const [events, savedEvents, messages] = await Promise.all([
    upcomingEventsIn(context.db, type.categories, now, EVENTS_SHOWN),
    savedEventsOf(context),
    pageMessages(negotiateLanguage(request), ["eventTypes", "savesFollows"]),
  ]);
  return { slug: type.slug, now, events, savedEvents, pageMessages: messages };
}

export function meta({ matches, data: loaderData }: Route.MetaArgs) {
  const type = loaderData ? eventTypeBySlug(loaderData.slug) : null;
  if (!type) return [];
  const t = metaTranslator(matches);
  const key = `eventTypes.types.${type.slug}`;
  const headline = t("eventTypes.typeMetaTitle", { type: t(`${key}.name`) });
  const description = t(`${key}.summary`);
  const path = `/event-types/${type.slug}`;
  const facts = { origin: siteOrigin(matches), path, title: headline, description, language: pageLanguage(matches) };
  return [
    ...pageMeta(matches, { title: `${headline} | ${t("app.name")}`, description, path }),
    {
      "script:ld+json": articleJsonLd(facts, {
        dateModified: INFO_PAGES_UPDATED,
        sections: [
          ...PLAN_PARTS.map((part) => t(`eventTypes.${part}Title`)),
          t("eventTypes.checklistTitle"),
          t("eventTypes.permitsTitle"),
        ],
      }),
    },
  ];
}

/**
 * /event-types/{slug}: how to plan one kind of event (the data of domain/event-types.ts in words), the
 * permits to check in the DMV, and real upcoming events of its categories.
 */
export default function EventTypePage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const type = eventTypeBySlug(loaderData.slug)!;
  const key = `eventTypes.types.${type.slug}`;
  const { events, now } = loaderData;
  return (
    <article className="flex flex-col">
      <InfoHeader
        id="type-title"
        eyebrow={t("eventTypes.eyebrow")}
        title={t(`${key}.name`)}
        intro={t(`${key}.summary`)}
      >
        <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
          <dt className="text-muted-foreground">{t("eventTypes.leadTimeTerm")}</dt>
          <dd className="font-semibold">{formatCount(type.leadTimeWeeks, language)}</dd>
          <dt className="text-muted-foreground">{t("eventTypes.sizeTerm")}</dt>
          <dd className="font-semibold">
            {t("eventTypes.sizeValue", {
              min: formatCount(type.size.min, language),
              max: formatCount(type.size.max, language),
            })}
          </dd>
          <dt className="text-muted-foreground">{t("eventTypes.categoriesTerm")}</dt>
          <dd>
            <ul className="flex flex-wrap gap-x-3 gap-y-1">
              {type.categories.map((category) => (
                <li key={category}>
                  <Link
                    to={`/events?category=${category}`}
                    className="font-semibold text-primary underline underline-offset-4"
                  >
                    {t(`category.${category}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </dd>
        </dl>
      </InfoHeader>

      <div className="mx-auto flex w-full max-w-5xl flex-col gap-10 px-4 py-10">
        <InfoSection id="plan" title={t("eventTypes.planTitle")}>
          {PLAN_PARTS.map((part) => (
            <div key={part} className="flex flex-col gap-1">
              <h3 className="text-lg font-semibold">{t(`eventTypes.${part}Title`)}</h3>
              <p>{t(`${key}.${part}`)}</p>
            </div>
          ))}
        </InfoSection>

        <Checklist
          id="checklist"
          title={t("eventTypes.checklistTitle")}
          items={type.checklist.map((item) => t(`eventTypes.checklist.${item}`))}
        />

        <InfoSection id="permits" title={t("eventTypes.permitsTitle")}>
          {type.permits.length > 0 ? (
            <ul className="flex list-disc flex-col gap-2 ps-6">
              {type.permits.map((permit) => (
                <li key={permit}>{t(`eventTypes.permits.${permit}`)}</li>
              ))}
            </ul>
          ) : (
            <p>{t("eventTypes.noPermits")}</p>
          )}
          <p className="text-sm text-muted-foreground">{t("eventTypes.permitsNote")}</p>
        </InfoSection>

        <section aria-labelledby="type-events" className="flex flex-col gap-4">
          <h2 id="type-events" className="text-2xl font-bold">
            {t("eventTypes.eventsTitle")}
          </h2>
          {events.length > 0 ? (
            <SavedEvents value={loaderData.savedEvents}>
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
                {events.map((event) => (
                  <li key={event.id} className="grid">
                    <EventCard event={event} now={now} />
                  </li>
                ))}
              </ul>
            </SavedEvents>
          ) : (
            <p className="text-muted-foreground">{t("eventTypes.noEvents")}</p>
          )}
          <ul className="flex flex-wrap gap-x-4 gap-y-2">
            {type.categories.map((category) => (
              <li key={category}>
                <Link to={`/events?category=${category}`} className="text-primary underline underline-offset-4">
                  {t("eventTypes.browseCategory", { category: t(`category.${category}`) })}
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <div className="flex flex-wrap gap-3">
          <Link to="/create" className={buttonClasses("primary")}>
            {t("eventTypes.createCta")}
          </Link>
          <Link to="/resources" className={buttonClasses("outline")}>
            {t("eventTypes.resourcesCta")}
          </Link>
        </div>

        <ToolLinks
          id="other-types"
          title={t("eventTypes.otherTypes")}
          links={EVENT_TYPES.filter((other) => other.slug !== type.slug).map((other) => ({
            to: `/event-types/${other.slug}`,
            label: t(`eventTypes.types.${other.slug}.name`),
          }))}
        />
        <Link to="/event-types" className="self-start text-primary underline underline-offset-4">
          {t("eventTypes.allTypes")}
        </Link>
      </div>
    </article>
  );
}
