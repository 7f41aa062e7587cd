import { useTranslation } from "#app/i18n/use-translation";
import { data } from "react-router";
import { EventList } from "#app/components/event-list";
import { ProfileHeader } from "#app/components/profile-header";
import { metaTranslator } from "#app/i18n/meta";
import { pageMeta } from "#app/seo";
import { currentTime } from "#server/clock";
import { getOrganizerPage } from "#server/services/profiles";
import { organizerRatingSummary } from "#server/services/reviews";
import { formatCount } from "#app/i18n/format";
import type { Language } from "#domain/language";
import { negotiateLanguage } from "#app/i18n/preferences";
import { pageMessages } from "#app/i18n/page-messages.server";
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

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const now = currentTime();
  const page = await getOrganizerPage(context.db, params.id, now);
  if (!page) throw data(null, { status: 404 });
  return {
    now,
    ...page,
    rating: await organizerRatingSummary(context.db, page.profile.id),
    pageMessages: await pageMessages(negotiateLanguage(request), ["reviews"]),
  };
}

export default function OrganizerPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { profile, reputation, upcoming, past, now, rating } = loaderData;
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
      {rating.average !== null && (
        <p className="text-sm">
          {t("reviews.organizerAverage", {
            average: rating.average.toLocaleString(i18n.language),
            n: formatCount(rating.count, i18n.language as Language),
          })}
        </p>
      )}
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
