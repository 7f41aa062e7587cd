import { useTranslation } from "#app/i18n/use-translation";
import { data } from "react-router";
import { EventList } from "#app/components/event-list";
import { ProfileHeader } from "#app/components/profile-header";
import { metaTranslator } from "#app/i18n/meta";
import { pageMeta } from "#app/seo";
import { currentTime } from "#server/clock";
import { getOrganizerPage } from "#server/services/profiles";
import { FollowButton } from "#app/components/follows/follow-button";
import { followStateFor, savesFollowsMessages } from "./saves-follows.server";
import type { Route } from "./+types/organizer";

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const t = metaTranslator(matches);
  const { profile } = loaderData;
  return pageMeta(matches, {
    title: `${profile.name} | ${t("app.name")}`,
    description: profile.bio ?? profile.name,
    path: `/organizers/${profile.id}`,
    image: profile.profileImage ? { url: profile.profileImage, alt: profile.name } : null,
    type: "profile",
  });
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const now = currentTime();
  const page = await getOrganizerPage(context.db, params.id, now);
  if (!page) throw data(null, { status: 404 });
  return {
    now,
    ...page,
    follow: await followStateFor(context, page.profile.id),
    pageMessages: await savesFollowsMessages(request),
  };
}

export default function OrganizerPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { profile, reputation, upcoming, past, now } = loaderData;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-10 px-4 py-8">
      <ProfileHeader
        profile={profile}
        badge={
          reputation?.level
            ? `${t(`event.reputation.${reputation.level}`)} · ${t("profile.reputationScore", { score: reputation.score })}`
            : undefined
        }
      />
      <FollowButton organizerId={profile.id} organizerName={profile.name} state={loaderData.follow} />
      <section aria-labelledby="upcoming-events">
        <h2 id="upcoming-events" className="mb-4 text-2xl font-bold">
          {t("profile.upcoming")}
        </h2>
        <EventList events={upcoming} now={now} showLanguageFilter showSort emptyMessage={t("profile.noUpcoming")} />
      </section>
      {past.length > 0 && (
        <section aria-labelledby="past-events">
          <h2 id="past-events" className="mb-4 text-2xl font-bold">
            {t("profile.past")}
          </h2>
          <EventList events={past} now={now} />
        </section>
      )}
    </div>
  );
}
