import { useMemo } from "react";
import { useTranslation } from "#app/i18n/use-translation";
import { MICRO_EVENT_MAX_CAPACITY } from "#domain/event";
import type { Language } from "#domain/language";
import { EventCard } from "#app/components/event-card";
import { EventMap } from "#app/components/event-map";
import { groupByPlace } from "#app/components/map-places";
import { formatDate, formatTime } from "#app/i18n/format";
import { metaTranslator } from "#app/i18n/meta";
import { pageMeta } from "#app/seo";
import { currentTime } from "#server/clock";
import { listMicroEvents } from "#server/services/micro-events";
import { SavedEvents } from "#app/components/saves-follows/save-button";
import { savedEventsOf, savesFollowsMessages } from "./saves-follows.server";
import type { Route } from "./+types/micro-events";

export function meta({ matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  return pageMeta(matches, {
    title: `${t("microEvents.title")} | ${t("app.name")}`,
    description: t("microEvents.intro", { count: MICRO_EVENT_MAX_CAPACITY }),
    path: "/micro-events",
  });
}

/** Small gatherings (domain/event.ts, isMicroEvent) beside a map of where they happen. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const now = currentTime();
  const [events, savedEvents, messages] = await Promise.all([
    listMicroEvents(context.db, now),
    savedEventsOf(context),
    savesFollowsMessages(request),
  ]);
  const tiles = context.config.mapTiles;
  return {
    now,
    events,
    tiles: tiles && { url: tiles.url, attribution: tiles.attribution },
    savedEvents,
    pageMessages: messages,
  };
}

export default function MicroEvents({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const { now, events, tiles } = loaderData;
  const places = useMemo(
    () =>
      groupByPlace(
        events,
        (event) => ({ name: event.venue.name, ...event.place }),
        (event) => ({
          id: event.id,
          title: event.title,
          href: `/events/${event.id}`,
          when: `${formatDate(event.startsAt, event.timeZone, language)} · ${formatTime(event.startsAt, event.timeZone, language)}`,
          language: event.language,
        }),
      ),
    [events, language],
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="mb-2 text-3xl font-bold">{t("microEvents.title")}</h1>
      <p className="mb-6 max-w-3xl text-muted-foreground">
        {t("microEvents.intro", { count: MICRO_EVENT_MAX_CAPACITY })}
      </p>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="micro-events-list">
          <h2 id="micro-events-list" className="sr-only">
            {t("microEvents.listHeading")}
          </h2>
          {events.length === 0 ? (
            <p className="rounded-xl border border-dashed border-border p-8 text-center text-muted-foreground">
              {t("microEvents.empty")}
            </p>
          ) : (
            <SavedEvents value={loaderData.savedEvents}>
              <ul className="grid gap-6 sm:grid-cols-2">
                {events.map((event, index) => (
                  <li key={event.id} className="flex flex-col gap-2">
                    <EventCard event={event} now={now} eager={index < 2} />
                    <p className="text-sm font-medium text-muted-foreground">
                      {t("microEvents.capacity", { count: event.capacity })}
                    </p>
                  </li>
                ))}
              </ul>
            </SavedEvents>
          )}
        </section>
        {/* First on narrow screens, where it would otherwise sit below the whole list. */}
        <EventMap
          places={places}
          tiles={tiles}
          label={t("microEvents.mapLabel")}
          className="order-first h-80 lg:sticky lg:top-24 lg:order-none lg:h-[calc(100vh-8rem)]"
        />
      </div>
    </div>
  );
}
