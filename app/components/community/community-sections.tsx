import type { ReactNode } from "react";
import { Link } from "react-router";
import { EventCard } from "#app/components/event-card";
import { GalleryThumbnail } from "#app/components/profiles/gallery-thumbnail";
import { RatingStars } from "#app/components/profiles/rating-stars";
import { TEXT_LINK } from "#app/components/ui/text-link";
import { UserAvatar } from "#app/components/user-avatar";
import { formatCount, formatDate } from "#app/i18n/format";
import { useTranslation } from "#app/i18n/use-translation";
import { SITE_TIME_ZONE } from "#domain/event-search";
import type { Language } from "#domain/language";
import type { CommunityPage } from "#server/services/community";
import { shownName } from "#domain/deleted-account";

/** The longest part of a review's text the page quotes; the rest is on the event page. */
const QUOTE_LENGTH = 220;

interface Person {
  id: string;
  name: string;
  profileImage: string | null;
}

function PersonLink({ person }: { person: Person }) {
  const { t } = useTranslation();
  return (
    <Link to={`/users/${person.id}`} className={TEXT_LINK}>
      <bdi>{shownName(t, person.name)}</bdi>
    </Link>
  );
}

function EventLink({ event }: { event: { id: number; title: string } }) {
  return (
    <Link to={`/events/${event.id}`} className={TEXT_LINK}>
      <bdi>{event.title}</bdi>
    </Link>
  );
}

export function CommunitySection({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h2 id={id} className="text-2xl font-bold">
          {title}
        </h2>
        {intro && <p className="max-w-3xl text-muted-foreground">{intro}</p>}
      </div>
      {children}
    </section>
  );
}

export function RecentReviews({ reviews }: { reviews: CommunityPage["reviews"] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  return (
    <ul className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
      {reviews.map((review) => (
        <li key={review.id} className="flex flex-col gap-2 rounded-lg border border-border bg-card p-4">
          <RatingStars rating={review.rating} />
          {review.body && (
            <blockquote dir="auto" className="text-pretty">
              {review.body.length > QUOTE_LENGTH ? `${review.body.slice(0, QUOTE_LENGTH).trimEnd()}…` : review.body}
            </blockquote>
          )}
          <p className="mt-auto text-sm text-muted-foreground">
            {t("community.reviewBy")} <PersonLink person={review.author} />
            {" · "}
            <EventLink event={review.event} />
            {" · "}
            <time dateTime={review.createdAt.toISOString()}>
              {formatDate(review.createdAt, SITE_TIME_ZONE, language)}
            </time>
          </p>
        </li>
      ))}
    </ul>
  );
}

export function RecentPhotos({ photos }: { photos: CommunityPage["photos"] }) {
  const { t } = useTranslation();
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
      {photos.map((photo) => (
        <li key={photo.id}>
          <figure className="flex flex-col gap-2">
            <Link to={`/events/${photo.event.id}#gallery`}>
              <GalleryThumbnail photo={photo} />
            </Link>
            <figcaption className="text-sm text-muted-foreground">
              <EventLink event={photo.event} />
              <br />
              {t("community.photoBy")} <PersonLink person={photo.author} />
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}

export function TopContributors({ contributors }: { contributors: CommunityPage["contributors"] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  return (
    <ol className="flex flex-col gap-3">
      {contributors.map((person, index) => (
        <li key={person.id} className="flex items-center gap-3 rounded-lg border border-border bg-card p-3">
          <span className="w-6 text-center text-lg font-bold text-primary">{formatCount(index + 1, language)}</span>
          <UserAvatar name={person.name} profileImage={person.profileImage} size="md" />
          <div className="flex flex-col">
            <PersonLink person={person} />
            <span className="text-sm text-muted-foreground">
              {t("community.contributorPoints", {
                points: formatCount(person.points, language),
                reviews: formatCount(person.reviews, language),
                photos: formatCount(person.photos, language),
                visits: formatCount(person.visits, language),
              })}
            </span>
          </div>
        </li>
      ))}
    </ol>
  );
}

export function NewBadges({ badges }: { badges: CommunityPage["badges"] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  return (
    <ul className="flex flex-col gap-3">
      {badges.map((award) => (
        <li key={`${award.person.id}-${award.badge}`} className="flex items-center gap-3">
          <UserAvatar name={award.person.name} profileImage={award.person.profileImage} size="md" />
          <p>
            <PersonLink person={award.person} />{" "}
            {t("community.earnedBadge", { badge: t(`badges.names.${award.badge}`) })}
            <span className="block text-sm text-muted-foreground">
              <time dateTime={award.awardedAt.toISOString()}>
                {formatDate(award.awardedAt, SITE_TIME_ZONE, language)}
              </time>
            </span>
          </p>
        </li>
      ))}
    </ul>
  );
}

export function ActiveOrganizers({ organizers }: { organizers: CommunityPage["organizers"] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as Language;
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {organizers.map((organizer) => (
        <li key={organizer.id} className="flex items-center gap-3 rounded-lg border border-border bg-card p-3">
          <UserAvatar name={organizer.name} profileImage={organizer.profileImage} size="md" />
          <div className="flex flex-col">
            <PersonLink person={organizer} />
            <span className="text-sm text-muted-foreground">
              {t("community.upcomingEvents", { events: formatCount(organizer.upcomingEvents, language) })}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function CommunityEvents({ events, now }: { events: CommunityPage["events"]; now: Date }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {events.map((event) => (
        <li key={event.id}>
          <EventCard event={event} now={now} />
        </li>
      ))}
    </ul>
  );
}
