import { Calendar, Clock, MapPin } from "lucide-react";
import type { TFunction } from "#app/i18n/translator";
import { useTranslation } from "#app/i18n/use-translation";
import { Link } from "react-router";
import { isPast, isSoldOut, isVip } from "#domain/event";
import type { Language } from "#domain/language";
import { priceLine, type PriceLine } from "#domain/price";
import { formatDate, formatDistance, formatMoney, formatTime, isolateUserText } from "#app/i18n/format";
import type { EventSummary } from "#domain/event-summary";
import { EventImage } from "./event-image";
import { SaveButton } from "./saves-follows/save-button";
import { shownName } from "#domain/deleted-account";

export function priceText(t: TFunction, line: PriceLine, language: Language): string {
  switch (line.kind) {
    case "free":
      return t("eventCard.free");
    case "from":
      return t("eventCard.from", { price: formatMoney(line.cents, language) });
    case "single":
      return formatMoney(line.cents, language);
    case "none":
      return t("eventCard.noTickets");
  }
}

/**
 * The title's link covers the whole card (its ::after), so the card is the focus ring's place: around the
 * title, the clamped heading cut the ring down to a sliver at the title's end. Drawn just inside the card's
 * edge, which clips anything outside it (the picture's rounded corners).
 */
const CARD_FOCUS =
  "focus-visible:outline-none focus-visible:after:outline-solid focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-ring";

const BADGE = "rounded-full px-2.5 py-0.5 text-xs font-semibold shadow-sm";

/** A small event in a row: picture beside title, date and price (the home page's Events Under $30). */
export function CompactEventCard({ event }: { event: EventSummary }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  return (
    <article className="relative flex w-full gap-3 rounded-xl border border-border bg-card p-3 text-card-foreground hover:shadow-md">
      {event.image && (
        <EventImage image={event.image} sizes="112px" className="aspect-video w-28 shrink-0 rounded-md object-cover" />
      )}
      <div className="flex min-w-0 flex-col gap-1">
        {/* The clamped element takes the title's own direction, so a Latin title in an Arabic page ends
            with its ellipsis on the right, after its last word. */}
        <h3
          dir="auto"
          lang={event.language}
          className="line-clamp-2 align-with-page text-ellipsis font-semibold leading-snug"
        >
          <Link to={`/events/${event.id}`} className={`after:absolute after:inset-0 after:rounded-xl ${CARD_FOCUS}`}>
            {event.title}
          </Link>
        </h3>
        <p className="text-sm text-muted-foreground">{formatDate(event.startsAt, event.timeZone, language)}</p>
        <p className="text-sm font-semibold">{priceText(t, priceLine(event.ticketTypes), language)}</p>
      </div>
      <SaveButton eventId={event.id} title={event.title} className="relative z-10 ms-auto self-start" />
    </article>
  );
}

/** An event in a list: picture, title, when and where, badges and the price line (spec §2). */
export function EventCard({
  event,
  now,
  eager = false,
  distanceMiles = null,
}: {
  event: EventSummary;
  now: Date;
  eager?: boolean;
  /** Shown when the list was searched near a place. */
  distanceMiles?: number | null;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const past = isPast(event, now);
  const soldOut = isSoldOut(event);
  const badges = [
    event.isPromoted && { key: "promoted", label: t("eventCard.promoted"), className: "bg-white text-zinc-900" },
    event.isFeatured && { key: "featured", label: t("eventCard.featured"), className: "bg-amber-300 text-amber-950" },
    isVip(event) && { key: "vip", label: t("eventCard.vip"), className: "bg-violet-700 text-white" },
    event.organizer.reputationLevel === "elite" && {
      key: "elite",
      label: t("eventCard.eliteOrganizer"),
      className: "bg-emerald-700 text-white",
    },
    event.language !== "en" && {
      key: "language",
      label: t("eventCard.eventLanguage", { language: t(`eventLanguage.${event.language}`) }),
      className: "bg-sky-800 text-white",
    },
  ].filter((badge) => badge !== false);

  return (
    <article className="group relative flex flex-col overflow-hidden rounded-xl border border-border bg-card text-card-foreground shadow-sm transition-shadow hover:shadow-md">
      <div className="relative aspect-video overflow-hidden bg-muted">
        {event.image && (
          <EventImage
            image={event.image}
            eager={eager}
            sizes="(min-width: 1280px) 300px, (min-width: 768px) 45vw, 100vw"
            className="h-full w-full object-cover transition-transform group-hover:scale-105"
          />
        )}
        {badges.length > 0 && (
          <ul className="absolute start-2 end-12 top-2 flex flex-wrap gap-1.5">
            {badges.map((badge) => (
              <li key={badge.key} className={`${BADGE} ${badge.className}`}>
                {badge.label}
              </li>
            ))}
          </ul>
        )}
        <SaveButton eventId={event.id} title={event.title} className="absolute end-2 top-2 z-10" />
        {soldOut && (
          <div className="absolute inset-0 flex items-center justify-center bg-black/55">
            <span className="rounded-md border-2 border-white px-3 py-1 text-lg font-extrabold tracking-wider text-white">
              {t("eventCard.soldOut")}
            </span>
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-semibold uppercase tracking-wide text-primary">
          {t(`category.${event.category.key}`)}
        </p>
        {/* Long titles stop after two lines; the clamped element takes the title's own direction, so a
            Latin title in an Arabic page ends with its ellipsis on the right, after its last word. */}
        <h3
          dir="auto"
          lang={event.language}
          className="line-clamp-2 align-with-page text-ellipsis text-lg font-semibold leading-snug"
        >
          <Link to={`/events/${event.id}`} className={`after:absolute after:inset-0 after:rounded-xl ${CARD_FOCUS}`}>
            {event.title}
          </Link>
        </h3>
        <ul className="flex flex-col gap-1 text-sm text-muted-foreground">
          <li className="flex items-center gap-2">
            <Calendar aria-hidden="true" className="h-4 w-4 shrink-0" />
            {formatDate(event.startsAt, event.timeZone, language)}
          </li>
          <li className="flex items-center gap-2">
            <Clock aria-hidden="true" className="h-4 w-4 shrink-0" />
            {formatTime(event.startsAt, event.timeZone, language)}
          </li>
          <li className="flex items-center gap-2">
            <MapPin aria-hidden="true" className="h-4 w-4 shrink-0" />
            {t("eventCard.at", { venue: isolateUserText(event.venue.name), city: isolateUserText(event.venue.city) })}
          </li>
          {distanceMiles !== null && (
            <li className="ps-6">{t("search.distance", { distance: formatDistance(distanceMiles, language) })}</li>
          )}
        </ul>
        <div className="mt-auto flex items-end justify-between gap-2 pt-2">
          <p className="font-semibold">{priceText(t, priceLine(event.ticketTypes), language)}</p>
          {past && (
            <p className="rounded-md bg-muted px-2 py-0.5 text-xs font-semibold text-muted-foreground">
              {t("eventCard.pastEvent")}
            </p>
          )}
        </div>
        <p className="text-sm">
          <Link
            to={`/users/${event.organizer.id}`}
            className="relative z-10 inline-flex min-h-6 items-center text-muted-foreground hover:text-foreground hover:underline"
          >
            {t("eventCard.by", { name: isolateUserText(shownName(t, event.organizer.name)) })}
          </Link>
        </p>
      </div>
    </article>
  );
}
