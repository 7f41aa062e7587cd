import { LocateFixed } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "#app/i18n/use-translation";
import { useFetcher } from "react-router";
import type { EventSummary } from "#domain/event-summary";
import { EventCard } from "./event-card";
import { buttonClasses } from "./ui/button";
import { SWIPE_ITEM, swipeRowClasses } from "./ui/swipe-row";

/** What the /events loader answers (see app/routes/events.tsx), as far as this section reads it. */
interface EventsLoaderData {
  result: { events: (EventSummary & { distanceMiles: number | null })[] } | null;
}

/**
 * The nearest upcoming events: to central Washington as the server renders them, to the visitor
 * once they share their location (asked only when they press the button). The nearby events come
 * from the /events page's own loader, so the cards get exactly the data they always get.
 */
export function AroundYou({ initial, now, limit }: { initial: EventSummary[]; now: Date; limit: number }) {
  const { t } = useTranslation();
  const nearby = useFetcher<EventsLoaderData>();
  const [failed, setFailed] = useState(false);
  const located = nearby.data?.result?.events;
  const events: (EventSummary & { distanceMiles?: number | null })[] = located ?? initial;

  const locate = () => {
    setFailed(false);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const params = new URLSearchParams({
          lat: coords.latitude.toFixed(4),
          lng: coords.longitude.toFixed(4),
          radius: "200",
          sort: "distance",
          limit: String(limit),
        });
        void nearby.load(`/events?${params}`);
      },
      () => setFailed(true),
      { timeout: 10_000, maximumAge: 600_000 },
    );
  };

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <p className="text-muted-foreground">{located ? t("home.aroundFromYou") : t("home.aroundFromDc")}</p>
        {!located && (
          <button type="button" onClick={locate} className={buttonClasses("outline", "sm")}>
            <LocateFixed aria-hidden="true" className="h-4 w-4" />
            {t("home.useMyLocation")}
          </button>
        )}
        {failed && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {t("home.locationUnavailable")}
          </p>
        )}
      </div>
      <ul className={swipeRowClasses("grid gap-6 sm:grid-cols-2 lg:grid-cols-4")}>
        {events.map((event) => (
          <li key={event.id} className={SWIPE_ITEM}>
            <EventCard event={event} now={now} distanceMiles={event.distanceMiles ?? null} />
          </li>
        ))}
      </ul>
    </>
  );
}
