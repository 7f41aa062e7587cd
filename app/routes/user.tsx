import { data, Link } from "react-router";
import { EventList } from "#app/components/event-list";
import { ProfileHeader } from "#app/components/profile-header";
import { profileJsonLd } from "#app/components/profiles/profile-json-ld";
import {
  OrganizerStanding,
  ProfileFigures,
  ProfileGalleries,
  ProfileReviews,
} from "#app/components/profiles/profile-sections";
import { EarnedBadges } from "#app/components/badges/earned-badges";
import { buttonClasses } from "#app/components/ui/button";
import { isolateUserText } from "#app/i18n/format";
import { metaTranslator } from "#app/i18n/meta";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { useTranslation } from "#app/i18n/use-translation";
import { pageMeta, siteOrigin } from "#app/seo";
import { currentTime } from "#server/clock";
import { getProfilePage } from "#server/services/public-profile";
import { listEarnedBadges } from "#server/services/badges";
import { FollowButton } from "#app/components/follows/follow-button";
import { followStateFor, savedEventsOf } from "./saves-follows.server";
import { SavedEvents } from "#app/components/saves-follows/save-button";
import type { Route } from "./+types/user";
import { deletedNameKey, shownName } from "#domain/deleted-account";

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = metaTranslator(matches);
  const profile = { ...loaderData.profile, name: shownName(t, loaderData.profile.name) };
  const path = `/users/${profile.id}`;
  return [
    ...pageMeta(matches, {
      title: `${profile.name} | ${t("app.name")}`,
      description: profile.bio ?? profile.name,
      path,
      image: profile.profileImage ? { url: profile.profileImage, alt: profile.name } : null,
      type: "profile",
    }),
    { "script:ld+json": profileJsonLd({ origin: siteOrigin(matches), path, profile }) },
  ];
}

/**
 * THE public profile of a person (never their e-mail address): who they are, their badges, reviews and
 * the galleries they added to, and, when they organize, their events and standing. /organizers/{id} leads here.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const now = currentTime();
  const [page, messages] = await Promise.all([
    getProfilePage(context.db, params.id, now),
    pageMessages(negotiateLanguage(request), ["userProfile", "badges", "savesFollows"]),
  ]);
  if (!page) throw data(null, { status: 404 });
  const [badges, follow, savedEvents] = await Promise.all([
    listEarnedBadges(context.db, page.profile.id),
    followStateFor(context, page.profile.id),
    savedEventsOf(context),
  ]);
  return { now, ...page, badges, follow, savedEvents, pageMessages: messages };
}

export default function UserPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { counts, reviews, galleries, organizer, now } = loaderData;
  // A deleted account's stored marker, in the reader's words.
  const profile = { ...loaderData.profile, name: shownName(t, loaderData.profile.name) };
  const isEmpty =
    reviews.length === 0 && galleries.length === 0 && organizer === null && loaderData.badges.length === 0;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-8">
      <div className="flex flex-col gap-4">
        <ProfileHeader profile={profile} />
        <div className="flex flex-wrap items-center gap-4">
          {/* A deleted account publishes nothing more: there is nothing to follow. */}
          {organizer && !deletedNameKey(loaderData.profile.name) && (
            <FollowButton organizerId={profile.id} organizerName={profile.name} state={loaderData.follow} />
          )}
          <ProfileFigures counts={counts} organizes={organizer !== null} />
        </div>
      </div>
      <EarnedBadges badges={loaderData.badges} />
      {organizer && (
        <SavedEvents value={loaderData.savedEvents}>
          <section aria-labelledby="organizer-events" className="flex flex-col gap-6">
            <h2 id="organizer-events" className="text-2xl font-bold">
              {t("userProfile.organizerTitle")}
            </h2>
            <OrganizerStanding reputation={organizer.reputation} rating={organizer.rating} />
            <section aria-labelledby="upcoming-events">
              <h3 id="upcoming-events" className="mb-4 text-xl font-bold">
                {t("profile.upcoming")}
              </h3>
              <EventList
                events={organizer.upcoming}
                now={now}
                showLanguageFilter
                showSort
                emptyMessage={t("profile.noUpcoming")}
              />
            </section>
            {organizer.past.length > 0 && (
              <section aria-labelledby="past-events">
                <h3 id="past-events" className="mb-4 text-xl font-bold">
                  {t("profile.past")}
                </h3>
                <EventList events={organizer.past} now={now} />
              </section>
            )}
          </section>
        </SavedEvents>
      )}
      {reviews.length > 0 && <ProfileReviews reviews={reviews} />}
      {galleries.length > 0 && <ProfileGalleries galleries={galleries} />}
      {isEmpty && (
        <section className="flex flex-col items-start gap-4 rounded-lg border border-dashed border-border p-6">
          <p>{t("userProfile.empty", { name: isolateUserText(profile.name) })}</p>
          <Link to="/community" className={buttonClasses("primary", "md")}>
            {t("userProfile.emptyAction")}
          </Link>
        </section>
      )}
    </div>
  );
}
