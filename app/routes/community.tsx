import { Link } from "react-router";
import {
  ActiveOrganizers,
  CommunityEvents,
  CommunitySection,
  NewBadges,
  RecentPhotos,
  RecentReviews,
  TopContributors,
} from "#app/components/community/community-sections";
import { InfoHeader } from "#app/components/info/info-page";
import { pageLanguage, webPageJsonLd } from "#app/components/info/json-ld";
import { buttonClasses } from "#app/components/ui/button";
import { TEXT_LINK } from "#app/components/ui/text-link";
import { metaTranslator } from "#app/i18n/meta";
import { pageMessages } from "#app/i18n/page-messages.server";
import { negotiateLanguage } from "#app/i18n/preferences";
import { useTranslation } from "#app/i18n/use-translation";
import { pageMeta, siteOrigin } from "#app/seo";
import { currentTime } from "#server/clock";
import { getCommunityPage, isQuietCommunity } from "#server/services/community";
import { SavedEvents } from "#app/components/saves-follows/save-button";
import { savedEventsOf } from "./saves-follows.server";
import type { Route } from "./+types/community";

/**
 * Read on every render: the response cache keeps an anonymous page a few seconds (decision 005), as
 * for /about, so the page never shows what the database no longer holds for long.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const now = currentTime();
  const [community, savedEvents, messages] = await Promise.all([
    getCommunityPage(context.db, now),
    savedEventsOf(context),
    pageMessages(negotiateLanguage(request), ["community", "userProfile", "badges", "savesFollows"]),
  ]);
  // Decided here: the server module stays out of the browser's bundle.
  return {
    now,
    community,
    quiet: isQuietCommunity(community),
    savedEvents,
    pageMessages: messages,
  };
}

export function meta({ data: loaderData, matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  const title = `${t("community.metaTitle")} | ${t("app.name")}`;
  const description = t("community.metaDescription");
  const origin = siteOrigin(matches);
  const facts = { origin, path: "/community", title, description, language: pageLanguage(matches) };
  const events = loaderData?.community.events ?? [];
  return [
    ...pageMeta(matches, { title, description, path: "/community" }),
    {
      "script:ld+json": webPageJsonLd("CollectionPage", facts, {
        mainEntity: {
          "@type": "ItemList",
          itemListElement: events.map((event, index) => ({
            "@type": "ListItem",
            position: index + 1,
            url: `${origin}/events/${event.id}`,
            name: event.title,
          })),
        },
      }),
    },
  ];
}

/** How to take part: the guidelines first, then the ways in. The promoters' page joins with /promoters. */
const TAKE_PART = [
  { to: "/community-guidelines", key: "guidelines" },
  { to: "/signup", key: "signUp" },
  { to: "/dashboard", key: "dashboard" },
  { to: "/create", key: "create" },
] as const;

/**
 * /community: what members are doing, from real data (server/services/community.ts): recent reviews and
 * photos, the month's top contributors, new badges, active organizers and upcoming Community events.
 */
export default function CommunityPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { community, now, quiet } = loaderData;
  return (
    <div className="flex flex-col">
      <InfoHeader
        id="community-title"
        eyebrow={t("community.eyebrow")}
        title={t("community.title")}
        intro={t("community.intro")}
      >
        <div className="flex flex-wrap gap-3">
          <Link to="/events?category=community" className={buttonClasses("primary")}>
            {t("community.browseCta")}
          </Link>
          <Link to="#take-part" className={buttonClasses("outline")}>
            {t("community.takePartCta")}
          </Link>
        </div>
      </InfoHeader>

      <div className="mx-auto flex w-full max-w-6xl flex-col gap-12 px-4 py-10">
        {quiet && (
          <section className="flex flex-col items-start gap-4 rounded-lg border border-dashed border-border p-6">
            <p className="text-lg">{t("community.empty")}</p>
            <Link to="/events" className={buttonClasses("primary")}>
              {t("community.emptyAction")}
            </Link>
          </section>
        )}
        {community.reviews.length > 0 && (
          <CommunitySection id="recent-reviews" title={t("community.reviewsTitle")}>
            <RecentReviews reviews={community.reviews} />
          </CommunitySection>
        )}
        {community.photos.length > 0 && (
          <CommunitySection id="recent-photos" title={t("community.photosTitle")}>
            <RecentPhotos photos={community.photos} />
          </CommunitySection>
        )}
        {(community.contributors.length > 0 || community.badges.length > 0) && (
          <div className="grid gap-12 lg:grid-cols-2">
            {community.contributors.length > 0 && (
              <CommunitySection
                id="top-contributors"
                title={t("community.contributorsTitle")}
                intro={t("community.contributorsRule")}
              >
                <TopContributors contributors={community.contributors} />
              </CommunitySection>
            )}
            {community.badges.length > 0 && (
              <CommunitySection id="new-badges" title={t("community.badgesTitle")}>
                <NewBadges badges={community.badges} />
              </CommunitySection>
            )}
          </div>
        )}
        {community.organizers.length > 0 && (
          <CommunitySection
            id="active-organizers"
            title={t("community.organizersTitle")}
            intro={t("community.organizersRule")}
          >
            <ActiveOrganizers organizers={community.organizers} />
          </CommunitySection>
        )}
        {community.events.length > 0 && (
          <CommunitySection id="community-events" title={t("community.eventsTitle")}>
            <SavedEvents value={loaderData.savedEvents}>
              <CommunityEvents events={community.events} now={now} />
            </SavedEvents>
          </CommunitySection>
        )}
        <section id="take-part" aria-labelledby="take-part-title" className="rounded-2xl bg-muted/50 p-6 md:p-8">
          <h2 id="take-part-title" className="mb-2 text-2xl font-bold">
            {t("community.takePartTitle")}
          </h2>
          <p className="mb-4 max-w-3xl text-muted-foreground">{t("community.takePartIntro")}</p>
          <ul className="grid gap-3 md:grid-cols-2">
            {TAKE_PART.map((item) => (
              <li key={item.to} className="flex flex-col gap-1">
                <Link to={item.to} className={TEXT_LINK}>
                  {t(`community.takePart.${item.key}.link`)}
                </Link>
                <span className="text-sm text-muted-foreground">{t(`community.takePart.${item.key}.body`)}</span>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
