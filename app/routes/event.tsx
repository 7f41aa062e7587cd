import { CalendarPlus, Link2, MapPin, Navigation, Share2 } from "lucide-react";
import { lazy, Suspense, useMemo } from "react";
import { useTranslation } from "#app/i18n/use-translation";
import { parseRecordId } from "#domain/record-id";
import { data, Link } from "react-router";
import { isPast, isSoldOut, isVip } from "#domain/event";
import type { Language } from "#domain/language";
import { SPONSOR_TIERS } from "#domain/sponsor";
import { MAX_TICKETS_PER_ORDER } from "#domain/order";
import { EventCard } from "#app/components/event-card";
import { EventImage } from "#app/components/event-image";
import { notify } from "#app/components/toasts";
import { TicketPicker } from "#app/components/ticket-picker";
import { EventMap } from "#app/components/event-map";
import { groupByPlace, type MapTileSettings } from "#app/components/map-places";
import { buttonClasses } from "#app/components/ui/button";
import { formatDateRange, formatTimeZone, isolateUserText } from "#app/i18n/format";
import { metaTranslator } from "#app/i18n/meta";
import { pageMeta, siteOrigin } from "#app/seo";
import { eventJsonLd, plainSummary } from "#app/event-json-ld";
import { currentTime } from "#server/clock";
import { getEventDetail } from "#server/services/event-detail";
import { eventRoleOf } from "#server/services/event-role";
import { searchEvents } from "#server/services/event-search";
import type { Route } from "./+types/event";
import { PromotionAdCard } from "#app/components/promotion-ad";
import { listRunningAds } from "#server/services/promotion-ads";
import { HiddenNotice, ModerationLinks } from "#app/components/event-moderation";
import { EventGallery } from "#app/components/gallery/event-gallery";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { loadEventGallery } from "./gallery.server";
import { loadEventReviews } from "./event-reviews.server";
import { SavedEvents } from "#app/components/saves-follows/save-button";
import { EventSavesFollows } from "#app/components/saves-follows/event-saves-follows";
import { followStateFor, savedEventsOf } from "./saves-follows.server";
import { shareAddress } from "#app/components/shares/share-address";
import { findShareCode } from "#server/services/referrals";
import { shownName } from "#domain/deleted-account";

const RELATED_LIMIT = 4;
/** Reviews show on events that ended: their script loads only there, never on an upcoming event's page. */
const EventReviews = lazy(() =>
  import("#app/components/reviews/event-reviews").then((module) => ({ default: module.EventReviews })),
);

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = metaTranslator(matches);
  const { event } = loaderData;
  const image = event.images[0];
  return [
    ...pageMeta(matches, {
      title: `${event.title} | ${t("app.name")}`,
      description: plainSummary(event.description),
      path: `/events/${event.id}`,
      image: image ? { url: `/uploads/${image.storageKey}-1440.webp`, alt: image.alt } : null,
      type: "event",
    }),
    {
      "script:ld+json": eventJsonLd(
        // A deleted organizer is named in the page's language here too, as on the page.
        { ...event, organizer: { ...event.organizer, name: shownName(t, event.organizer.name) } },
        loaderData.now,
        siteOrigin(matches),
      ),
    },
  ];
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const id = parseRecordId(params.id);
  if (id === null) throw data(null, { status: 404 });
  const now = currentTime();
  // A hidden event (moderation) is a 404 for the public; its organizers and staff still see it, with why.
  const event = await getEventDetail(context.db, id, now, { includeHidden: true });
  if (!event) throw data(null, { status: 404 });
  const role =
    context.viewer &&
    (await eventRoleOf(context.db, context.viewer, { id: event.id, organizerId: event.organizer.id }));
  const isSiteStaff = context.viewer?.isStaff === true;
  if (event.hidden && !role && !isSiteStaff) throw data(null, { status: 404 });
  const related = await searchEvents(
    context.db,
    { category: event.category.key, limit: RELATED_LIMIT + 1, sort: "date" },
    now,
  );
  const tiles = context.config.mapTiles;
  // The sidebar placement: another event's promotion beside this one.
  const sidebarAds = await listRunningAds(context.db, "sidebar", now, { besideEventId: event.id, limit: 1 });
  const reviews = await loadEventReviews(context.db, request, context.viewer, event, now);
  return {
    now,
    event,
    sidebarAds,
    related: related.events.filter((other) => other.id !== event.id).slice(0, RELATED_LIMIT),
    tiles: tiles && { url: tiles.url, attribution: tiles.attribution },
    maxTicketsPerOrder: MAX_TICKETS_PER_ORDER,
    // The door and the orders are the event's staff's: their links show to them alone (signed-in pages
    // are never served from the shared response cache, see server/http/response-cache.ts).
    isStaff: Boolean(role),
    isSiteStaff,
    gallery: await loadEventGallery(context.db, context.viewer, event, now, negotiateLanguage(request)),
    reviews,
    // The heart and Follow button (saved events are null for a visitor: their page stays shared).
    savedEvents: await savedEventsOf(context),
    follow: await followStateFor(context, event.organizer.id),
    // The signed-in person's share link, if they made one (the share button makes it on first use).
    share: {
      code: context.viewer ? await findShareCode(context.db, context.viewer.userId, event.id) : null,
      isSignedIn: Boolean(context.viewer),
    },
    pageMessages: await pageMessages(negotiateLanguage(request), ["gallery", "reviews", "savesFollows"]),
  };
}

export default function EventPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const { event, now, related, tiles, maxTicketsPerOrder, isStaff, isSiteStaff, sidebarAds, reviews } = loaderData;
  const past = isPast(event, now);
  const cancelled = event.status === "cancelled";
  const soldOut = isSoldOut(event);
  const [mainImage, ...otherImages] = event.images;
  const badges = [
    event.isPromoted && t("eventCard.promoted"),
    event.isFeatured && t("eventCard.featured"),
    isVip(event) && t("eventCard.vip"),
    event.organizer.reputationLevel === "elite" && t("eventCard.eliteOrganizer"),
    soldOut && t("eventCard.soldOut"),
    past && t("eventCard.pastEvent"),
  ].filter((badge): badge is string => Boolean(badge));

  return (
    <article className="mx-auto max-w-6xl px-4 py-8">
      {mainImage && (
        <section aria-label={t("event.gallery")} className="mb-8 grid gap-2 md:grid-cols-[2fr_1fr]">
          <EventImage
            image={mainImage}
            eager
            sizes="(min-width: 1152px) 760px, (min-width: 768px) 66vw, 100vw"
            className="aspect-video w-full rounded-xl object-cover"
          />
          <div className="grid grid-cols-2 gap-2 md:grid-cols-1">
            {otherImages.map((image) => (
              <EventImage
                key={image.storageKey}
                image={image}
                sizes="(min-width: 768px) 33vw, 50vw"
                className="aspect-video w-full rounded-xl object-cover"
              />
            ))}
          </div>
        </section>
      )}
      <div className="grid gap-10 lg:grid-cols-[1fr_20rem]">
        <div className="flex flex-col gap-8">
          <header className="flex flex-col gap-3">
            {badges.length > 0 && (
              <ul className="flex flex-wrap gap-2">
                {badges.map((badge) => (
                  <li key={badge} className="rounded-full bg-muted px-3 py-1 text-xs font-semibold">
                    {badge}
                  </li>
                ))}
              </ul>
            )}
            <h1
              dir="auto"
              lang={event.language}
              className="align-with-page text-3xl font-extrabold tracking-tight md:text-4xl"
            >
              {event.title}
            </h1>
            {!past && !cancelled && !event.hidden && !soldOut && event.ticketTypes.length > 0 && (
              <a href="#tickets" className={buttonClasses("primary", "md", "self-start")}>
                {t("event.getTickets")}
              </a>
            )}
            {event.hidden && <HiddenNotice hidden={event.hidden} timeZone={event.timeZone} />}
            {isStaff && (
              <div className="flex flex-wrap gap-2">
                <Link to={`/events/${event.id}/check-in`} className={buttonClasses("outline", "md")}>
                  {t("event.openCheckIn")}
                </Link>
                <Link to={`/events/${event.id}/orders`} className={buttonClasses("outline", "md")}>
                  {t("event.ordersLink")}
                </Link>
              </div>
            )}
            {cancelled && (
              <p
                role="status"
                className="rounded-md bg-red-100 p-3 font-semibold text-red-900 dark:bg-red-950 dark:text-red-100"
              >
                {t("event.cancelledNotice")}
              </p>
            )}
          </header>
          <dl className="grid gap-4 sm:grid-cols-2">
            <div>
              <dt className="text-sm font-semibold text-muted-foreground">{t("event.when")}</dt>
              <dd>
                {formatDateRange(event.startsAt, event.endsAt, event.timeZone, language, t)}
                <span className="block text-sm text-muted-foreground">
                  {t("event.timeZoneNote", { zone: formatTimeZone(event.startsAt, event.timeZone, language) })}
                </span>
              </dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-muted-foreground">{t("event.where")}</dt>
              <dd>
                <span className="flex items-start gap-1 font-medium">
                  <MapPin aria-hidden="true" className="mt-1 h-4 w-4 shrink-0" />
                  <bdi>{event.venue.name}</bdi>
                </span>
                <VenueAddress venue={event.venue} />
                {/* The map and directions are in the Location section further down. */}
                <a href="#location-heading" className="text-sm font-semibold text-primary hover:underline">
                  {t("event.seeMap")}
                </a>
              </dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-muted-foreground">{t("event.category")}</dt>
              <dd>
                <Link to={`/categories?category=${event.category.id}`} className="text-primary hover:underline">
                  {t(`category.${event.category.key}`)}
                </Link>
              </dd>
            </div>
            <div>
              <dt className="text-sm font-semibold text-muted-foreground">{t("event.language")}</dt>
              <dd>{t(`eventLanguage.${event.language}`)}</dd>
            </div>
          </dl>
          <section aria-labelledby="about-heading">
            <h2 id="about-heading" className="mb-3 text-xl font-bold">
              {t("event.about")}
            </h2>
            <div
              dir="auto"
              lang={event.language}
              className="flex flex-col gap-3 leading-relaxed [&_a]:text-primary [&_a]:underline [&_h3]:mt-2 [&_h3]:text-lg [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:ps-6 [&_ul]:list-disc [&_ul]:ps-6"
              dangerouslySetInnerHTML={{ __html: event.descriptionHtml }}
            />
          </section>
          <EventGallery html={loaderData.gallery} />
          <TicketList
            event={event}
            past={past}
            cancelled={cancelled || event.hidden !== null}
            maxPerOrder={maxTicketsPerOrder}
            now={now}
          />
          {event.sponsors.length > 0 && <Sponsors sponsors={event.sponsors} />}
          <Location event={event} tiles={tiles} />
          {reviews && (
            <Suspense fallback={null}>
              <EventReviews eventId={event.id} timeZone={event.timeZone} data={reviews} />
            </Suspense>
          )}
        </div>
        <aside className="flex flex-col gap-6">
          <OrganizerCard event={event} />
          <EventSavesFollows event={event} follow={loaderData.follow} savedEvents={loaderData.savedEvents} />
          <ShareBox eventId={event.id} title={event.title} share={loaderData.share} />
          <ModerationLinks eventId={event.id} isSiteStaff={isSiteStaff} />
          {sidebarAds.map((ad) => (
            <PromotionAdCard key={ad.id} ad={ad} />
          ))}
        </aside>
      </div>
      {related.length > 0 && (
        <section aria-labelledby="related-heading" className="mt-16">
          <h2 id="related-heading" className="mb-6 text-2xl font-bold">
            {t("event.related")}
          </h2>
          <SavedEvents value={loaderData.savedEvents}>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
              {related.map((other) => (
                <li key={other.id} className="grid">
                  <EventCard event={other} now={now} />
                </li>
              ))}
            </ul>
          </SavedEvents>
        </section>
      )}
    </article>
  );
}

type Detail = Route.ComponentProps["loaderData"]["event"];

function TicketList({
  event,
  past,
  cancelled,
  maxPerOrder,
  now,
}: {
  event: Detail;
  past: boolean;
  /** The page's header already says the event was cancelled (or hidden by staff); the list only stops selling. */
  cancelled: boolean;
  maxPerOrder: number;
  now: Date;
}) {
  const { t } = useTranslation();
  return (
    <section id="tickets" aria-labelledby="tickets-heading" className="scroll-mt-24">
      <h2 id="tickets-heading" className="mb-3 text-xl font-bold">
        {t("event.tickets")}
      </h2>
      {past && !cancelled && <p className="mb-3 rounded-md bg-muted p-3">{t("event.pastNotice")}</p>}
      {event.ticketTypes.length === 0 ? (
        <p>{t("event.noTickets")}</p>
      ) : (
        // The counts "left" may come from the short response cache: informational only; placing the
        // order decides with its conditional update (see TicketPicker).
        <TicketPicker
          eventId={event.id}
          ticketTypes={event.ticketTypes}
          canBuy={!past && !cancelled}
          maxPerOrder={maxPerOrder}
          now={now}
          timeZone={event.timeZone}
        />
      )}
    </section>
  );
}

function Location({ event, tiles }: { event: Detail; tiles: MapTileSettings | null }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  const { venue } = event;
  const directions = `https://www.google.com/maps/dir/?api=1&destination=${venue.latitude},${venue.longitude}`;
  // The map's marker offers this event at its venue; memoized so the map is drawn once.
  const places = useMemo(
    () =>
      groupByPlace(
        [event],
        () => venue,
        () => ({
          id: event.id,
          title: event.title,
          href: `/events/${event.id}`,
          when: formatDateRange(event.startsAt, event.endsAt, event.timeZone, language, t),
          language: event.language,
        }),
      ),
    [event, venue, language, t],
  );
  return (
    <section aria-labelledby="location-heading" className="flex flex-col gap-3">
      <h2 id="location-heading" className="scroll-mt-24 text-xl font-bold">
        {t("event.location")}
      </h2>
      <div>
        <p dir="auto" className="align-with-page font-medium">
          {venue.name}
        </p>
        <VenueAddress venue={venue} />
      </div>
      <EventMap
        places={places}
        tiles={tiles}
        label={t("event.mapLabel", { venue: isolateUserText(venue.name) })}
        className="h-64"
      />
      <a
        href={directions}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1 self-start text-sm font-semibold text-primary hover:underline"
      >
        <Navigation aria-hidden="true" className="h-4 w-4" />
        {t("event.directions")}
      </a>
    </section>
  );
}

/**
 * A street address in its own direction: written left to right, it keeps its number before the street
 * in an Arabic page ('901 Wharf St SW', not 'Wharf St SW … 901').
 */
function VenueAddress({ venue }: { venue: Detail["venue"] }) {
  return (
    <address dir="auto" className="align-with-page not-italic text-muted-foreground">
      {venue.address}, {venue.city}, {venue.state} {venue.zipCode}
    </address>
  );
}

function OrganizerCard({ event }: { event: Detail }) {
  const { t } = useTranslation();
  const { organizer } = event;
  return (
    <section aria-labelledby="organizer-heading" className="rounded-xl border border-border p-5">
      <h2 id="organizer-heading" className="mb-3 text-sm font-semibold uppercase tracking-wide text-muted-foreground">
        {t("event.organizer")}
      </h2>
      <div className="flex items-center gap-3">
        {organizer.profileImage && (
          <img src={organizer.profileImage} alt="" width={48} height={48} className="h-12 w-12 rounded-full" />
        )}
        <div>
          <p dir="auto" className="font-semibold">
            {shownName(t, organizer.name)}
          </p>
          {organizer.organization && (
            <p dir="auto" className="text-sm text-muted-foreground">
              {organizer.organization}
            </p>
          )}
          {organizer.reputationLevel && (
            <p className="text-sm font-medium text-primary">{t(`event.reputation.${organizer.reputationLevel}`)}</p>
          )}
        </div>
      </div>
      <Link to={`/users/${organizer.id}`} className={buttonClasses("outline", "sm", "mt-4 w-full")}>
        {t("event.viewOrganizer")}
      </Link>
      <Link to={`/events/${event.id}/contact`} className={buttonClasses("ghost", "sm", "mt-2 w-full")}>
        {t("contactLinks.contactOrganizer")}
      </Link>
      {event.coOrganizers.length > 0 && (
        <>
          <h3 className="mt-5 mb-2 text-sm font-semibold text-muted-foreground">{t("event.coOrganizers")}</h3>
          <ul className="flex flex-col gap-1">
            {event.coOrganizers.map((person) => (
              <li key={person.id}>
                <Link to={`/users/${person.id}`} className="hover:underline">
                  <bdi>{person.name}</bdi>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function Sponsors({ sponsors }: { sponsors: Detail["sponsors"] }) {
  const { t } = useTranslation();
  const tiers = SPONSOR_TIERS.filter((tier) => sponsors.some((sponsor) => sponsor.tier === tier));
  return (
    <section aria-labelledby="sponsors-heading">
      <h2 id="sponsors-heading" className="mb-3 text-xl font-bold">
        {t("event.sponsors")}
      </h2>
      {tiers.map((tier) => (
        <div key={tier} className="mb-4">
          <h3 className="mb-2 text-sm font-semibold text-muted-foreground">{t(`event.tier.${tier}`)}</h3>
          <ul className="flex flex-wrap gap-3">
            {sponsors
              .filter((sponsor) => sponsor.tier === tier)
              .map((sponsor) => (
                <li key={sponsor.id}>
                  <Link
                    to={`/sponsors/${sponsor.id}`}
                    className="block rounded-lg border border-border bg-white p-2 hover:shadow"
                  >
                    <img
                      src={sponsor.logo}
                      alt={sponsor.name}
                      width={160}
                      height={80}
                      className="h-16 w-32 object-contain"
                    />
                  </Link>
                </li>
              ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

function ShareBox({
  eventId,
  title,
  share: personal,
}: {
  eventId: number;
  title: string;
  share: { code: string | null; isSignedIn: boolean };
}) {
  const { t } = useTranslation();
  const url = () => shareAddress(eventId, personal.code, personal.isSignedIn);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(await url());
      notify("success", t("event.linkCopied"));
    } catch {
      notify("error", t("event.copyFailed"));
    }
  };
  const share = async () => {
    if (navigator.share) await navigator.share({ title, url: await url() }).catch(() => {});
    else await copy();
  };
  return (
    <section aria-labelledby="share-heading" className="flex flex-col gap-2 rounded-xl border border-border p-5">
      <h2 id="share-heading" className="mb-1 text-sm font-semibold uppercase tracking-wide text-muted-foreground">
        {t("event.share")}
      </h2>
      <button type="button" onClick={() => void share()} className={buttonClasses("primary", "sm")}>
        <Share2 aria-hidden="true" className="h-4 w-4" />
        {t("event.share")}
      </button>
      <button type="button" onClick={() => void copy()} className={buttonClasses("outline", "sm")}>
        <Link2 aria-hidden="true" className="h-4 w-4" />
        {t("event.copyLink")}
      </button>
      <a href={`/events/${eventId}/calendar.ics`} download className={buttonClasses("outline", "sm")}>
        <CalendarPlus aria-hidden="true" className="h-4 w-4" />
        {t("event.addToCalendar")}
      </a>
    </section>
  );
}
