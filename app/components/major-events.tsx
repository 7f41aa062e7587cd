import { Play } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "#app/i18n/use-translation";
import { Link } from "react-router";
import type { Language } from "#domain/language";
import type { MajorEvent } from "#server/services/major-events";
import { formatDate, formatTime } from "#app/i18n/format";
import { EventImage } from "./event-image";
import { buttonClasses } from "./ui/button";
import { SWIPE_ITEM, swipeRowClasses } from "./ui/swipe-row";

/** The three flagship events. A promo video is fetched only when the visitor asks to play it. */
export function MajorEvents({ majorEvents }: { majorEvents: MajorEvent[] }) {
  return (
    <ul className={swipeRowClasses("grid gap-6 md:grid-cols-3")}>
      {majorEvents.map((major) => (
        <li key={major.event.id} className={SWIPE_ITEM}>
          <MajorEventCard major={major} />
        </li>
      ))}
    </ul>
  );
}

function MajorEventCard({ major }: { major: MajorEvent }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const [playing, setPlaying] = useState(false);
  const { event } = major;
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-border bg-card text-card-foreground">
      <div className="relative aspect-video bg-muted">
        {playing && major.videoUrl ? (
          <video src={major.videoUrl} controls autoPlay className="h-full w-full object-cover" />
        ) : (
          event.image && (
            <EventImage
              image={event.image}
              sizes="(min-width: 768px) 33vw, 100vw"
              className="h-full w-full object-cover"
            />
          )
        )}
        {major.videoUrl && !playing && (
          <button
            type="button"
            onClick={() => setPlaying(true)}
            className="absolute inset-0 m-auto inline-flex h-14 w-14 items-center justify-center rounded-full bg-black/60 text-white hover:bg-black/80"
            aria-label={t("home.playPromo")}
          >
            <Play aria-hidden="true" className="h-6 w-6" />
          </button>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <h3 className="text-xl font-bold" lang={event.language} dir="auto">
          {event.title}
        </h3>
        <p className="text-muted-foreground" dir="auto">
          {major.tagline}
        </p>
        <p className="text-sm">
          {formatDate(event.startsAt, event.timeZone, language)} ·{" "}
          {formatTime(event.startsAt, event.timeZone, language)} · <bdi>{event.venue.name}</bdi>
        </p>
        <Link to={`/events/${event.id}`} className={buttonClasses("primary", "sm", "mt-auto self-start")}>
          {t("home.viewEvent")}
          <span className="sr-only">: {event.title}</span>
        </Link>
      </div>
    </article>
  );
}
